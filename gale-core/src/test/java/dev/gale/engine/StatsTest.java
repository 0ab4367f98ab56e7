package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyStats;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The counters of getTopologyStats match what a deterministic run did. */
class StatsTest {

    private static ComponentStats component(TopologyStats stats, String id) {
        return stats.component(id).orElseThrow(() -> new AssertionError("no stats for component " + id));
    }

    private static void assertCounts(ComponentStats c, long emitted, long transferred, long executed, long acked,
                                     long failed) {
        assertThat(c.emitted()).as("%s emitted", c.componentId()).isEqualTo(emitted);
        assertThat(c.transferred()).as("%s transferred", c.componentId()).isEqualTo(transferred);
        assertThat(c.executed()).as("%s executed", c.componentId()).isEqualTo(executed);
        assertThat(c.acked()).as("%s acked", c.componentId()).isEqualTo(acked);
        assertThat(c.failed()).as("%s failed", c.componentId()).isEqualTo(failed);
    }

    @Test
    void countersMatchADeterministicRun() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Forward forward = new Bolts.Forward("word");
        // Every sink task fails "bad" and acks the rest.
        Bolts.Fn sink = new Bolts.Fn((in, c, ctx) -> {
            if (in.getString(0).equals("bad")) {
                c.fail(in);
            }
        });
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", forward, 2).shuffleGrouping("spout");
        b.setBolt("sink", sink, 3).allGrouping("forward");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("stats", new Config(), b.createTopology());
            for (int i = 0; i < 9; i++) {
                spout.feed(new Values("w" + i), i);
            }
            spout.feed(new Values("bad"), 9);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(9);
            assertThat(spout.getFailed()).containsExactly(9);

            TopologyStats stats = cluster.getTopologyStats("stats");
            assertThat(stats.topologyName()).isEqualTo("stats");
            assertThat(stats.components()).extracting(ComponentStats::componentId)
                    .containsExactlyInAnyOrder("spout", "forward", "sink", Constants.ACKER_COMPONENT_ID);

            ComponentStats s = component(stats, "spout");
            assertThat(s.kind()).isEqualTo(ComponentKind.SPOUT);
            assertCounts(s, 10, 10, 0, 9, 1);
            assertThat(s.tasks()).singleElement().satisfies(t -> {
                assertThat(t.completeLatency()).isNotNull();
                assertThat(t.completeLatency().count()).isEqualTo(9);
            });
            assertThat(stats.completeLatency().count()).isEqualTo(9);

            // One emit per input, each to the three sink tasks.
            ComponentStats f = component(stats, "forward");
            assertThat(f.kind()).isEqualTo(ComponentKind.BOLT);
            assertCounts(f, 10, 30, 10, 10, 0);
            assertThat(f.tasks()).extracting(TaskStats::taskId)
                    .containsExactlyElementsOf(forward.record.componentTasks());
            assertThat(f.tasks()).allSatisfy(t -> {
                assertThat(t.completeLatency()).isNull();
                assertThat(t.executed()).isEqualTo(forward.record.countFor(t.taskId()));
                assertThat(t.transferred()).isEqualTo(3 * t.emitted());
            });

            ComponentStats k = component(stats, "sink");
            assertCounts(k, 0, 0, 30, 27, 3);
            assertThat(k.tasks()).extracting(TaskStats::taskId).containsExactlyElementsOf(sink.record.componentTasks());
            assertThat(k.tasks()).allSatisfy(t -> {
                assertThat(t.executed()).isEqualTo(10);
                assertThat(t.acked()).isEqualTo(9);
                assertThat(t.failed()).isEqualTo(1);
            });

            // Acker traffic: 10 acks from forward, 27 acks and 3 fails from the sink (a spout sends no init).
            // The three fails are of one tree; the acker forgets a tree once it has failed it, and,
            // with the spout task in the root, it reports each later fail too (the spout ignores them).
            ComponentStats a = component(stats, Constants.ACKER_COMPONENT_ID);
            assertThat(a.kind()).isEqualTo(ComponentKind.ACKER);
            assertThat(a.tasks()).hasSize(1);
            assertCounts(a, 0, 0, 40, 9, 3);
            assertThat(a.lastErrors()).isEmpty();
        }
    }

    @Test
    void withoutAckersThereIsNoAckerAndSpoutTuplesAreAckedAtOnce() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 2).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setNumAckers(0);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("stats", conf, b.createTopology());
            for (int i = 0; i < 8; i++) {
                spout.feed(new Values("w" + i), i);
            }
            cluster.waitForIdle();
            TopologyStats stats = cluster.getTopologyStats("stats");
            assertThat(stats.component(Constants.ACKER_COMPONENT_ID)).isEmpty();
            assertCounts(component(stats, "spout"), 8, 8, 0, 8, 0);
            assertCounts(component(stats, "sink"), 0, 0, 8, 8, 0);
            assertThat(spout.getAcked()).hasSize(8);
            assertThat(sink.record.seen()).hasSize(8);
        }
    }

    /** Holds its inputs and acks them all on each tick. */
    static final class AckOnTick extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient List<Tuple> held;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.held = new ArrayList<>();
        }

        @Override
        public void execute(Tuple input) {
            if (TupleUtils.isTick(input)) {
                held.forEach(collector::ack);
                held.clear();
            } else {
                held.add(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 10);
        }
    }

    /** Holds its tuples until one says "release", then acks them in order, the release last; notes the last hold. */
    static final class HoldUntilRelease extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static final Map<String, long[]> HELD = new ConcurrentHashMap<>(); // id -> {count, nanoTime of the last}
        private final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;
        private transient List<Tuple> held;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.held = new ArrayList<>();
        }

        @Override
        public void execute(Tuple input) {
            if (!input.getString(0).equals("release")) {
                held.add(input);
                HELD.put(id, new long[] {held.size(), System.nanoTime()});
                return;
            }
            held.forEach(collector::ack);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /**
     * On the system clock a spout times one tree in eight, by root, and shares its other clock
     * reads between trees; what it records must lie between what the test saw: at least as long
     * as the bolt held the tuples, at most the whole time from the first emit to the last ack. Of
     * nine trees in a row, exactly one of the eight held is timed, and the release may be too.
     */
    @Test
    void completeLatencyOnTheSystemClockLiesBetweenWhatTheTestMeasured() throws InterruptedException {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        HoldUntilRelease holder = new HoldUntilRelease();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("holder", holder).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("stats", new Config(), b.createTopology());
            long beforeEmit = System.nanoTime();
            for (int i = 1; i <= 8; i++) {
                spout.feed(new Values("held"), i);
            }
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> HoldUntilRelease.HELD.getOrDefault(holder.id, new long[1])[0] == 8);
            Thread.sleep(50); // only makes the hold long next to the clock's grain; the bounds are measured
            long releasedAfter = System.nanoTime();
            spout.feed(new Values("release"), 9);
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.getAcked().size() == 9);
            long afterAck = System.nanoTime();

            long heldMs = (releasedAfter - HoldUntilRelease.HELD.get(holder.id)[1]) / 1_000_000;
            long wholeMs = (afterAck - beforeEmit) / 1_000_000 + 1;
            TaskStats spoutTask = component(cluster.getTopologyStats("stats"), "spout").tasks().get(0);
            assertThat(spoutTask.acked()).isEqualTo(9);
            assertThat(spoutTask.completeLatency().count()).as("one tree in eight is timed").isBetween(1L, 2L);
            assertThat(spoutTask.completeLatency().maxMs()).isBetween((double) heldMs, (double) wholeMs);
        }
    }

    /**
     * Blocks in nextTuple before it emits, as a spout waiting for its source does, but only once
     * its last tree is acked (so acks never wait behind a block); emits eight tuples.
     */
    static final class BlockingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        static final long BLOCK_MS = 200;
        private transient SpoutOutputCollector collector;
        private transient int emitted;
        private transient int outstanding;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (emitted == 8 || outstanding > 0) {
                return;
            }
            try {
                Thread.sleep(BLOCK_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            collector.emit(new Values("w" + emitted), emitted++);
            outstanding++;
        }

        @Override
        public void ack(Object msgId) {
            outstanding--;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /**
     * A tree's latency starts at its emit, not before the nextTuple call that emitted it: a spout
     * that blocks for its source before each emit must not be charged for the wait. Eight trees in
     * a row hold exactly one timed tree.
     */
    @Test
    void aSpoutIsNotChargedForBlockingBeforeItsEmit() {
        Bolts.Fn acker = new Bolts.Fn((in, c, ctx) -> { });
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new BlockingSpout());
        b.setBolt("sink", acker).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("stats", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> component(cluster.getTopologyStats("stats"), "spout").acked() == 8);
            TaskStats spoutTask = component(cluster.getTopologyStats("stats"), "spout").tasks().get(0);
            assertThat(spoutTask.completeLatency().count()).isEqualTo(1);
            assertThat(spoutTask.completeLatency().maxMs()).isLessThan(BlockingSpout.BLOCK_MS / 2.0);
        }
    }

    @Test
    void completeLatencyIsMeasuredOnTheTopologyClock() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("holder", new AckOnTick()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("stats", new Config(), b.createTopology());
            for (int i = 0; i < 5; i++) {
                spout.feed(new Values("w" + i), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).isEmpty();
            clock.advance(Duration.ofSeconds(10));
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(5);

            TopologyStats stats = cluster.getTopologyStats("stats");
            TaskStats spoutTask = component(stats, "spout").tasks().get(0);
            assertThat(spoutTask.completeLatency().count()).isEqualTo(5);
            assertThat(spoutTask.completeLatency().meanMs()).isCloseTo(10_000, within(20.0));
            assertThat(spoutTask.completeLatency().maxMs()).isCloseTo(10_000, within(20.0));
            assertThat(stats.completeLatency().meanMs()).isCloseTo(10_000, within(20.0));
            // The holder executed 5 tuples and one tick.
            assertCounts(component(stats, "holder"), 0, 0, 6, 5, 0);
        }
    }

    @Test
    void tasksPerComponentFollowParallelismNumTasksAndMaxTaskParallelism() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")), 2);
        b.setBolt("hinted", new Bolts.Sink(), 4).shuffleGrouping("spout");
        b.setBolt("numTasks", new Bolts.Sink(), 2).setNumTasks(6).shuffleGrouping("spout");
        // The component's own cap wins over the topology's, and caps explicit task counts too.
        b.setBolt("ownCap", new Bolts.Sink(), 4).setNumTasks(8).setMaxTaskParallelism(2).shuffleGrouping("spout");
        b.setBolt("ownCapLoose", new Bolts.Sink(Map.of(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 10)), 5)
                .shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("uncapped", new Config(), b.createTopology());
            TopologyStats stats = cluster.getTopologyStats("uncapped");
            assertThat(component(stats, "spout").tasks()).hasSize(2);
            assertThat(component(stats, "hinted").tasks()).hasSize(4);
            assertThat(component(stats, "numTasks").tasks()).hasSize(6);
            assertThat(component(stats, "ownCap").tasks()).hasSize(2);
            assertThat(component(stats, "ownCapLoose").tasks()).hasSize(5);

            Config capped = new Config();
            capped.setMaxTaskParallelism(3);
            cluster.submitTopology("capped", capped, b.createTopology());
            stats = cluster.getTopologyStats("capped");
            assertThat(component(stats, "spout").tasks()).hasSize(2);
            assertThat(component(stats, "hinted").tasks()).hasSize(3);
            assertThat(component(stats, "numTasks").tasks()).hasSize(3);
            assertThat(component(stats, "ownCap").tasks()).hasSize(2);
            assertThat(component(stats, "ownCapLoose").tasks()).hasSize(5);
        }
    }

    @Test
    void queueDepthCountsEachExecutorQueueOnceHoweverManyTasksShareIt() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Gated blocked = new Bolts.Gated();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("blocked", blocked, 1).setNumTasks(2).shuffleGrouping("spout");
        // Threads: the bolt blocks in execute until the test opens its gate.
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .build()) {
            cluster.submitTopology("queue", new Config(), b.createTopology());
            for (int i = 0; i < 10; i++) {
                spout.feed(new Values("w" + i), i);
            }
            // One tuple is stuck in execute, so at most the other nine can wait in the queue.
            await().atMost(Duration.ofSeconds(30)).until(() -> blocked.entered() == 1
                    && component(cluster.getTopologyStats("queue"), "blocked").queueDepth() >= 9);
            ComponentStats c = component(cluster.getTopologyStats("queue"), "blocked");
            assertThat(blocked.entered()).isEqualTo(1);
            assertThat(c.queueDepth()).as("two tasks, one executor, one queue of nine").isEqualTo(9);
            assertThat(c.tasks()).hasSize(2).allSatisfy(t -> assertThat(t.queueDepth()).isEqualTo(9));

            blocked.open();
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(10);
            assertThat(component(cluster.getTopologyStats("queue"), "blocked").queueDepth()).isZero();
        }
    }

    /** Each execute advances the simulated clock: that is the time the tuple took. */
    static final class ClockAdvancingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, SimulatedClock> CLOCKS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private final long millisPerTuple;
        private transient OutputCollector collector;

        ClockAdvancingBolt(SimulatedClock clock, long millisPerTuple) {
            CLOCKS.put(id, clock);
            this.millisPerTuple = millisPerTuple;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            CLOCKS.get(id).advanceMillis(millisPerTuple);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void executeLatencyIsMeasuredOnTheTopologyClock() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("slow", new ClockAdvancingBolt(clock, 3)).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("latency", new Config(), b.createTopology());
            // On simulated time every call is timed.
            for (int i = 0; i < 16; i++) {
                spout.feed(new Values("w" + i), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(16);
            TopologyStats stats = cluster.getTopologyStats("latency");
            assertThat(component(stats, "slow").executed()).isEqualTo(16);
            assertThat(component(stats, "slow").executeLatencyMs()).isEqualTo(3.0);
            // Exactly: the machine's own clock would have added the real time each call took.
            assertThat(component(stats, "slow").tasks().get(0).executeLatencyMs()).isEqualTo(3.0);
        }
    }
}
