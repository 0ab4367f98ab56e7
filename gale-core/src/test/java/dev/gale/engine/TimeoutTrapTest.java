package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
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
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * A bolt slower than the message timeout allows for the queued work must not drive acks to zero
 * for good: the default pending ceiling and the adaptive limit below it keep trees completing.
 */
class TimeoutTrapTest {
    private static final long S = 1_000_000_000L;
    /** The clock of the running test; task copies cannot carry it (they are serialized). */
    private static volatile SimulatedClock clock;
    private static final Queue<Long> ACK_TIMES = new ConcurrentLinkedQueue<>();

    /** Emits ids without end, replaying failed ones first; records when each ack arrives. */
    static final class ReplayingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient ArrayDeque<Long> replay;
        private long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.replay = new ArrayDeque<>();
        }

        @Override
        public void nextTuple() {
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

    /** "Takes" 5 ms of simulated time per tuple: moves the clock on by that much, then acks. */
    static final class SlowBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            clock.advance(Duration.ofMillis(5));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /**
     * The probe of issue 10: T = 2 s, 5 ms per tuple, no max spout pending. A queue of 1024 holds
     * 5 s of work, so without adaptation every tuple outlives its timeout before it is executed
     * and acks stop for good. With it, acks flow at nearly the bolt's 200/s.
     */
    @Test
    void aSlowBoltWithoutMaxSpoutPendingKeepsCompletingTrees() {
        clock = new SimulatedClock();
        ACK_TIMES.clear();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ReplayingSpout());
        b.setBolt("slow", new SlowBolt()).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(2);
        // Threads: the bolt moves the clock itself, so a step would never find the topology idle.
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withStepScheduler(false).build()) {
            cluster.submitTopology("trap", conf, b.createTopology());
            await().atMost(Duration.ofSeconds(60)).until(() -> clock.nanos() >= 40 * S);
            cluster.killTopology("trap");
        }
        long late = ACK_TIMES.stream().filter(t -> t >= 30 * S && t < 40 * S).count();
        // The bolt can do 2000 in those 10 s; without adaptation it acks none.
        assertThat(late).as("acks between 30 s and 40 s of simulated time").isGreaterThan(1000);
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
            return cluster.runningTopology("capped").pendingTrees() + spout.getAcked().size();
        }
    }

    @Test
    void maxSpoutPendingDefaultsToAThousandWhenAckersRunAndIsOverridable() {
        assertThat(pendingAfterFeeding1500(new Config())).isEqualTo(1000);
        Config explicit = new Config();
        explicit.setMaxSpoutPending(1200);
        assertThat(pendingAfterFeeding1500(explicit)).isEqualTo(1200);
        Config noAckers = new Config();
        noAckers.put(Config.TOPOLOGY_ACKER_EXECUTORS, 0);
        assertThat(pendingAfterFeeding1500(noAckers)).as("acked at once: nothing to cap").isEqualTo(1500);
    }

    @Test
    void timeoutsCutTheSpoutsPendingLimitUnlessAdaptationIsOff() {
        for (boolean adaptive : new boolean[] {true, false}) {
            SimulatedClock c = new SimulatedClock();
            FeederSpout spout = new FeederSpout(new Fields("n"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("spout", spout);
            b.setBolt("hold", new Holder()).shuffleGrouping("spout");
            Config conf = new Config();
            conf.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, adaptive);
            try (LocalCluster cluster = new LocalCluster.Builder().withClock(c).build()) {
                cluster.submitTopology("cut", conf, b.createTopology());
                SpoutExecutor ex = (SpoutExecutor) cluster.runningTopology("cut").executors().stream()
                        .filter(e -> e instanceof SpoutExecutor).findFirst().orElseThrow();
                spout.feed(new Values(1), 1);
                cluster.waitForIdle();
                c.advance(Duration.ofSeconds(40));
                assertThat(spout.getFailed()).containsExactly(1);
                assertThat(ex.pendingLimit(0)).as("adaptive=%s", adaptive).isEqualTo(adaptive ? 500 : 1000);
            }
        }
    }
}
