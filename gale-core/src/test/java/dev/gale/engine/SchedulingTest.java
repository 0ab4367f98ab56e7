package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** How executors are scheduled: the step scheduler's exactness and seeds, and shared threads with blocking code. */
class SchedulingTest {

    @Test
    void onTheStepSchedulerNothingRunsBetweenStepsAndIdlenessIsExact() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("fwd", new Bolts.Forward("word"), 2).shuffleGrouping("spout");
        b.setBolt("sink", sink).shuffleGrouping("fwd");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("stepped", new Config(), b.createTopology());
            assertThat(Internals.running(cluster, "stepped").isStepped()).isTrue();
            for (int i = 0; i < 100; i++) {
                spout.feed(new Values("w" + i), i);
            }
            assertThat(sink.record.seen()).as("no step, no work").isEmpty();
            cluster.waitForIdle();
            // Exact: no second look, no grace period; every tree is complete when it returns.
            assertThat(sink.record.seen()).hasSize(100);
            assertThat(spout.getAcked()).hasSize(100);
            assertThat(Internals.running(cluster, "stepped").pendingTrees()).isZero();
        }
    }

    /** The order in which the sink sees tuples that raced through two executors, on a seed. */
    private static List<Object> arrivalOrder(long seed) {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("fwd", new Bolts.Forward("word"), 4).fieldsGrouping("spout", new Fields("word"));
        b.setBolt("sink", sink).globalGrouping("fwd");
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_STEP_SEED, seed);
        conf.put(Config.GALE_SCHEDULER_INLINE, false); // queued hand-offs: the interleaving under test
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("seeded", conf, b.createTopology());
            for (int i = 0; i < 200; i++) {
                spout.feed(new Values("w" + i), i);
                if (i % 7 == 0) {
                    cluster.waitForIdle();
                }
            }
            cluster.waitForIdle();
            return sink.record.seen().stream().map(s -> s.values().get(0)).toList();
        }
    }

    @Test
    void aSeedReplaysTheSameInterleavingAndDifferentSeedsExploreOthers() {
        List<Object> fixed = arrivalOrder(0);
        assertThat(arrivalOrder(0)).as("the fixed order is reproducible").isEqualTo(fixed).hasSize(200);
        List<Object> seeded = arrivalOrder(42);
        assertThat(arrivalOrder(42)).as("a seed replays its interleaving").isEqualTo(seeded);
        boolean anyDifferent = false;
        for (long seed = 1; seed <= 5 && !anyDifferent; seed++) {
            anyDifferent = !arrivalOrder(seed).equals(fixed);
        }
        assertThat(anyDifferent).as("some seed interleaves differently from the fixed order").isTrue();
    }

    /** Emits one tuple per call, then sleeps 100 ms of the topology's time (Storm's TestWordSpout does this). */
    static final class SleepySpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger EMITTED = new AtomicInteger();
        private SpoutOutputCollector collector;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values(EMITTED.incrementAndGet()));
            Utils.sleep(100);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    @Test
    void aSimulatedSleepInAStepppedSpoutIsPacedByTheClockAndDoesNotBlockTheTest() {
        SleepySpout.EMITTED.set(0);
        SimulatedClock clock = new SimulatedClock();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sleepy", new SleepySpout());
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("sleepy");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("sleepy", new Config(), b.createTopology());
            cluster.waitForIdle();
            assertThat(SleepySpout.EMITTED.get()).as("one call, then asleep until 100 ms").isEqualTo(1);
            for (int i = 0; i < 10; i++) {
                clock.advance(Duration.ofMillis(100));
            }
            assertThat(SleepySpout.EMITTED.get()).as("one more per 100 ms of simulated time").isEqualTo(11);
        }
    }

    /** A spout whose nextTuple blocks for seconds of real time and emits nothing. */
    static final class BlockingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
            try {
                Thread.sleep(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    @Test
    void onSharedThreadsABlockingSpoutIsIsolatedAndDoesNotStallTheOthers() {
        FeederSpout feeder = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("blocking", new BlockingSpout());
        b.setSpout("feeder", feeder);
        b.setBolt("sink", sink).shuffleGrouping("feeder");
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 1); // everything on one thread, until the watchdog steps in
        try (LocalCluster cluster = new LocalCluster.Builder().withKillGracePeriod(Duration.ofMillis(100)).build()) {
            cluster.submitTopology("shared", conf, b.createTopology());
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 20; i++) {
                    feeder.feed(new Values("w" + i), round * 20 + i);
                }
                int expected = (round + 1) * 20;
                // Well under the spout's 5 s sleep: only a thread of its own lets the others go on.
                await().atMost(Duration.ofSeconds(3)).until(() -> feeder.getAcked().size() == expected);
            }
            assertThat(sink.record.seen()).hasSize(100);
        }
    }

    @Test
    void aComponentCanAskForAThreadOfItsOwnFromTheStart() {
        FeederSpout feeder = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("blocking", new BlockingSpout()).addConfiguration(Config.GALE_EXECUTOR_OWN_THREAD, true);
        b.setSpout("feeder", feeder);
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("feeder");
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 1);
        conf.put(Config.GALE_SCHEDULER_BLOCKED_MS, 0); // no watchdog: the hint alone must do
        try (LocalCluster cluster = new LocalCluster.Builder().withKillGracePeriod(Duration.ofMillis(100)).build()) {
            cluster.submitTopology("hinted", conf, b.createTopology());
            for (int i = 0; i < 50; i++) {
                feeder.feed(new Values("w" + i), i);
            }
            await().atMost(Duration.ofSeconds(3)).until(() -> feeder.getAcked().size() == 50);
            assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                    .contains("gale-hinted-blocking-2", "gale-hinted-worker-0");
        }
    }
}
