package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.impl.sched.ThreadedScheduler;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The scheduler's hand-offs under load and constant re-placement: two threads run seven executors,
 * and one executor moves to the other thread every 2 ms, while 100,000 trees go through two bolts
 * that throw, fail and drop some of their tuples. Every tree must get exactly one outcome at its
 * spout, acked or failed (dropped trees by timeout), whatever moved when; with and without inline
 * hand-offs. Idleness is waited for on threads, which must be exact for the counts to be final.
 */
class ThreadedChaosTest {
    private static final int IDS = 100_000;
    static volatile AtomicIntegerArray outcomes;

    /** Emits each of its ids once (no replay) and counts every outcome per id. */
    static final class OnceSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private int next;
        private int step;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.next = context.getThisTaskIndex();
            this.step = context.getComponentTasks(context.getThisComponentId()).size();
        }

        @Override
        public void nextTuple() {
            if (next < IDS) {
                collector.emit(new Values(next), next);
                next += step;
            }
        }

        @Override
        public void ack(Object msgId) {
            outcomes.incrementAndGet((Integer) msgId);
        }

        @Override
        public void fail(Object msgId) {
            outcomes.incrementAndGet((Integer) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id"));
        }
    }

    /** Throws (1%), fails (2%), drops (2%), else emits two anchored children if it has a next stage, and acks. */
    static final class ChaosBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final boolean children;
        private transient OutputCollector collector;
        private transient SplittableRandom random;

        ChaosBolt(boolean children) {
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
            if (r < 1) {
                throw new IllegalStateException("chaos: thrown on purpose");
            } else if (r < 3) {
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

    @ParameterizedTest(name = "inline hand-offs {0}")
    @ValueSource(booleans = {false, true})
    void everyTreeGetsExactlyOneOutcomeWhileExecutorsMoveEveryTwoMilliseconds(boolean inline) {
        outcomes = new AtomicIntegerArray(IDS);
        SimulatedClock clock = new SimulatedClock();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new OnceSpout(), 2);
        b.setBolt("chaos1", new ChaosBolt(true), 2).shuffleGrouping("spout");
        b.setBolt("chaos2", new ChaosBolt(false), 2).fieldsGrouping("chaos1", new Fields("child"));
        Config conf = new Config();
        conf.setMessageTimeoutSecs(3);
        conf.put(Config.GALE_SCHEDULER_THREADS, 2);
        conf.put(Config.GALE_SCHEDULER_SHUFFLE_MS, 2);
        conf.put(Config.GALE_SCHEDULER_INLINE, inline);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withStepScheduler(false).build()) {
            cluster.submitTopology("chaos", conf, b.createTopology());
            int seconds = 0;
            while (missing() > 0) {
                assertThat(seconds).as("simulated seconds; ids still without an outcome: %d", missing())
                        .isLessThan(600);
                cluster.waitForIdle(Duration.ofSeconds(60));
                clock.advance(Duration.ofSeconds(1));
                seconds++;
            }
            clock.advance(Duration.ofSeconds(10)); // anything late would show now
            cluster.waitForIdle(Duration.ofSeconds(60));
            int moves = ((ThreadedScheduler) Internals.running(cluster, "chaos").scheduler()).moveCount();
            assertThat(moves).as("executors moved between threads").isGreaterThan(20);
        }
        for (int i = 0; i < IDS; i++) {
            assertThat(outcomes.get(i)).as("outcomes of id %d", i).isEqualTo(1);
        }
    }

    private static int missing() {
        int n = 0;
        for (int i = 0; i < IDS; i++) {
            if (outcomes.get(i) == 0) {
                n++;
            }
        }
        return n;
    }
}
