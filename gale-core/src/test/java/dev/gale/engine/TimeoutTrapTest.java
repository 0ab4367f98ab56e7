package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.spout.SpoutOutputCollector;
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
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * The spout's pending limit in whole topologies on the step scheduler and simulated time: a bolt
 * slower than the message timeout allows must not drive acks to zero for good (congestion cuts the
 * limit), and trees lost at random must not shrink it (loss is not congestion).
 */
class TimeoutTrapTest {
    private static final long S = 1_000_000_000L;
    /** The clock of the running test; task copies cannot carry it (they are serialized). */
    private static volatile SimulatedClock clock;
    private static final List<Long> ACK_TIMES = new ArrayList<>();

    /** Emits ids, replaying failed ones first, until the clock reaches {@code stopAt}; records when acks arrive. */
    static final class ReplayingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final long stopAt;
        private transient SpoutOutputCollector collector;
        private transient ArrayDeque<Long> replay;
        private long next;

        ReplayingSpout(long stopAt) {
            this.stopAt = stopAt;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.replay = new ArrayDeque<>();
        }

        @Override
        public void nextTuple() {
            if (clock.nanos() >= stopAt) {
                return;
            }
            Long id = replay.isEmpty() ? next++ : replay.poll();
            collector.emit(new Values(id), id);
        }

        @Override
        public void ack(Object msgId) {
            ACK_TIMES.add(clock.nanos());
        }

        @Override
        public void fail(Object msgId) {
            replay.add((Long) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Takes 5 ms of simulated time per tuple (a sleep, which on the step scheduler holds its queue), then acks. */
    static final class SlowBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            Utils.sleep(5);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /**
     * Acks between 15 s and 25 s of simulated time when a bolt takes 5 ms a tuple (200/s), the
     * message timeout is 2 s and the spout emits for 25 s; the clock moves a millisecond at a time.
     */
    private static long slowBoltAcksFrom15To25s(Config conf) {
        clock = new SimulatedClock();
        ACK_TIMES.clear();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ReplayingSpout(25 * S));
        b.setBolt("slow", new SlowBolt()).shuffleGrouping("spout");
        conf.setMessageTimeoutSecs(2);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("trap", conf, b.createTopology());
            for (int ms = 0; ms < 25_000; ms++) {
                clock.advanceMillis(1);
            }
        }
        return ACK_TIMES.stream().filter(t -> t >= 15 * S && t < 25 * S).count();
    }

    @Test
    void aSlowBoltWithoutMaxSpoutPendingRunsAtLeastAt60PercentOfItsCapacityWithin15s() {
        // The bolt can do 2000 in those 10 s; 60% is 1200.
        assertThat(slowBoltAcksFrom15To25s(new Config())).as("acks from 15 s to 25 s, max pending unset")
                .isGreaterThanOrEqualTo(1200);
    }

    @Test
    void anExplicitMaxSpoutPendingIsAFixedCapEvenWhenItTrapsTheTopology() {
        // 1000 queued tuples are 5 s of work against a 2 s timeout: as in Storm, nearly every tree
        // times out while the bolt works on stale copies. The user set the cap; Gale keeps it.
        Config fixed = new Config();
        fixed.setMaxSpoutPending(1000);
        assertThat(slowBoltAcksFrom15To25s(fixed)).isLessThan(200);
        Config optedIn = new Config();
        optedIn.setMaxSpoutPending(1000);
        optedIn.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, true);
        assertThat(slowBoltAcksFrom15To25s(optedIn)).isGreaterThanOrEqualTo(1200);
    }

    /**
     * Ids 0..n-1 from two spout tasks, each its share at {@value #IDS_PER_SECOND_PER_TASK} new ids
     * per simulated second, as from a source that receives them at that rate, replaying failures
     * first; counts acks per id.
     */
    static final class LossySpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        static final int IDS_PER_SECOND_PER_TASK = 5_000;
        static volatile AtomicIntegerArray acks;
        static volatile SimulatedClock time;
        private int emittedNew;
        private transient SpoutOutputCollector collector;
        private transient ArrayDeque<Integer> replay;
        private int next;
        private int step;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.replay = new ArrayDeque<>();
            this.next = context.getThisTaskIndex();
            this.step = context.getComponentTasks(context.getThisComponentId()).size();
        }

        @Override
        public void nextTuple() {
            if (!replay.isEmpty()) {
                collector.emit(new Values(replay.peek()), replay.poll());
            } else if (next < acks.length()
                    && emittedNew < (time.nanos() + S / 10) / (S / IDS_PER_SECOND_PER_TASK)) {
                collector.emit(new Values(next), next);
                next += step;
                emittedNew++;
            }
        }

        @Override
        public void ack(Object msgId) {
            acks.incrementAndGet((Integer) msgId);
        }

        @Override
        public void fail(Object msgId) {
            replay.add((Integer) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id"));
        }
    }

    /** Fails 2% and drops 3% of its tuples (seeded per task), else emits two anchored children (if it has a next stage) and acks. */
    static final class LossyBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final boolean children;
        private transient OutputCollector collector;
        private transient SplittableRandom random;

        LossyBolt(boolean children) {
            this.children = children;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.random = new SplittableRandom(context.getThisTaskId());
        }

        @Override
        public void execute(Tuple input) {
            int r = random.nextInt(100);
            if (r < 2) {
                collector.fail(input);
            } else if (r >= 5) {
                if (children) {
                    int id = input.getInteger(0);
                    collector.emit(input, new Values(id, 2 * id));
                    collector.emit(input, new Values(id, 2 * id + 1));
                }
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            if (children) {
                declarer.declare(new Fields("id", "child"));
            }
        }
    }

    /**
     * How a lossy run went: simulated seconds until every id was acked, and how many times a
     * spout task's pending limit was seen lower than before while more than a quarter remained.
     */
    record LossyRun(double seconds, int cutsWhileAQuarterRemained) {
    }

    /**
     * Runs {@code ids} through the lossy topology, moving the clock 100 ms at a time once the
     * topology is idle (every tree not lost completed), until each id is acked, and each once.
     */
    private static LossyRun ackAll(int ids, Config conf) {
        SimulatedClock c = new SimulatedClock();
        LossySpout.acks = new AtomicIntegerArray(ids);
        LossySpout.time = c;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new LossySpout(), 2);
        b.setBolt("lossy1", new LossyBolt(true), 2).shuffleGrouping("spout");
        b.setBolt("lossy2", new LossyBolt(false), 2).fieldsGrouping("lossy1", new Fields("child"));
        conf.setMessageTimeoutSecs(3);
        int cuts = 0;
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(c).build()) {
            cluster.submitTopology("lossy", conf, b.createTopology());
            List<SpoutExecutor> spouts = Internals.running(cluster, "lossy").executors().stream()
                    .filter(e -> e instanceof SpoutExecutor).map(e -> (SpoutExecutor) e).toList();
            assertThat(spouts).hasSize(2);
            int[] seen = {0, 0};
            for (int step = 0; step < 20_000; step++) {
                cluster.waitForIdle();
                int unacked = unackedAtMostOnce(LossySpout.acks);
                if (unacked == 0) {
                    return new LossyRun(c.nanos() / 1e9, cuts);
                }
                if (unacked > ids / 4) {
                    for (int i = 0; i < spouts.size(); i++) {
                        int limit = spouts.get(i).pendingLimit(0);
                        if (limit < seen[i]) {
                            cuts++;
                        }
                        seen[i] = limit;
                    }
                }
                c.advance(Duration.ofMillis(100));
            }
        }
        throw new AssertionError("not every id was acked within 2000 simulated seconds");
    }

    /** Ids not acked yet; fails if any was acked twice. */
    private static int unackedAtMostOnce(AtomicIntegerArray acks) {
        int unacked = 0;
        for (int i = 0; i < acks.length(); i++) {
            int n = acks.get(i);
            assertThat(n).as("acks of id %d", i).isLessThanOrEqualTo(1);
            if (n == 0) {
                unacked++;
            }
        }
        return unacked;
    }

    @Test
    void treesLostAtRandomDoNotShrinkTheLimit() {
        // 100,000 ids at 10,000 a second: each spout task holds about 850 lost trees until they
        // time out (5,000/s x 5% lost in the first bolt or either child x 3.4 s), nearly all of a
        // fixed 1000, and the replays come on top.
        LossyRun adaptive = ackAll(100_000, new Config());
        Config off = new Config();
        off.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, false);
        LossyRun fixed = ackAll(100_000, off);
        assertThat(adaptive.cutsWhileAQuarterRemained()).as("timeouts of lost trees cut nothing").isZero();
        assertThat(adaptive.seconds()).as("simulated seconds, adaptive (fixed at 1000: %s s)", fixed.seconds())
                .isLessThanOrEqualTo(fixed.seconds()).isLessThan(30);
    }

    /** Holds every input without acking. */
    static final class Holder extends BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Trees pending at the spout once 1500 were fed to a bolt that never acks. */
    private static long pendingAfterFeeding1500(Config conf) {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("hold", new Holder()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("capped", conf, b.createTopology());
            for (int i = 0; i < 1500; i++) {
                spout.feed(new Values(i), i);
            }
            cluster.waitForIdle();
            return Internals.running(cluster, "capped").pendingTrees() + spout.getAcked().size();
        }
    }

    @Test
    void maxSpoutPendingStartsAtAThousandWhenAckersRunAndIsOverridable() {
        assertThat(pendingAfterFeeding1500(new Config())).isEqualTo(1000);
        Config explicit = new Config();
        explicit.setMaxSpoutPending(1200);
        assertThat(pendingAfterFeeding1500(explicit)).isEqualTo(1200);
        Config noAckers = new Config();
        noAckers.put(Config.TOPOLOGY_ACKER_EXECUTORS, 0);
        assertThat(pendingAfterFeeding1500(noAckers)).as("acked at once: nothing to cap").isEqualTo(1500);
    }

    @Test
    void treesThatStopCompletingCutTheLimitUnlessItIsFixed() {
        for (String setting : new String[] {"unset", "adaptive off", "explicit"}) {
            SimulatedClock c = new SimulatedClock();
            FeederSpout spout = new FeederSpout(new Fields("n"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("spout", spout);
            b.setBolt("hold", new Holder()).shuffleGrouping("spout");
            Config conf = new Config();
            if (setting.equals("adaptive off")) {
                conf.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, false);
            } else if (setting.equals("explicit")) {
                conf.setMaxSpoutPending(1000);
            }
            try (LocalCluster cluster = new LocalCluster.Builder().withClock(c).build()) {
                cluster.submitTopology("cut", conf, b.createTopology());
                SpoutExecutor ex = (SpoutExecutor) Internals.running(cluster, "cut").executors().stream()
                        .filter(e -> e instanceof SpoutExecutor).findFirst().orElseThrow();
                spout.feed(new Values(1), 1);
                cluster.waitForIdle();
                c.advance(Duration.ofSeconds(40));
                assertThat(spout.getFailed()).containsExactly(1);
                assertThat(ex.pendingLimit(0)).as(setting).isEqualTo(setting.equals("unset") ? 500 : 1000);
            }
        }
    }
}
