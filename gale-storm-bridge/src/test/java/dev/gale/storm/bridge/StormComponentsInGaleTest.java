package dev.gale.storm.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.stats.MetricV1Value;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.storm.metric.api.CountMetric;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.FailedException;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Spouts and bolts written against Storm's API, mixed with Gale's in one topology on Gale's engine
 * (simulated clock, stepped by the test): trees through Storm bolts complete and fail back to a Storm spout, anchoring
 * included; a reported error becomes the failure's reason; a basic bolt's FailedException fails its
 * input; the context tells a Storm bolt its topology; ticks, metrics v1 and v2 and timeouts work;
 * and a bolt reaching into a Storm worker is refused when the topology is built.
 */
class StormComponentsInGaleTest {
    private static final Map<String, Queue<String>> EVENTS = new ConcurrentHashMap<>();

    private SimulatedClock clock;
    private LocalCluster cluster;
    private String run;

    @BeforeEach
    void start() {
        clock = new SimulatedClock();
        cluster = new LocalCluster.Builder().withClock(clock).build();
        run = UUID.randomUUID().toString();
        EVENTS.put(run, new ConcurrentLinkedQueue<>());
    }

    @AfterEach
    void stop() {
        cluster.close();
        EVENTS.remove(run);
    }

    private List<String> events(String prefix) {
        return EVENTS.get(run).stream().filter(e -> e.startsWith(prefix)).toList();
    }

    private static void record(String run, String event) {
        EVENTS.get(run).add(event);
    }

    /** Storm's spout: sentences "s0".."s(n-1)" with their index as message id; records acks and fails. */
    static class SentenceSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String run;
        private final List<String> sentences;
        private transient SpoutOutputCollector collector;
        private transient int next;

        SentenceSpout(String run, List<String> sentences) {
            this.run = run;
            this.sentences = sentences;
        }

        @Override
        public void open(Map<String, Object> conf, org.apache.storm.task.TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (next < sentences.size()) {
                collector.emit(new Values(sentences.get(next)), next);
                next++;
            }
        }

        @Override
        public void ack(Object msgId) {
            record(run, "ack " + msgId);
        }

        @Override
        public void fail(Object msgId) {
            record(run, "fail " + msgId);
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    /** Storm's rich bolt: one word per tuple, anchored to the sentence; records what its context says. */
    static class SplitBolt extends org.apache.storm.topology.base.BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient org.apache.storm.task.OutputCollector collector;

        SplitBolt(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, org.apache.storm.task.TopologyContext context,
                org.apache.storm.task.OutputCollector collector) {
            this.collector = collector;
            record(run, "context " + context.getThisComponentId() + " index " + context.getThisTaskIndex()
                + " of " + context.getComponentTasks(context.getThisComponentId()).size()
                + " sources " + context.getThisSources().keySet().stream().map(s -> s.get_componentId() + "/" + s.get_streamId())
                    .sorted().toList()
                + " out " + context.getThisOutputFields("default").toList()
                + " spout out " + context.getComponentOutputFields("sentences", "default").toList());
        }

        @Override
        public void execute(org.apache.storm.tuple.Tuple input) {
            if (!input.getSourceComponent().equals("sentences") || !input.getFields().toList().equals(List.of("sentence"))) {
                throw new IllegalStateException("unexpected tuple " + input);
            }
            for (String word : input.getStringByField("sentence").split(" ")) {
                collector.emit(input, new Values(word));
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Storm's basic bolt: passes words on; "refused" is failed with a FailedException. */
    static class FilterBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(org.apache.storm.tuple.Tuple input, BasicOutputCollector collector) {
            String word = input.getString(0);
            if (word.equals("refused")) {
                throw new FailedException("no refused words");
            }
            collector.emit(new Values(word));
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Gale's bolt: records words, fails "bad" (the failure must reach the Storm spout through the Storm bolts' anchors). */
    static class GaleSink extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient OutputCollector collector;

        GaleSink(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            String word = input.getStringByField("word");
            if (word.equals("bad")) {
                collector.fail(input);
                return;
            }
            record(run, "word " + word);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void treesThroughStormBoltsCompleteAndFailBackToAStormSpout() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", StormSpouts.of(new SentenceSpout(run, List.of("a b", "c bad", "d refused", "e f"))));
        builder.setBolt("split", StormBolts.of(new SplitBolt(run)), 2).shuffleGrouping("sentences");
        builder.setBolt("filter", StormBolts.of(new FilterBolt()), 2).shuffleGrouping("split");
        builder.setBolt("sink", new GaleSink(run)).shuffleGrouping("filter");
        cluster.submitTopology("mixed", new Config(), builder.createTopology());

        cluster.waitForIdle();
        assertThat(events("ack ")).containsExactlyInAnyOrder("ack 0", "ack 3");
        assertThat(events("fail ")).containsExactlyInAnyOrder("fail 1", "fail 2");
        assertThat(events("word ")).contains("word a", "word b", "word e", "word f", "word c", "word d")
            .doesNotContain("word bad", "word refused");
        assertThat(events("context ")).containsExactlyInAnyOrder(
            "context split index 0 of 2 sources [sentences/default] out [word] spout out [sentence]",
            "context split index 1 of 2 sources [sentences/default] out [word] spout out [sentence]");
    }

    /** Gale's spout that learns why its trees failed. */
    static class ReasonSpout extends dev.gale.topology.base.BaseRichSpout implements FailureAware {
        private static final long serialVersionUID = 1L;
        private final String run;
        private final int total;
        private transient dev.gale.spout.SpoutOutputCollector collector;
        private transient int next;

        ReasonSpout(String run, int total) {
            this.run = run;
            this.total = total;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, dev.gale.spout.SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (next < total) {
                collector.emit(new dev.gale.tuple.Values(next), next);
                next++;
            }
        }

        @Override
        public void ack(Object msgId) {
            record(run, "ack " + msgId);
        }

        @Override
        public void fail(Object msgId, FailureInfo info) {
            record(run, "fail " + msgId + " " + info.reason() + " by " + info.componentId() + ": "
                + info.exceptionClass() + ": " + info.exceptionMessage());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new dev.gale.tuple.Fields("n"));
        }
    }

    /** Storm's bolt that writes like storm-jdbc: on an error it reports it, then fails the input. */
    static class WritingBolt extends org.apache.storm.topology.base.BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient org.apache.storm.task.OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, org.apache.storm.task.TopologyContext context,
                org.apache.storm.task.OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(org.apache.storm.tuple.Tuple input) {
            int n = input.getInteger(0);
            if (n % 2 == 1) {
                collector.reportError(new IllegalStateException("duplicate key value violates unique constraint (n=" + n + ")"));
                collector.fail(input);
            } else if (n == 2) {
                collector.fail(input); // no error reported for this one: a plain failure
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void anErrorAStormBoltReportsBeforeItFailsATupleIsTheFailuresReason() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("numbers", new ReasonSpout(run, 5));
        builder.setBolt("writer", StormBolts.of(new WritingBolt())).shuffleGrouping("numbers");
        cluster.submitTopology("reasons", new Config(), builder.createTopology());

        cluster.waitForIdle();
        assertThat(events("ack ")).containsExactlyInAnyOrder("ack 0", "ack 4");
        assertThat(events("fail ")).containsExactlyInAnyOrder(
            "fail 1 FAILED by writer: java.lang.IllegalStateException: duplicate key value violates unique constraint (n=1)",
            "fail 2 FAILED by writer: null: null",
            "fail 3 FAILED by writer: java.lang.IllegalStateException: duplicate key value violates unique constraint (n=3)");
        assertThat(cluster.getTopologyStats("reasons").component("writer").orElseThrow().failures())
            .containsEntry(FailureReason.FAILED, 3L);
    }

    /** Storm's bolt counting ticks and inputs in a metric v1 and a metric v2; it never acks "hold" inputs. */
    static class TickingBolt extends org.apache.storm.topology.base.BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient org.apache.storm.task.OutputCollector collector;
        private transient CountMetric inputs;
        private transient com.codahale.metrics.Counter ticks;

        TickingBolt(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, org.apache.storm.task.TopologyContext context,
                org.apache.storm.task.OutputCollector collector) {
            this.collector = collector;
            inputs = context.registerMetric("inputs", new CountMetric(), 10);
            ticks = context.registerCounter("ticks");
        }

        @Override
        public void execute(org.apache.storm.tuple.Tuple input) {
            if (TupleUtils.isTick(input)) {
                ticks.inc();
                record(run, "tick");
                return;
            }
            inputs.incr();
            collector.resetTimeout(input);
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(org.apache.storm.Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5);
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void ticksMetricsAndTimeoutsReachAStormBoltOnTheTopologysClock() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", StormSpouts.of(new SentenceSpout(run, List.of("x", "y"))));
        builder.setBolt("ticking", StormBolts.of(new TickingBolt(run))).shuffleGrouping("sentences");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(30);
        cluster.submitTopology("ticks", conf, builder.createTopology());

        cluster.waitForIdle();
        for (int i = 1; i <= 5; i++) {
            clock.advance(Duration.ofSeconds(5));
            cluster.waitForIdle();
            if (i == 2) { // the metric's first 10 s bucket ended: both inputs were counted in it
                List<MetricV1Value> v1 = cluster.getMetricV1Values("ticks");
                assertThat(v1).filteredOn(v -> v.componentId().equals("ticking") && v.name().equals("inputs"))
                    .extracting(MetricV1Value::value).containsExactly(2L);
            }
        }
        assertThat(events("tick")).hasSize(5);
        assertThat(cluster.getUserMetrics("ticks")).filteredOn(m -> m.name().equals("ticks")).singleElement()
            .satisfies(m -> assertThat(((com.codahale.metrics.Counter) m.metric()).getCount()).isGreaterThanOrEqualTo(5));
        // The bolt never acks: the trees time out and fail back to Storm's spout.
        assertThat(events("fail ")).isEmpty();
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofSeconds(31));
            cluster.waitForIdle();
        }
        assertThat(events("fail ")).containsExactlyInAnyOrder("fail 0", "fail 1");
    }

    /** Storm's bolt reaching into the worker's shared executor, which only a Storm worker has. */
    static class WorkerBolt extends org.apache.storm.topology.base.BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> conf, org.apache.storm.task.TopologyContext context,
                org.apache.storm.task.OutputCollector collector) {
            context.getSharedExecutor().submit(() -> { });
        }

        @Override
        public void execute(org.apache.storm.tuple.Tuple input) {
        }

        @Override
        public void declareOutputFields(org.apache.storm.topology.OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aBoltReachingIntoAStormWorkerIsRefusedWhenTheTopologyIsBuilt() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", StormSpouts.of(new SentenceSpout(run, List.of("x"))));
        builder.setBolt("worker-bound", StormBolts.of(new WorkerBolt())).shuffleGrouping("sentences");
        assertThatThrownBy(builder::createTopology)
            .hasMessageContaining("bolt 'worker-bound'")
            .hasMessageContaining(WorkerBolt.class.getName() + " uses org.apache.storm.task.TopologyContext.getSharedExecutor")
            .hasMessageContaining("only a Storm worker has");
    }

    @Test
    void wrapKnowsStormsKindsAndNothingElse() {
        assertThat(StormComponents.wrap(new WritingBolt())).isInstanceOf(dev.gale.topology.IRichBolt.class);
        assertThat(StormComponents.wrap(new FilterBolt())).isInstanceOf(dev.gale.topology.IRichBolt.class);
        assertThat(StormComponents.wrap(new SentenceSpout(run, List.of()))).isInstanceOf(dev.gale.topology.IRichSpout.class);
        assertThat(StormComponents.wrap(new GaleSink(run))).isNull();
        assertThat(StormComponents.wrap("text")).isNull();
    }
}
