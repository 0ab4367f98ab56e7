package dev.gale.state.kill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Runs {@link CountingProcess} in child JVMs, killing each with SIGKILL after a few checkpoints
 * and restarting on the same store, and checks after each restart that the state is the last
 * committed checkpoint: every earlier run's counts unchanged, and the killed run's count one of
 * the last two it prepared (the last one if its commit was done) with the sum of exactly that
 * prefix of the sequence. Shared by the durable state providers' kill tests (gale-core's test jar).
 */
public final class KillHarness {
    private KillHarness() {
    }

    public static void run(String name, String provider, String providerConfig, int kills) throws Exception {
        Random random = new Random(name.hashCode());
        Map<String, Long> expectedEarlier = new HashMap<>();
        List<Long> preparedByLastRun = List.of();
        for (int run = 0; run <= kills; run++) {
            try (ChildProcess p = ChildProcess.start(name + "-" + run, CountingProcess.class, provider, providerConfig,
                    Integer.toString(run))) {
                int checkpoints = 2 + random.nextInt(4);
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(20))
                        .failFast(() -> !p.isAlive())
                        .until(() -> prepares(p.lines()).size() >= checkpoints);
                Map<String, Long> init = init(p.lines());
                assertThat(init).as("state at start of run " + run + p.logs()).isNotNull();
                for (Map.Entry<String, Long> e : expectedEarlier.entrySet()) {
                    assertThat(init.get(e.getKey())).as(e.getKey() + " after restart " + run + p.logs()).isEqualTo(e.getValue());
                }
                if (run > 0) {
                    int last = run - 1;
                    long count = init.getOrDefault("count-" + last, 0L);
                    long sum = init.getOrDefault("sum-" + last, 0L);
                    assertThat(sum).as("the killed run's sum is of exactly the prefix counted" + p.logs())
                            .isEqualTo(count * (count - 1) / 2);
                    List<Long> candidates = preparedByLastRun.subList(Math.max(0, preparedByLastRun.size() - 2),
                            preparedByLastRun.size());
                    assertThat(candidates).as("the killed run's count is its last committed checkpoint" + p.logs())
                            .contains(count);
                    expectedEarlier.put("count-" + last, count);
                    expectedEarlier.put("sum-" + last, sum);
                }
                assertThat(init.keySet()).allMatch(expectedEarlier::containsKey);
                preparedByLastRun = prepares(p.lines());
                p.kill();
                // What was printed up to the kill counts: a prepare printed just before it may be lost.
                preparedByLastRun = prepares(p.lines());
            }
        }
    }

    /** The counts of the "PREPARE txid count" lines, in order. */
    static List<Long> prepares(List<String> lines) {
        List<Long> out = new ArrayList<>();
        for (String l : lines) {
            // A line cut short by the kill does not count.
            if (l.matches(CountingProcess.PREPARE + "\\d+ \\d+")) {
                out.add(Long.parseLong(l.split(" ")[2]));
            }
        }
        return out;
    }

    /** The state printed by "INIT {k=v, ...}", or null if not printed yet. */
    static Map<String, Long> init(List<String> lines) {
        for (String l : lines) {
            if (l.startsWith(CountingProcess.INIT) && l.endsWith("}")) {
                Map<String, Long> m = new HashMap<>();
                String body = l.substring(CountingProcess.INIT.length() + 1, l.length() - 1);
                if (!body.isBlank()) {
                    for (String kv : body.split(", ")) {
                        String[] p = kv.split("=");
                        m.put(p[0], Long.parseLong(p[1]));
                    }
                }
                return m;
            }
        }
        return null;
    }
}
