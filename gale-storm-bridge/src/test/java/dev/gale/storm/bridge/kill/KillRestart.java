package dev.gale.storm.bridge.kill;

import static org.awaitility.Awaitility.await;

import dev.gale.state.kill.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs a kill test's child topology twice on one ledger: the first run is killed with SIGKILL once
 * a third of the ids are acked, the second runs until every id is acked. The child's main takes
 * {@code dir total args...} and runs a topology whose source is {@code new LedgerSpout(dir, total)}
 * until it is killed. Not thread-safe: one test drives it.
 */
public final class KillRestart {
    private static final Duration FIRST_RUN = Duration.ofSeconds(60);
    private static final Duration SECOND_RUN = Duration.ofSeconds(90);

    private KillRestart() {
    }

    /** Kills the first run mid-stream, lets the second finish; returns the acked ids. */
    public static Set<Long> run(Class<?> childMain, Path dir, int total, String... args) throws Exception {
        List<String> childArgs = new ArrayList<>(List.of(dir.toString(), Integer.toString(total)));
        childArgs.addAll(List.of(args));
        String[] argv = childArgs.toArray(String[]::new);
        try (ChildProcess first = ChildProcess.start(childMain.getSimpleName() + "-1", childMain, argv)) {
            awaitAcked(first, dir, total / 3, FIRST_RUN);
            first.kill();
        }
        int ackedAtKill = Ledger.acked(dir).size();
        if (ackedAtKill >= total) {
            throw new AssertionError("the first run acked all " + total + " ids before it was killed: nothing was mid-stream");
        }
        try (ChildProcess second = ChildProcess.start(childMain.getSimpleName() + "-2", childMain, argv)) {
            awaitAcked(second, dir, total, SECOND_RUN);
            second.kill();
        }
        return Ledger.acked(dir);
    }

    private static void awaitAcked(ChildProcess child, Path dir, int atLeast, Duration deadline) {
        await("ids acked in " + dir).atMost(deadline).pollInterval(Duration.ofMillis(50)).until(() -> {
            if (!child.isAlive()) {
                throw new AssertionError("the child died: " + child.logs());
            }
            return Ledger.acked(dir).size() >= atLeast;
        });
    }
}
