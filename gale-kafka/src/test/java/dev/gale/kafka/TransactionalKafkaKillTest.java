package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.state.kill.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * Exactly-once from topic to topic across kill -9: input topic -> KafkaSpout with its offsets in
 * the checkpoints -> a bolt that fails and throws on random tuples -> a stateful count in RocksDB
 * -> {@link dev.gale.kafka.bolt.TransactionalKafkaBolt}, in a child JVM killed with SIGKILL
 * mid-stream several times and restarted on the same state directory. Read with
 * {@code read_committed}, the output topic then holds exactly one record per input record, and
 * each key's counts are 1, 2, ... with none missing or repeated.
 */
class TransactionalKafkaKillTest {
    private static final int RECORDS = 12_000;
    private static final int KEYS = 10;
    /** How each run ends: killed from outside, or halting itself in one of the sink's crash windows. */
    private static final List<String> RUNS = List.of("kill", TransactionalPipelineProcess.BEFORE_KAFKA_COMMIT,
            TransactionalPipelineProcess.AFTER_KAFKA_COMMIT, "kill", "finish");
    private static final Pattern PREPARE = Pattern.compile(TransactionalPipelineProcess.PREPARE
            + " task=(\\d+) total=(\\d+)");

    @Test
    void theCommittedOutputHoldsEachInputOnceAcrossKillsAndFailures() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        String input = "eo-in-" + UUID.randomUUID();
        String output = "eo-out-" + UUID.randomUUID();
        broker.createTopic(input, 4);
        broker.createTopic(output, 2);
        KafkaTestSupport.produce(broker, input, 0, RECORDS, KEYS);
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, "eo-sink-state-");
        boolean rewritten = false;
        for (int run = 0; run < RUNS.size(); run++) {
            String end = RUNS.get(run);
            String crash = end.equals("kill") || end.equals("finish") ? "none" : end;
            try (ChildProcess p = ChildProcess.start("eo-sink-" + run, TransactionalPipelineProcess.class,
                    broker.bootstrapServers(), input, output, dir.toString(), crash)) {
                if (end.equals("kill")) {
                    long target1 = (long) RECORDS * (run + 1) / (RUNS.size() + 1);
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(20))
                            .failFast(() -> !p.isAlive())
                            .until(() -> total(p.lines()) >= target1);
                } else if (!end.equals("finish")) {
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(50)).until(() -> !p.isAlive());
                    assertThat(p.lines()).as("run %d crashed itself %s", run, end)
                            .anyMatch(l -> l.startsWith(TransactionalPipelineProcess.CRASHING + " " + end));
                } else {
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(500))
                            .failFast(() -> !p.isAlive())
                            .until(() -> KafkaTestSupport.readCommitted(broker, output).size() >= RECORDS);
                    // Two more checkpoints of every count task: a duplicate still on its way would be committed by then.
                    Map<Integer, Integer> seen = prepares(p.lines());
                    await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                            .failFast(() -> !p.isAlive())
                            .until(() -> {
                                Map<Integer, Integer> now = prepares(p.lines());
                                return seen.keySet().stream().allMatch(t -> now.get(t) >= seen.get(t) + 2);
                            });
                }
                // A crash before Kafka's commit leaves a committed checkpoint whose batch the next run writes again.
                rewritten |= p.errorLines().stream().anyMatch(l -> l.contains("wrote again"));
                p.kill();
            }
        }
        assertThat(rewritten).as("a run wrote again a batch the checkpoints committed and Kafka did not").isTrue();
        List<ConsumerRecord<String, String>> out = KafkaTestSupport.readCommitted(broker, output);
        TreeSet<Integer> ids = new TreeSet<>();
        Map<String, List<Long>> countsByKey = new HashMap<>();
        for (ConsumerRecord<String, String> r : out) {
            assertThat(ids.add(Integer.parseInt(r.key()))).as("input %s written once", r.key()).isTrue();
            String[] keyAndCount = r.value().split(" ");
            countsByKey.computeIfAbsent(keyAndCount[0], k -> new ArrayList<>()).add(Long.parseLong(keyAndCount[1]));
        }
        assertThat(out).hasSize(RECORDS);
        assertThat(ids.first()).isZero();
        assertThat(ids.last()).isEqualTo(RECORDS - 1);
        assertThat(countsByKey).hasSize(KEYS);
        for (Map.Entry<String, List<Long>> e : countsByKey.entrySet()) {
            List<Long> counts = new ArrayList<>(e.getValue());
            counts.sort(null);
            List<Long> expected = new ArrayList<>();
            for (long c = 1; c <= RECORDS / KEYS; c++) {
                expected.add(c);
            }
            assertThat(counts).as("the counts written for %s", e.getKey()).isEqualTo(expected);
        }
    }

    /** The sum over count tasks of the last total each printed. */
    private static long total(List<String> lines) {
        Map<Integer, Long> last = new HashMap<>();
        for (String l : lines) {
            Matcher m = PREPARE.matcher(l);
            if (m.matches()) {
                last.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
            }
        }
        return last.values().stream().mapToLong(Long::longValue).sum();
    }

    /** How many prepares each count task printed. */
    private static Map<Integer, Integer> prepares(List<String> lines) {
        Map<Integer, Integer> out = new HashMap<>();
        for (String l : lines) {
            Matcher m = PREPARE.matcher(l);
            if (m.matches()) {
                out.merge(Integer.parseInt(m.group(1)), 1, Integer::sum);
            }
        }
        return out;
    }
}
