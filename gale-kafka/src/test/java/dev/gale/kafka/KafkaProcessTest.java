package dev.gale.kafka;

import static dev.gale.kafka.KafkaPipelineProcess.MAX_POLL_RECORDS;
import static dev.gale.kafka.KafkaPipelineProcess.MAX_SPOUT_PENDING;
import static dev.gale.kafka.KafkaPipelineProcess.MAX_UNCOMMITTED_OFFSETS;
import static dev.gale.kafka.KafkaPipelineProcess.SESSION_TIMEOUT_MS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Gale in real child JVMs ({@link KafkaPipelineProcess}) reading and writing the real broker in
 * this JVM: a process killed with SIGKILL mid-stream loses nothing and repeats only what it had
 * not committed; processes of one group share the partitions, and the survivor of a kill takes
 * them all.
 */
class KafkaProcessTest {
    private static final int KEYS = 100;
    /**
     * How long a step may take before the test fails: child JVMs start in seconds on a quiet
     * machine, but have taken a minute with other builds running on the same two cores.
     */
    private static final Duration PATIENCE = Duration.ofSeconds(180);
    private final List<GaleProcess> processes = new ArrayList<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopEverything() {
        background.shutdownNow();
        for (GaleProcess p : processes) {
            p.close();
        }
    }

    @Test
    void aProcessKilledMidStreamThenRestartedLosesNothingAndRepeatsOnlyUncommittedRecords() throws Exception {
        long started = System.nanoTime();
        EmbeddedKafkaBroker broker = SharedBroker.get();
        String in = "procs-crash-in";
        String out = "procs-crash-out";
        String group = "procs-crash";
        int partitions = 4;
        int records = 8_000;
        int half = records / 2;
        broker.createTopic(in, partitions);
        broker.createTopic(out, partitions);

        GaleProcess first = start("crash-first", broker, in, out, group, 1);
        await("the first process holds all " + partitions + " partitions", PATIENCE,
                () -> first.partitions().size() == partitions);
        long firstReadyMs = millisSince(started);
        // A steady stream: the first half while the first process runs, the second once it is dead.
        CountDownLatch killed = new CountDownLatch(1);
        Future<?> producing = background.submit(() -> {
            KafkaTestSupport.produce(broker, in, 0, half, KEYS, 100, TimeUnit.MILLISECONDS.toNanos(25));
            killed.await();
            KafkaTestSupport.produce(broker, in, half, records - half, KEYS);
            return null;
        });
        await("the first process wrote a quarter of the records", PATIENCE,
                () -> total(broker.endOffsets(out)) >= records / 4);

        Map<TopicPartition, Long> inputBeforeKill = broker.endOffsets(in);
        int exit = first.kill();
        killed.countDown();
        // Dead, it commits no more: what the restart resumes from is at least this.
        Map<TopicPartition, Long> committedAtKill = broker.committedOffsets(group);
        long outputAtKill = total(broker.endOffsets(out));
        long uncommittedAtKill = 0;
        for (Map.Entry<TopicPartition, Long> e : inputBeforeKill.entrySet()) {
            uncommittedAtKill += Math.max(0, e.getValue() - committedAtKill.getOrDefault(e.getKey(), 0L));
        }
        assertThat(exit).as("exit status of the killed process (137: SIGKILL)" + logs())
                .isEqualTo(GaleProcess.KILLED_BY_SIGKILL);
        assertThat(first.printed(KafkaPipelineProcess.SHUTDOWN_HOOK_RAN)).as("shutdown hook ran" + logs()).isFalse();
        assertThat(outputAtKill).as("records written before the kill").isBetween(1L, (long) records - 1);
        assertThat(uncommittedAtKill).as("input records not committed at the kill: killed mid-stream").isPositive();

        long restartedAt = System.nanoTime();
        GaleProcess restarted = start("crash-restarted", broker, in, out, group, 1);
        producing.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        Map<TopicPartition, Long> end = broker.endOffsets(in);
        await("the restarted process committed every record", PATIENCE,
                () -> broker.committedOffsets(group).equals(end));
        long restartToDoneMs = millisSince(restartedAt);
        long restartToAssignedMs = restarted.assignmentHistory().get(0).atMillis() - epochMillis(restartedAt);

        Map<String, ConsumerRecord<String, String>> source = new HashMap<>();
        for (ConsumerRecord<String, String> r : KafkaTestSupport.readAll(broker, in)) {
            source.put(r.value(), r);
        }
        assertThat(source).hasSize(records);
        Map<String, Integer> written = count(KafkaTestSupport.readAll(broker, out));
        assertThat(missing(source.keySet(), written)).as("input records missing on the output topic" + logs())
                .isEmpty();
        assertThat(missing(written.keySet(), source)).as("output records that were never input").isEmpty();

        int duplicates = 0;
        Map<Integer, Integer> duplicatesPerPartition = new TreeMap<>();
        for (Map.Entry<String, Integer> e : written.entrySet()) {
            if (e.getValue() > 1) {
                ConsumerRecord<String, String> r = source.get(e.getKey());
                TopicPartition tp = new TopicPartition(in, r.partition());
                assertThat(r.offset())
                        .as("record %s (%s offset %d) written %d times, yet committed before the kill (%s)",
                                e.getKey(), tp, r.offset(), e.getValue(), committedAtKill)
                        .isGreaterThanOrEqualTo(committedAtKill.getOrDefault(tp, 0L));
                duplicates += e.getValue() - 1;
                duplicatesPerPartition.merge(r.partition(), e.getValue() - 1, Integer::sum);
            }
        }
        // A partition is polled only below maxUncommittedOffsets uncommitted, and one poll adds at most
        // max.poll.records: at most that many records of it were read and not committed when it died.
        int perPartitionBound = MAX_UNCOMMITTED_OFFSETS + MAX_POLL_RECORDS - 1;
        assertThat(duplicatesPerPartition.values()).as("duplicates per partition %s", duplicatesPerPartition)
                .allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(perPartitionBound));
        assertThat(duplicates).isLessThanOrEqualTo(partitions * perPartitionBound)
                .isLessThanOrEqualTo(partitions * MAX_UNCOMMITTED_OFFSETS + MAX_SPOUT_PENDING);
        // Every committed record was written, so "written - committed" were written above the last commit:
        // the records a restart repeats (give or take writes still on the wire when the process died).
        System.out.printf("[crash] at the kill: input %d of %d, committed %d, written %d (%d above the last commit);"
                        + " duplicates %d %s (bound %d); first process ready after %d ms; restarted process"
                        + " assigned after %d ms, done after %d ms; test took %d ms%n", total(inputBeforeKill), records,
                total(committedAtKill), outputAtKill, outputAtKill - total(committedAtKill), duplicates,
                duplicatesPerPartition, partitions * perPartitionBound, firstReadyMs, restartToAssignedMs,
                restartToDoneMs, millisSince(started));
    }

    @Test
    void processesShareThePartitionsAndTheSurvivorOfAKillTakesThemAllUntilTheRestart() throws Exception {
        long started = System.nanoTime();
        EmbeddedKafkaBroker broker = SharedBroker.get();
        String in = "procs-scale-in";
        String out = "procs-scale-out";
        String group = "procs-scale";
        int partitions = 8;
        int batch = 2_000;
        broker.createTopic(in, partitions);
        broker.createTopic(out, partitions);

        GaleProcess a = start("scale-a", broker, in, out, group, 2);
        GaleProcess b = start("scale-b", broker, in, out, group, 2);
        await("both processes hold partitions, each of the " + partitions + " held once", PATIENCE,
                () -> sharedOnce(partitions, a, b));
        Set<Integer> heldByA = a.partitions();
        Set<Integer> heldByB = b.partitions();
        long sharedMs = millisSince(started);

        KafkaTestSupport.produce(broker, in, 0, batch, KEYS);
        await("the processes wrote some records", PATIENCE,
                () -> total(broker.endOffsets(out)) >= batch / 4);
        long killedAt = System.currentTimeMillis();
        assertThat(b.kill()).as("exit status of the killed process (137: SIGKILL)" + logs())
                .isEqualTo(GaleProcess.KILLED_BY_SIGKILL);
        KafkaTestSupport.produce(broker, in, batch, batch, KEYS);
        // The coordinator drops the dead member once its session timed out; the rebalance itself is quick.
        await("the survivor holds all " + partitions + " partitions", Duration.ofMillis(SESSION_TIMEOUT_MS + 30_000),
                () -> sharedOnce(partitions, a));
        long takeoverMs = firstHoldingAll(a, partitions, killedAt) - killedAt;
        Map<TopicPartition, Long> end = broker.endOffsets(in);
        await("the survivor committed every record", PATIENCE,
                () -> broker.committedOffsets(group).equals(end));

        long restartedAt = System.nanoTime();
        GaleProcess restarted = start("scale-b-restarted", broker, in, out, group, 2);
        await("the survivor and the restarted process share the partitions again", PATIENCE,
                () -> sharedOnce(partitions, a, restarted));
        long sharedAgainMs = millisSince(restartedAt);
        Set<Integer> heldByAAfterRestart = a.partitions();
        Set<Integer> heldByRestarted = restarted.partitions();
        KafkaTestSupport.produce(broker, in, 2 * batch, batch, KEYS);
        Map<TopicPartition, Long> finalEnd = broker.endOffsets(in);
        await("every record committed", PATIENCE,
                () -> broker.committedOffsets(group).equals(finalEnd));

        Map<String, Integer> written = count(KafkaTestSupport.readAll(broker, out));
        Set<String> produced = new TreeSet<>();
        for (int i = 0; i < 3 * batch; i++) {
            produced.add(Integer.toString(i));
        }
        assertThat(missing(produced, written)).as("input records missing on the output topic" + logs()).isEmpty();
        assertThat(written).as("nothing but input records on the output topic").hasSize(3 * batch);
        int duplicates = written.values().stream().mapToInt(n -> n - 1).sum();
        System.out.printf("[scale-out] a held %s, b held %s (%d ms after the start); survivor held all %d partitions"
                        + " %d ms after the kill (session timeout %d ms); %d ms after the restart a held %s, restarted"
                        + " b %s; duplicates %d; test took %d ms%n", heldByA, heldByB, sharedMs, partitions, takeoverMs,
                SESSION_TIMEOUT_MS, sharedAgainMs, heldByAAfterRestart, heldByRestarted, duplicates,
                millisSince(started));
    }

    private GaleProcess start(String name, EmbeddedKafkaBroker broker, String in, String out, String group,
            int spoutTasks) throws Exception {
        GaleProcess p = GaleProcess.start(name, broker.bootstrapServers(), in, out, group, spoutTasks);
        processes.add(p);
        return p;
    }

    /** True if every process holds some partitions and together they hold each of them exactly once. */
    private static boolean sharedOnce(int partitions, GaleProcess... members) {
        Set<Integer> union = new TreeSet<>();
        int claimed = 0;
        for (GaleProcess p : members) {
            Set<Integer> held = p.partitions();
            if (held.isEmpty()) {
                return false;
            }
            union.addAll(held);
            claimed += p.claimedPartitions();
        }
        return union.size() == partitions && claimed == partitions;
    }

    /** When (epoch ms, as the process printed it) the process first held every partition after {@code after}. */
    private static long firstHoldingAll(GaleProcess p, int partitions, long after) {
        Map<Integer, Set<Integer>> latest = new HashMap<>();
        for (GaleProcess.Assignment a : p.assignmentHistory()) {
            latest.put(a.task(), a.partitions());
            Set<Integer> union = new TreeSet<>();
            latest.values().forEach(union::addAll);
            if (a.atMillis() >= after && union.size() == partitions) {
                return a.atMillis();
            }
        }
        throw new AssertionError("never held all partitions after " + after + p.logs());
    }

    /** The values of {@code expected} that are not keys of {@code actual}, at most 20 of them. */
    private static List<String> missing(Set<String> expected, Map<String, ?> actual) {
        return expected.stream().filter(v -> !actual.containsKey(v)).limit(20).toList();
    }

    private static Map<String, Integer> count(List<ConsumerRecord<String, String>> records) {
        Map<String, Integer> counts = new HashMap<>();
        records.forEach(r -> counts.merge(r.value(), 1, Integer::sum));
        return counts;
    }

    private static long millisSince(long nanoTime) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoTime);
    }

    /** {@code nanoTime} as wall-clock epoch milliseconds, to compare with what a child printed. */
    private static long epochMillis(long nanoTime) {
        return System.currentTimeMillis() - millisSince(nanoTime);
    }

    private static long total(Map<TopicPartition, Long> offsets) {
        return offsets.values().stream().mapToLong(Long::longValue).sum();
    }

    private void await(String what, Duration atMost, Callable<Boolean> condition) {
        try {
            Awaitility.await(what).atMost(atMost).pollInterval(Duration.ofMillis(100)).until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(e.getMessage() + logs(), e);
        }
    }

    private String logs() {
        StringBuilder sb = new StringBuilder();
        processes.forEach(p -> sb.append(p.logs()));
        return sb.toString();
    }
}
