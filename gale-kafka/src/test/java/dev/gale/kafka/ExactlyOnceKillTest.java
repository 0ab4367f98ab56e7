package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.rocksdb.state.RocksDbKeyValueStateProvider;
import dev.gale.state.KeyValueState;
import dev.gale.state.StateNamespaces;
import dev.gale.state.kill.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Exactly-once state with Kafka across kill -9: a child JVM counts the records of a topic per key
 * in RocksDB state, with the spout's offsets in the same checkpoints; it is killed with SIGKILL
 * mid-stream three times and restarted on the same directory; once it has read everything, the
 * committed counts equal the input's exactly. Without the mode (offsets committed to Kafka after
 * the acks, Storm's at-least-once), the counts never fall short and the test prints by how much
 * they exceed the input.
 */
class ExactlyOnceKillTest {
    private static final int RECORDS = 20_000;
    private static final int KEYS = 10;
    private static final int KILLS = 3;
    private static final Pattern PREPARE = Pattern.compile(CountingKafkaProcess.PREPARE + " task=(\\d+) total=(\\d+)");

    @Test
    void withOffsetsInCheckpointsTheCountsAreExactAcrossKills() throws Exception {
        Map<String, Long> counts = run("eo", true);
        for (int k = 0; k < KEYS; k++) {
            assertThat(counts.get("key-" + k)).as("key-" + k).isEqualTo((long) RECORDS / KEYS);
        }
        assertThat(counts.get(CountingKafkaProcess.TOTAL)).isEqualTo(RECORDS);
    }

    @Test
    void withoutItTheCountsAreAtLeastTheInput() throws Exception {
        Map<String, Long> counts = run("alo", false);
        long total = counts.get(CountingKafkaProcess.TOTAL);
        for (int k = 0; k < KEYS; k++) {
            assertThat(counts.get("key-" + k)).as("key-" + k).isGreaterThanOrEqualTo((long) RECORDS / KEYS);
        }
        System.out.printf("at-least-once across %d kills: %d counted for %d records (%.2f%% over)%n", KILLS, total,
                RECORDS, 100.0 * (total - RECORDS) / RECORDS);
    }

    /** Runs the child through the kills and to the end of the input; returns the committed counts. */
    private static Map<String, Long> run(String name, boolean exactlyOnce) throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        String topic = name + "-" + UUID.randomUUID();
        broker.createTopic(topic, 4);
        KafkaTestSupport.produce(broker, topic, 0, RECORDS, KEYS);
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, name + "-state-");
        String group = "group-" + topic;
        TreeSet<Integer> tasks = new TreeSet<>();
        for (int run = 0; run <= KILLS; run++) {
            try (ChildProcess p = ChildProcess.start(name + "-" + run, CountingKafkaProcess.class,
                    broker.bootstrapServers(), topic, group, dir.toString(), Boolean.toString(exactlyOnce), "2")) {
                if (run < KILLS) {
                    long target1 = (long) RECORDS * (run + 1) / (KILLS + 2);
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(20)).failFast(() -> !p.isAlive())
                            .until(() -> total(p.lines()) >= target1);
                } else if (exactlyOnce) {
                    // Everything counted (never more, if the mode works), and then two more checkpoints
                    // of every task: the second prepare comes only once the first is committed everywhere.
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(50)).failFast(() -> !p.isAlive())
                            .until(() -> total(p.lines()) >= RECORDS);
                    Map<Integer, Integer> seen = prepares(p.lines());
                    await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).failFast(() -> !p.isAlive())
                            .until(() -> {
                                Map<Integer, Integer> now = prepares(p.lines());
                                return seen.keySet().stream().allMatch(t -> now.get(t) >= seen.get(t) + 2);
                            });
                } else {
                    // Counts may run past the input (replays), so a total says nothing about what is left:
                    // wait for the group's offsets to reach the end. The spout commits a record only once
                    // it is acked, and the bolt acks only once the state that counts it is committed.
                    Map<TopicPartition, Long> end = broker.endOffsets(topic);
                    await().atMost(Duration.ofSeconds(180)).pollInterval(Duration.ofMillis(50)).failFast(() -> !p.isAlive())
                            .until(() -> broker.committedOffsets(group).equals(end));
                }
                tasks.addAll(latest(p.lines()).keySet());
                p.kill();
            }
        }
        Map<String, Long> counts = new TreeMap<>();
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("path", dir.toString()));
        assertThat(tasks).as("count tasks seen").hasSize(2);
        for (int index = 0; index < tasks.size(); index++) {
            @SuppressWarnings("unchecked")
            KeyValueState<String, Long> s = (KeyValueState<String, Long>) new RocksDbKeyValueStateProvider()
                    .newState(StateNamespaces.of("counting", "count", index), conf, null);
            s.rollback(); // only what is committed
            s.forEach(e -> counts.merge(e.getKey(), e.getValue(), Long::sum));
        }
        return counts;
    }

    /** The last total printed by each count task. */
    private static Map<Integer, Long> latest(List<String> lines) {
        Map<Integer, Long> out = new HashMap<>();
        for (String l : lines) {
            Matcher m = PREPARE.matcher(l);
            if (m.matches()) {
                out.put(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)));
            }
        }
        return out;
    }

    private static long total(List<String> lines) {
        return latest(lines).values().stream().mapToLong(Long::longValue).sum();
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
