package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.spout.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.AckFailDelegate;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Guaranteed processing end to end, on a simulated clock (the XOR acker, timeouts, max pending). */
class AckingTest {
    private SimulatedClock clock;
    private LocalCluster cluster;

    @BeforeEach
    void start() {
        clock = new SimulatedClock();
        cluster = new LocalCluster.Builder().withClock(clock).build();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    private static List<Object> ids(int n) {
        return IntStream.range(0, n).boxed().map(i -> (Object) i).toList();
    }

    private static void feed(FeederSpout spout, int n) {
        for (int i = 0; i < n; i++) {
            spout.feed(new Values("v" + i), i);
        }
    }

    @Test
    void aDiamondCompletesOnlyWhenBothBranchesAreAcked() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        Bolts.Sink join = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("left", new Bolts.Forward("v"), 2).shuffleGrouping("spout");
        b.setBolt("right", new Bolts.Forward("v"), 2).shuffleGrouping("spout");
        b.setBolt("join", join, 2).shuffleGrouping("left").shuffleGrouping("right");
        cluster.submitTopology("diamond", new Config(), b.createTopology());
        feed(spout, 500);
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(500));
        assertThat(join.record.seen()).hasSize(1000);
        assertThat(spout.getFailed()).isEmpty();
    }

    @Test
    void aDiamondWithAHoldingBranchIsNotCompleteUntilThatBranchAcks() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        HoldingBolt holder = new HoldingBolt(false, 1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("left", new Bolts.Forward("v")).shuffleGrouping("spout");
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("left");
        b.setBolt("hold", holder).shuffleGrouping("spout");
        cluster.submitTopology("held-diamond", new Config(), b.createTopology());
        feed(spout, 20);
        cluster.waitForIdle();
        assertThat(spout.getAcked()).isEmpty();
        holder.release();
        clock.advance(Duration.ofSeconds(1));
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(20));
    }

    /** Pairs up consecutive inputs and emits one tuple anchored to both. */
    static class PairingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient Tuple first;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (first == null) {
                first = input;
                return;
            }
            collector.emit(List.of(first, input), new Values(first.getString(0) + "+" + input.getString(0)));
            collector.ack(first);
            collector.ack(input);
            first = null;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("pair"));
        }
    }

    @Test
    void aTupleAnchoredToTwoInputsKeepsBothTreesOpenUntilItIsAcked() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        HoldingBolt holder = new HoldingBolt(false, 1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("pair", new PairingBolt()).shuffleGrouping("spout");
        b.setBolt("hold", holder).shuffleGrouping("pair");
        cluster.submitTopology("multi-anchor", new Config(), b.createTopology());
        feed(spout, 10);
        cluster.waitForIdle();
        assertThat(spout.getAcked()).as("both parts wait for the joined tuple").isEmpty();
        holder.release();
        clock.advance(Duration.ofSeconds(1));
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(10));
    }

    @Test
    void anAnchoredTupleInTwoTreesFromManyAnchorsWithSharedRootsCompletes() {
        // Fan out each spout tuple to 3 tasks of "fan", then pair tuples: pairs often share a root.
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("fan", new Bolts.Forward("v"), 3).allGrouping("spout");
        b.setBolt("pair", new PairingBolt()).globalGrouping("fan");
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("pair");
        cluster.submitTopology("shared-roots", new Config(), b.createTopology());
        feed(spout, 100); // 300 tuples reach "pair": an even number, so every one is paired
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(100));
    }

    @Test
    void aBoltThatEmitsNothingCompletesTheTree() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("spout");
        cluster.submitTopology("sink-only", new Config(), b.createTopology());
        feed(spout, 50);
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(50));
    }

    /** Fails the inputs whose value ends in 0 (or the given suffix), acks the rest. */
    static class FailingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String failSuffix;
        private transient OutputCollector collector;

        FailingBolt() {
            this("0");
        }

        FailingBolt(String failSuffix) {
            this.failSuffix = failSuffix;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (input.getString(0).endsWith(failSuffix)) {
                collector.fail(input);
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aFailDownstreamFailsTheSpoutTupleAtOnce() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", new Bolts.Forward("v")).shuffleGrouping("spout");
        b.setBolt("judge", new FailingBolt(), 2).shuffleGrouping("forward");
        cluster.submitTopology("failing", new Config(), b.createTopology());
        feed(spout, 100);
        cluster.waitForIdle();
        List<Object> failed = ids(100).stream().filter(i -> (int) i % 10 == 0).toList();
        assertThat(spout.getFailed()).containsExactlyInAnyOrderElementsOf(failed);
        assertThat(spout.getAcked()).hasSize(90).doesNotContainAnyElementsOf(failed);
    }

    /** Keeps the collector of its first execute and emits every later tuple through it. */
    static final class KeepsItsCollector extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient BasicOutputCollector kept;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (kept == null) {
                kept = collector;
            }
            kept.emit(new Values(input.getString(0)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("v"));
        }
    }

    @Test
    void aBasicBoltsKeptCollectorAnchorsToTheInputBeingExecutedAsInStorm() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("keeps", new KeepsItsCollector()).shuffleGrouping("spout");
        b.setBolt("judge", new FailingBolt("1")).shuffleGrouping("keeps");
        cluster.submitTopology("kept-collector", new Config(), b.createTopology());
        feed(spout, 3);
        cluster.waitForIdle();
        // Storm reuses one collector and sets its input before every execute: the emit for v1 is
        // anchored to v1, so failing it fails v1's tree and no other.
        assertThat(spout.getFailed()).containsExactly(1);
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(0, 2);
    }

    /** Records the simulated time of each fail. */
    static final class FailTimes implements AckFailDelegate {
        private static final long serialVersionUID = 1L;
        private static final Map<Object, Long> TIMES = new ConcurrentHashMap<>();
        private static final Map<String, SimulatedClock> CLOCKS = new ConcurrentHashMap<>();
        // Task copies are deserialized: the clock is found by key, not carried along.
        private final String clockKey = UUID.randomUUID().toString();

        FailTimes(SimulatedClock clock) {
            CLOCKS.put(clockKey, clock);
        }

        @Override
        public void ack(Object id) {
        }

        @Override
        public void fail(Object id) {
            TIMES.put(id, CLOCKS.get(clockKey).millis());
        }
    }

    @Test
    void aTreeNeverAckedIsFailedWithinTheTimeoutBoundForSeveralBucketCounts() {
        for (int buckets : new int[] {2, 3, 5, 10}) {
            for (long phaseMs : new long[] {0, 1_300, 2_499, 2_500, 7_700}) {
                checkTimeoutBound(buckets, phaseMs);
            }
        }
    }

    private void checkTimeoutBound(int buckets, long phaseMs) {
        // The SimulatedClock is shared with FailTimes only through the static registry of times.
        SimulatedClock c = new SimulatedClock();
        try (LocalCluster lc = new LocalCluster.Builder().withClock(c).build()) {
            FeederSpout spout = new FeederSpout(new Fields("v"));
            spout.setAckFailDelegate(new FailTimes(c));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("spout", spout);
            b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("spout");
            Config conf = new Config();
            conf.setMessageTimeoutSecs(10);
            conf.put(Config.GALE_PENDING_BUCKETS, buckets);
            lc.submitTopology("timeout", conf, b.createTopology());
            c.advanceMillis(phaseMs);
            String id = "msg-" + buckets + "-" + phaseMs;
            spout.feed(new Values("x"), id);
            lc.waitForIdle();
            long emittedAt = c.millis();
            long bound = 10_000 + 10_000 / (buckets - 1);
            // Jump close to the lower bound, then step: the fail is seen at the end of the step in
            // which its rotation fell, so the observed time may exceed the true one by one step.
            long step = 10;
            c.advanceMillis(9_900);
            while (spout.getFailed().isEmpty() && c.millis() - emittedAt <= bound + 1_000) {
                c.advanceMillis(step);
            }
            assertThat(spout.getFailed()).as("buckets %d, phase %d", buckets, phaseMs).containsExactly(id);
            long after = FailTimes.TIMES.get(id) - emittedAt;
            assertThat(after).as("buckets %d, phase %d ms: failed %d ms after emit", buckets, phaseMs, after)
                    .isBetween(10_000L, bound + step);
        }
    }

    @Test
    void theDefaultBucketCountBoundsTimeoutsTighterThanStorm() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        spout.setAckFailDelegate(new FailTimes(clock));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("spout");
        cluster.submitTopology("default-timeout", new Config(), b.createTopology());
        clock.advanceMillis(3_333);
        spout.feed(new Values("x"), "default");
        cluster.waitForIdle();
        long emittedAt = clock.millis();
        clock.advanceMillis(29_900);
        while (spout.getFailed().isEmpty() && clock.millis() - emittedAt < 60_000) {
            clock.advanceMillis(10);
        }
        long after = FailTimes.TIMES.get("default") - emittedAt;
        assertThat(after).as("T = 30 s, n = 5: within [T, 1.25 T] (+ one 10 ms step)").isBetween(30_000L, 37_510L);
    }

    @Test
    void resetTimeoutKeepsASlowTupleAlivePastTheTimeout() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        HoldingBolt holder = new HoldingBolt(true, 2);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", holder).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        cluster.submitTopology("reset", conf, b.createTopology());
        feed(spout, 5);
        cluster.waitForIdle();
        for (int s = 0; s < 60; s++) {
            clock.advance(Duration.ofSeconds(1));
            cluster.waitForIdle();
        }
        assertThat(spout.getFailed()).as("renewed every 2 s, never timed out in 60 s").isEmpty();
        holder.release();
        clock.advance(Duration.ofSeconds(2));
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(5));
    }

    @Test
    void withoutResetTheSameSlowTupleTimesOut() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", new HoldingBolt(false, 2)).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        cluster.submitTopology("no-reset", conf, b.createTopology());
        feed(spout, 5);
        cluster.waitForIdle();
        clock.advance(Duration.ofSeconds(13));
        cluster.waitForIdle();
        assertThat(spout.getFailed()).containsExactlyInAnyOrderElementsOf(ids(5));
    }

    /** What a {@link MaxPendingSpout}'s task saw, from its own thread. */
    static final class PendingCounters {
        final AtomicInteger emitted = new AtomicInteger();
        final AtomicInteger acked = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();
        final AtomicInteger maxPendingSeen = new AtomicInteger();
        final AtomicInteger nextTupleWhileAtMax = new AtomicInteger();

        int pending() {
            return emitted.get() - acked.get() - failed.get();
        }
    }

    /**
     * Emits message ids 0 .. total-1, one per nextTuple, and keeps its own count of pending
     * trees (emitted, not yet acked or failed): the highest it reached, and how often nextTuple
     * was called with {@code maxPending} trees pending.
     */
    static final class MaxPendingSpout extends BaseRichSpout implements PendingInput {
        private static final long serialVersionUID = 1L;
        private static final Map<String, PendingCounters> COUNTERS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private final int total;
        private final int maxPending;
        private transient SpoutOutputCollector collector;

        MaxPendingSpout(int total, int maxPending) {
            this.total = total;
            this.maxPending = maxPending;
            COUNTERS.put(id, new PendingCounters());
        }

        PendingCounters counters() {
            return COUNTERS.get(id);
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            PendingCounters c = counters();
            if (c.pending() >= maxPending) {
                c.nextTupleWhileAtMax.incrementAndGet();
            }
            int n = c.emitted.get();
            if (n < total) {
                collector.emit(new Values("v" + n), n);
                c.emitted.incrementAndGet();
                c.maxPendingSeen.accumulateAndGet(c.pending(), Math::max);
            }
        }

        @Override
        public boolean hasPendingInput() {
            return counters().emitted.get() < total;
        }

        @Override
        public void ack(Object msgId) {
            counters().acked.incrementAndGet();
        }

        @Override
        public void fail(Object msgId) {
            counters().failed.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("v"));
        }
    }

    /** Holds its inputs; on each tick (every second) acks as many of them as the test allowed so far. */
    static final class ReleasingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, AtomicInteger> ALLOWANCE = new ConcurrentHashMap<>();
        private static final Map<String, AtomicInteger> HELD = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;
        private transient ArrayDeque<Tuple> held;

        ReleasingBolt() {
            ALLOWANCE.put(id, new AtomicInteger());
            HELD.put(id, new AtomicInteger());
        }

        /** The next tick acks up to {@code n} more held tuples, oldest first. */
        void allow(int n) {
            ALLOWANCE.get(id).addAndGet(n);
        }

        int held() {
            return HELD.get(id).get();
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.held = new ArrayDeque<>();
        }

        @Override
        public void execute(Tuple input) {
            if (!TupleUtils.isTick(input)) {
                held.add(input);
            } else {
                while (!held.isEmpty() && ALLOWANCE.get(id).get() > 0) {
                    ALLOWANCE.get(id).decrementAndGet();
                    collector.ack(held.poll());
                }
            }
            HELD.get(id).set(held.size());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        }
    }

    @Test
    void maxSpoutPendingStopsNextTupleUntilTreesComplete() {
        int max = 7;
        int total = 30;
        MaxPendingSpout spout = new MaxPendingSpout(total, max);
        ReleasingBolt bolt = new ReleasingBolt();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout).setMaxSpoutPending(max);
        b.setBolt("hold", bolt).shuffleGrouping("spout");
        cluster.submitTopology("max-pending", new Config(), b.createTopology());
        PendingCounters c = spout.counters();

        // The spout has input left, so the topology is idle only once the spout is throttled.
        cluster.waitForIdle();
        assertThat(c.emitted.get()).isEqualTo(max);
        assertThat(c.pending()).isEqualTo(max);
        assertThat(bolt.held()).isEqualTo(max);
        assertThat(Internals.running(cluster, "max-pending").pendingTrees()).isEqualTo(max);

        // Each release of k trees lets exactly k more through (until the spout runs out).
        for (int k : new int[] {1, 3, max, 2, 100, 100, 100}) {
            int ackedBefore = c.acked.get();
            int emittedBefore = c.emitted.get();
            bolt.allow(k);
            clock.advance(Duration.ofSeconds(1)); // one tick: the bolt acks up to k
            cluster.waitForIdle();
            int released = Math.min(k, emittedBefore - ackedBefore);
            assertThat(c.acked.get()).as("acked after releasing %d", k).isEqualTo(ackedBefore + released);
            assertThat(c.emitted.get()).as("emitted after releasing %d", k)
                    .isEqualTo(Math.min(total, emittedBefore + released));
            assertThat(c.pending()).isEqualTo(Math.min(max, total - c.acked.get()));
            assertThat(Internals.running(cluster, "max-pending").pendingTrees()).isEqualTo(c.pending());
        }
        assertThat(c.acked.get()).isEqualTo(total);
        assertThat(c.failed.get()).isZero();
        assertThat(c.maxPendingSeen.get()).as("most trees pending at once").isEqualTo(max);
        assertThat(c.nextTupleWhileAtMax.get()).as("nextTuple calls with %d pending", max).isZero();
    }

    @Test
    void withZeroAckersAMessageIdEmitIsAckedAtOnceAndNothingIsTracked() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        HoldingBolt holder = new HoldingBolt(false, 0);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", holder).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setNumAckers(0);
        cluster.submitTopology("no-ackers", conf, b.createTopology());
        feed(spout, 10);
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(10));
        assertThat(cluster.getTopologyStats("no-ackers").component("__acker")).isEmpty();
    }

    @Test
    void anEmitWithoutMessageIdIsNotTracked() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("spout");
        cluster.submitTopology("untracked", new Config(), b.createTopology());
        spout.feed(new Values("x"), null); // feed(values) alone is tracked, as in Storm
        cluster.waitForIdle();
        clock.advance(Duration.ofSeconds(100));
        cluster.waitForIdle();
        assertThat(spout.getAcked()).isEmpty();
        assertThat(spout.getFailed()).isEmpty();
    }

    /** Records the message id of every tuple it gets, as user code sees it, and acks it. */
    static class MessageIdRecorder extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        static final Map<String, List<MessageId>> SEEN = new ConcurrentHashMap<>();
        static final Map<String, List<String>> PRINTED = new ConcurrentHashMap<>();
        private final String key = UUID.randomUUID().toString();

        MessageIdRecorder() {
            SEEN.put(key, new CopyOnWriteArrayList<>());
            PRINTED.put(key, new CopyOnWriteArrayList<>());
        }

        List<MessageId> seen() {
            return SEEN.get(key);
        }

        /** Each tuple's toString, taken before anything asked for its message id. */
        List<String> printed() {
            return PRINTED.get(key);
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            printed().add(input.toString());
            seen().add(input.getMessageId());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void theMessageIdABoltSeesNamesEveryTreeItsTupleBelongsTo() {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        MessageIdRecorder single = new MessageIdRecorder();
        MessageIdRecorder paired = new MessageIdRecorder();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("fwd", new Bolts.Forward("v")).shuffleGrouping("spout");
        b.setBolt("single", single).shuffleGrouping("fwd");
        b.setBolt("pair", new PairingBolt()).shuffleGrouping("spout");
        b.setBolt("paired", paired).shuffleGrouping("pair");
        cluster.submitTopology("message-ids", new Config(), b.createTopology());
        feed(spout, 20);
        cluster.waitForIdle();

        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(20));
        // One tree per tuple down the chain, every tree a different root, every edge id non-zero.
        assertThat(single.seen()).hasSize(20).allSatisfy(id -> {
            assertThat(id.getAnchorsToIds()).hasSize(1);
            assertThat(id.getAnchorsToIds().values()).doesNotContain(0L);
        });
        Set<Long> roots = new HashSet<>();
        single.seen().forEach(id -> roots.addAll(id.getAnchors()));
        assertThat(roots).hasSize(20);
        for (int i = 0; i < 20; i++) {
            assertThat(single.printed().get(i)).as("a tuple's toString names its tree")
                    .contains("id: " + single.seen().get(i));
        }
        // A tuple anchored to two inputs belongs to both trees: the same roots, two by two.
        assertThat(paired.seen()).hasSize(10).allSatisfy(id -> assertThat(id.getAnchors()).hasSize(2));
        Set<Long> pairedRoots = new HashSet<>();
        paired.seen().forEach(id -> pairedRoots.addAll(id.getAnchors()));
        assertThat(pairedRoots).isEqualTo(roots);
    }
}
