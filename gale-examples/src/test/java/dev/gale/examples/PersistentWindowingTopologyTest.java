package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.KillOptions;
import dev.gale.time.SimulatedClock;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * PersistentWindowingTopology through its main on simulated time, against a real redis-server
 * this test starts on 127.0.0.1 and passes to the main as its argument; {@link StreamEmits}
 * records what {@code peaks} emits. The topology is killed and submitted again under the same
 * name: the new task carries on with the window's readings and the state the last checkpoint
 * saved in Redis, rather than from nothing.
 */
class PersistentWindowingTopologyTest {
    private static final String REDIS = "/usr/bin/redis-server";
    private static final String NAME = PersistentWindowingTopology.NAME;

    @Test
    void aTopologySubmittedAgainCarriesOnWithTheWindowAndStateSavedInRedis() throws Exception {
        boolean present = Files.isExecutable(Path.of(REDIS));
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(REDIS + " is missing: .ci/run installs Debian's redis-server package");
        }
        assumeTrue(present, "redis-server is not installed");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target")),
                "redis-");
        Process redis = new ProcessBuilder(REDIS, "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", dir.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.out").toFile()).start();
        try {
            int p = port;
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
                try (Socket ignored = new Socket("127.0.0.1", p)) {
                    return true;
                }
            });
            String[] args = {"127.0.0.1:" + port};
            StreamEmits.clear();
            SimulatedClock clock = new SimulatedClock();
            try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
                    .withDaemonConf(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(StreamEmits.class.getName())).build()) {
                PersistentWindowingTopology.main(args);
                advance(clock, 5_000);
                cluster.waitForIdle();
                // Windows at 2 s and 4 s, committed by the checkpoints at 2 s and 4 s.
                List<List<Object>> before = StreamEmits.values("peaks", "default");
                assertThat(before).extracting(w -> w.get(0)).containsExactly(1, 2);
                assertRecordsAreTheHighestPeaksSoFar(before, 0);
                assertThat(cluster.getTopologyStats(NAME).component("readings").orElseThrow().failed()).isZero();

                KillOptions now = new KillOptions();
                now.set_wait_secs(0);
                cluster.killTopologyWithOpts(NAME, now);
                StreamEmits.clear();
                PersistentWindowingTopology.main(args);
                advance(clock, 4_000); // the new task's first window comes after its state is restored
                cluster.waitForIdle();

                List<StreamEmits.Emit> after = StreamEmits.of("peaks", "default");
                assertThat(after).isNotEmpty();
                List<Object> first = after.get(0).values();
                assertThat((Integer) first.get(0)).as("the window count of the last checkpoint, plus one").isIn(2, 3);
                // More readings than were emitted since the restart: those saved in Redis too.
                long newReadings = StreamEmits.of("readings", "default").stream()
                        .filter(e -> e.order() < after.get(0).order()).count();
                assertThat((Integer) first.get(1)).isGreaterThan((int) newReadings);
                assertThat((Integer) first.get(3)).as("the record").isGreaterThanOrEqualTo((Integer) before.get(1).get(3));
                assertRecordsAreTheHighestPeaksSoFar(after.stream().map(StreamEmits.Emit::values).toList(),
                        (Integer) first.get(3));
            }
        } finally {
            ProcessHandle.of(redis.pid()).ifPresent(ProcessHandle::destroy);
            redis.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void advance(SimulatedClock clock, long millis) {
        for (long t = 0; t < millis; t += 100) {
            clock.advanceMillis(100); // the spout waits 100 ms (simulated) before each reading
        }
    }

    private static void assertRecordsAreTheHighestPeaksSoFar(List<List<Object>> windows, int recordBefore) {
        int highest = recordBefore;
        for (List<Object> w : windows) {
            highest = Math.max(highest, (Integer) w.get(2));
            assertThat(w.get(3)).as("record of %s", w).isEqualTo(highest);
        }
    }
}
