package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.generated.GlobalStreamId;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ComponentStats;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Why a tree failed reaches its spout ({@link FailureAware}) for every reason, on simulated time:
 * a bolt's fail, a FailedException, an exception in execute or prepare, a refused emit, a grouping
 * that threw, a timeout with and without sampled tree tracing; and the reasons are counted in the
 * stats.
 */
class FailureReasonsTest {
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

    /** Emits the integers 0..n-1 on "default" (message id = the integer) and records every ack and fail with its reason. */
    static class CountingSpout extends BaseRichSpout implements FailureAware {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Object>> ACKED = new ConcurrentHashMap<>();
        private static final Map<String, Queue<FailureInfo>> FAILED = new ConcurrentHashMap<>();
        private static final Map<String, Queue<Object>> PLAIN_FAILED = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private final int n;
        /** The value whose emit is malformed (an extra field), or -1. */
        private final int malformed;
        private transient SpoutOutputCollector collector;
        private transient int next;

        CountingSpout(int n, int malformed) {
            this.n = n;
            this.malformed = malformed;
            ACKED.put(id, new ConcurrentLinkedQueue<>());
            FAILED.put(id, new ConcurrentLinkedQueue<>());
            PLAIN_FAILED.put(id, new ConcurrentLinkedQueue<>());
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (next >= n) {
                return;
            }
            int v = next++;
            try {
                collector.emit(v == malformed ? new Values(v, "extra") : new Values(v), v);
            } catch (RuntimeException refused) {
                // the engine fails the message id once nextTuple returns
            }
        }

        @Override
        public void ack(Object msgId) {
            ACKED.get(id).add(msgId);
        }

        @Override
        public void fail(Object msgId) {
            PLAIN_FAILED.get(id).add(msgId); // must not be called: the spout is FailureAware
        }

        @Override
        public void fail(Object msgId, FailureInfo info) {
            FAILED.get(id).add(info);
        }

        List<FailureInfo> failures() {
            return new ArrayList<>(FAILED.get(id));
        }

        List<Object> acked() {
            return new ArrayList<>(ACKED.get(id));
        }

        List<Object> plainFails() {
            return new ArrayList<>(PLAIN_FAILED.get(id));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Acks every input but value 3, which it fails with collector.fail; forwards the rest anchored. */
    static class Judge extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (input.getInteger(0) == 3) {
                collector.fail(input);
                return;
            }
            collector.emit(input, new Values(input.getInteger(0)));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** A basic bolt that throws on value 2: a FailedException when {@code failed}, else an IllegalStateException. */
    static class Thrower extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final boolean failed;

        Thrower(boolean failed) {
            this.failed = failed;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (input.getInteger(0) == 2) {
                throw failed ? new FailedException("quota exceeded for 2") : new IllegalStateException("cannot parse 2");
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** A bolt whose prepare throws: its task fails every input. */
    static class BrokenPrepare extends BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            throw new IllegalArgumentException("no database at db://nowhere");
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Throws on value 1. */
    static class ThrowingGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        private List<Integer> targets;

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            this.targets = targetTasks;
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            if ((Integer) values.get(0) == 1) {
                throw new ArithmeticException("no route for 1");
            }
            return targets;
        }
    }

    private int taskOf(String component) {
        return Internals.running(cluster, "t").plan().tasksOf(component).get(0);
    }

    private ComponentStats stats(String component) {
        return cluster.getTopologyStats("t").component(component).orElseThrow();
    }

    private void run(TopologyBuilder b, Config conf, int seconds) {
        cluster.submitTopology("t", conf, b.createTopology());
        cluster.waitForIdle();
        if (seconds > 0) {
            clock.advance(Duration.ofSeconds(seconds));
            cluster.waitForIdle();
        }
    }

    @Test
    void aBoltsFailSaysFailedAndNamesTheBoltsTask() {
        CountingSpout spout = new CountingSpout(5, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("judge", new Judge()).shuffleGrouping("spout");
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("judge");
        run(b, new Config(), 0);
        assertThat(spout.acked()).containsExactlyInAnyOrder(0, 1, 2, 4);
        assertThat(spout.failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.FAILED);
            assertThat(f.componentId()).isEqualTo("judge");
            assertThat(f.taskId()).isEqualTo(taskOf("judge"));
            assertThat(f.errorText()).isNull();
            assertThat(f.traced()).isFalse();
        });
        assertThat(spout.plainFails()).as("a FailureAware spout gets only the fail with a reason").isEmpty();
        assertThat(stats("spout").failures()).containsExactlyEntriesOf(Map.of(FailureReason.FAILED, 1L));
        assertThat(stats("judge").failures()).containsExactlyEntriesOf(Map.of(FailureReason.FAILED, 1L));
        assertThat(stats("sink").failures()).isEmpty();
    }

    @Test
    void aFailedExceptionSaysFailedWithItsText() {
        CountingSpout spout = new CountingSpout(4, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("quota", new Thrower(true), 2).shuffleGrouping("spout");
        run(b, new Config(), 0);
        assertThat(spout.failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.FAILED);
            assertThat(f.componentId()).isEqualTo("quota");
            assertThat(Internals.running(cluster, "t").plan().tasksOf("quota")).contains(f.taskId());
            assertThat(f.exceptionClass()).isEqualTo(FailedException.class.getName());
            assertThat(f.errorText()).isEqualTo(FailedException.class.getName() + ": quota exceeded for 2");
        });
    }

    @Test
    void anExceptionInExecuteSaysThrewWithItsClassAndMessage() {
        CountingSpout spout = new CountingSpout(4, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("parse", new Thrower(false)).shuffleGrouping("spout");
        run(b, new Config(), 0);
        assertThat(spout.acked()).containsExactlyInAnyOrder(0, 1, 3);
        assertThat(spout.failures()).singleElement().satisfies(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.THREW);
            assertThat(f.componentId()).isEqualTo("parse");
            assertThat(f.taskId()).isEqualTo(taskOf("parse"));
            assertThat(f.exceptionClass()).isEqualTo(IllegalStateException.class.getName());
            assertThat(f.exceptionMessage()).isEqualTo("cannot parse 2");
        });
        assertThat(stats("spout").failures(FailureReason.THREW)).isEqualTo(1);
        assertThat(stats("parse").failures()).containsExactlyEntriesOf(Map.of(FailureReason.THREW, 1L));
    }

    @Test
    void aTaskWhosePrepareThrewFailsEveryInputWithThatException() {
        CountingSpout spout = new CountingSpout(2, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("db", new BrokenPrepare()).shuffleGrouping("spout");
        run(b, new Config(), 0);
        assertThat(spout.failures()).hasSize(2).allSatisfy(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.THREW);
            assertThat(f.componentId()).isEqualTo("db");
            assertThat(f.errorText()).isEqualTo(IllegalArgumentException.class.getName() + ": no database at db://nowhere");
        });
    }

    @Test
    void aRefusedEmitSaysEmitFailedAndAGroupingThatThrewSaysGroupingFailed() {
        CountingSpout spout = new CountingSpout(4, 2);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", new Bolts.Sink()).customGrouping("spout", new ThrowingGrouping());
        run(b, new Config(), 0);
        assertThat(spout.acked()).containsExactlyInAnyOrder(0, 3);
        assertThat(spout.failures()).hasSize(2);
        FailureInfo grouping = spout.failures().stream().filter(f -> f.reason() == FailureReason.GROUPING_FAILED)
                .findFirst().orElseThrow();
        assertThat(grouping.componentId()).isEqualTo("spout");
        assertThat(grouping.taskId()).isEqualTo(taskOf("spout"));
        assertThat(grouping.errorText()).contains("grouping", "ArithmeticException: no route for 1");
        FailureInfo emit = spout.failures().stream().filter(f -> f.reason() == FailureReason.EMIT_FAILED)
                .findFirst().orElseThrow();
        assertThat(emit.componentId()).isEqualTo("spout");
        assertThat(emit.exceptionMessage()).contains("stream 'default'");
        assertThat(stats("spout").failures()).containsExactlyInAnyOrderEntriesOf(
                Map.of(FailureReason.EMIT_FAILED, 1L, FailureReason.GROUPING_FAILED, 1L));
    }

    private static Config timeoutConf(int traceSample) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 10);
        conf.put(Config.GALE_TRACE_SAMPLE, traceSample);
        return conf;
    }

    /** spout -> forward -> (left: sink that acks, right: holder that never acks). */
    private TopologyBuilder diamond(CountingSpout spout) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", new Bolts.Forward("n")).shuffleGrouping("spout");
        b.setBolt("left", new Bolts.Sink()).shuffleGrouping("forward");
        b.setBolt("hold", new HoldingBolt(false, 0), 2).shuffleGrouping("forward");
        return b;
    }

    @Test
    void aTimeoutWithoutTracingSaysTimeoutAndNamesNoHolder() {
        CountingSpout spout = new CountingSpout(3, -1);
        run(diamond(spout), timeoutConf(0), 20);
        assertThat(spout.failures()).hasSize(3).allSatisfy(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.TIMEOUT);
            assertThat(f.componentId()).isEqualTo("spout");
            assertThat(f.taskId()).isEqualTo(taskOf("spout"));
            assertThat(f.traced()).isFalse();
            assertThat(f.heldBy()).isEmpty();
        });
        assertThat(Internals.running(cluster, "t").env().tracer()).as("off: no tracer at all").isNull();
        assertThat(stats("spout").failures()).containsExactlyEntriesOf(Map.of(FailureReason.TIMEOUT, 3L));
        assertThat(stats("hold").failures()).isEmpty();
    }

    @Test
    void aTracedTimeoutNamesTheTasksThatStillHeldItsTuples() {
        CountingSpout spout = new CountingSpout(6, -1);
        run(diamond(spout), timeoutConf(1), 20);
        List<Integer> holdTasks = Internals.running(cluster, "t").plan().tasksOf("hold");
        assertThat(spout.failures()).hasSize(6).allSatisfy(f -> {
            assertThat(f.reason()).isEqualTo(FailureReason.TIMEOUT);
            assertThat(f.traced()).isTrue();
            // left and forward acked their tuples: only a task of 'hold' still had one
            assertThat(f.heldBy()).singleElement().satisfies(h -> {
                assertThat(h.componentId()).isEqualTo("hold");
                assertThat(holdTasks).contains(h.taskId());
                assertThat(h.tuples()).isEqualTo(1);
            });
        });
        assertThat(stats("hold").failures()).containsExactlyEntriesOf(Map.of(FailureReason.TIMEOUT, 6L));
        assertThat(stats("left").failures()).isEmpty();
        assertThat(stats("forward").failures()).isEmpty();
        assertThat(Internals.running(cluster, "t").env().tracer().open()).as("timed-out traces are closed").isZero();
    }

    @Test
    void tracingOneInNFollowsEveryNthTreeAndForgetsCompletedOnes() {
        CountingSpout spout = new CountingSpout(8, -1);
        run(diamond(spout), timeoutConf(4), 20);
        assertThat(spout.failures()).hasSize(8);
        assertThat(spout.failures().stream().filter(FailureInfo::traced).count()).isEqualTo(2);
        assertThat(spout.failures().stream().filter(f -> !f.traced()).allMatch(f -> f.heldBy().isEmpty())).isTrue();

        // A traced tree that completes leaves no record behind.
        CountingSpout acked = new CountingSpout(10, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", acked);
        b.setBolt("forward", new Bolts.Forward("n"), 2).shuffleGrouping("spout");
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("forward");
        cluster.submitTopology("acked", timeoutConf(1), b.createTopology());
        cluster.waitForIdle();
        assertThat(acked.acked()).hasSize(10);
        assertThat(Internals.running(cluster, "acked").env().tracer().open()).isZero();
    }

    /** Pairs up consecutive inputs and emits one tuple anchored to both, then acks both. */
    static class Pairing extends BaseRichBolt {
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
            collector.emit(List.of(first, input), new Values(first.getInteger(0) + input.getInteger(0)));
            collector.ack(first);
            collector.ack(input);
            first = null;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    @Test
    void aTupleAnchoredToTwoTracedTreesIsHeldInBoth() {
        CountingSpout spout = new CountingSpout(2, -1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("pair", new Pairing()).shuffleGrouping("spout");
        b.setBolt("hold", new HoldingBolt(false, 0)).shuffleGrouping("pair");
        run(b, timeoutConf(1), 20);
        assertThat(spout.failures()).hasSize(2).allSatisfy(f -> {
            assertThat(f.traced()).isTrue();
            assertThat(f.heldBy()).containsExactly(new FailureInfo.Holder("hold", taskOf("hold"), 1));
        });
    }

    @Test
    void aSpoutThatIsNotFailureAwareStillGetsThePlainFail() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("parse", new Thrower(false)).shuffleGrouping("spout");
        cluster.submitTopology("t", new Config(), b.createTopology());
        spout.feed(new Values(1), "one");
        spout.feed(new Values(2), "two");
        cluster.waitForIdle();
        assertThat(spout.getAcked()).containsExactly("one");
        assertThat(spout.getFailed()).containsExactly("two");
    }
}
