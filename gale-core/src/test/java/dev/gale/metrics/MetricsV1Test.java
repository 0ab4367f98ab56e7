package dev.gale.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.metric.api.AssignableMetric;
import dev.gale.metric.api.CountMetric;
import dev.gale.metric.api.IMetric;
import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.metric.api.MeanReducer;
import dev.gale.metric.api.MultiCountMetric;
import dev.gale.metric.api.ReducedMetric;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.MetricV1Value;
import dev.gale.stats.StreamStats;
import dev.gale.task.IErrorReporter;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Storm's metrics v1 on the step scheduler: what tasks register in open/prepare is read at the end
 * of every bucket of the topology's clock, on the task's thread, and delivered to the registered
 * consumers on their own bolt; the last values are readable through the cluster.
 */
class MetricsV1Test {

    /** One call of a consumer: what it was given, copied. */
    record Call(String component, int task, long timestamp, int interval, String host, int port,
                Map<String, Object> points) {
    }

    /** Records every call, by the registration argument (one per test); prepared and cleaned up once. */
    public static class RecordingConsumer implements IMetricsConsumer {
        static final Map<Object, Queue<Call>> CALLS = new ConcurrentHashMap<>();
        static final Map<Object, Queue<String>> LIFECYCLE = new ConcurrentHashMap<>();
        private Object argument;

        @Override
        public void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
                            IErrorReporter errorReporter) {
            argument = registrationArgument;
            LIFECYCLE.computeIfAbsent(argument, k -> new ConcurrentLinkedQueue<>())
                    .add("prepare " + context.getThisComponentId());
        }

        @Override
        public void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints) {
            Map<String, Object> points = new HashMap<>();
            for (DataPoint p : dataPoints) {
                points.put(p.name, p.value);
            }
            CALLS.computeIfAbsent(argument, k -> new ConcurrentLinkedQueue<>()).add(new Call(taskInfo.srcComponentId,
                    taskInfo.srcTaskId, taskInfo.timestamp, taskInfo.updateIntervalSecs, taskInfo.srcWorkerHost,
                    taskInfo.srcWorkerPort, points));
        }

        @Override
        public void cleanup() {
            LIFECYCLE.computeIfAbsent(argument, k -> new ConcurrentLinkedQueue<>()).add("cleanup");
        }

        static List<Call> calls(Object argument) {
            return new ArrayList<>(CALLS.getOrDefault(argument, new ConcurrentLinkedQueue<>()));
        }
    }

    /** Counts and measures its words: two metrics on a 10 s bucket, two on a 5 s one. */
    static class Counting extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient CountMetric executed;
        private transient MultiCountMetric words;
        private transient ReducedMetric meanLength;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            executed = context.registerMetric("executed", new CountMetric(), 10);
            words = context.registerMetric("words", new MultiCountMetric(), 10);
            meanLength = context.registerMetric("mean-length", new MeanReducer(), 5);
            context.registerMetric("constant", new AssignableMetric(7), 5);
            assertThat(context.getRegisteredMetricByName("executed")).isSameAs(executed);
        }

        @Override
        public void execute(Tuple input) {
            String w = input.getString(0);
            executed.incr();
            words.scope(w).incr();
            meanLength.update(w.length());
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** A spout that emits nothing and reports a gauge. */
    static class GaugeSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            context.registerMetric("spout-gauge", new AssignableMetric(1), 10);
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("x"));
        }
    }

    private static TopologyBuilder countingTopology(FeederSpout words) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", words);
        b.setSpout("gauge", new GaugeSpout());
        b.setBolt("count", new Counting(), 2).shuffleGrouping("words");
        return b;
    }

    private static List<Call> at(List<Call> calls, long timestamp, String component) {
        return calls.stream().filter(c -> c.timestamp() == timestamp && c.component().equals(component)).toList();
    }

    private static long sum(List<Call> calls, String metric) {
        return calls.stream().filter(c -> c.points().containsKey(metric))
                .mapToLong(c -> (Long) c.points().get(metric)).sum();
    }

    @Test
    void everyBucketOfTheTopologyClockReachesTheConsumerOncePerTask() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout words = new FeederSpout(new Fields("word"));
        String id = UUID.randomUUID().toString();
        Config conf = new Config();
        conf.registerMetricsConsumer(RecordingConsumer.class, id, 1);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("v1", conf, countingTopology(words).createTopology());
            cluster.waitForIdle();
            for (String w : List.of("a", "bb", "ccc", "bb")) {
                words.feed(new Values(w));
            }
            cluster.waitForIdle();

            clock.advance(Duration.ofMillis(4_999));
            assertThat(RecordingConsumer.calls(id)).isEmpty();

            // 5 s: the count tasks' 5 s bucket (the mean only from a task that saw words).
            clock.advance(Duration.ofMillis(1));
            List<Call> five = at(RecordingConsumer.calls(id), 5, "count");
            assertThat(five).hasSize(2).allSatisfy(c -> {
                assertThat(c.interval()).isEqualTo(5);
                assertThat(c.points()).containsEntry("constant", 7).doesNotContainKeys("executed", "words");
            });
            double weighted = five.stream().filter(c -> c.points().containsKey("mean-length"))
                    .mapToDouble(c -> (Double) c.points().get("mean-length")).max().orElseThrow();
            assertThat(weighted).isBetween(1.0, 3.0);
            assertThat(RecordingConsumer.calls(id)).hasSize(2);

            // 10 s: both buckets of the count tasks, and the spout's.
            clock.advance(Duration.ofSeconds(5));
            List<Call> ten = at(RecordingConsumer.calls(id), 10, "count");
            assertThat(ten).hasSize(4);
            List<Call> tenSecondBuckets = ten.stream().filter(c -> c.interval() == 10).toList();
            assertThat(tenSecondBuckets).hasSize(2).extracting(Call::task).doesNotHaveDuplicates();
            assertThat(sum(tenSecondBuckets, "executed")).isEqualTo(4);
            Map<String, Long> wordCounts = new HashMap<>();
            for (Call c : tenSecondBuckets) {
                @SuppressWarnings("unchecked")
                Map<String, Long> m = (Map<String, Long>) c.points().get("words");
                m.forEach((k, v) -> wordCounts.merge(k, v, Long::sum));
            }
            assertThat(wordCounts).isEqualTo(Map.of("a", 1L, "bb", 2L, "ccc", 1L));
            assertThat(at(RecordingConsumer.calls(id), 10, "gauge")).singleElement().satisfies(c -> {
                assertThat(c.points()).isEqualTo(Map.of("spout-gauge", 1));
                assertThat(c.interval()).isEqualTo(10);
                assertThat(c.host()).isEqualTo("localhost");
                assertThat(c.port()).isZero();
            });
            // Every ten seconds the count metrics start again from zero; the 5 s ones report twice.
            clock.advance(Duration.ofSeconds(10));
            List<Call> twenty = at(RecordingConsumer.calls(id), 20, "count");
            assertThat(twenty.stream().filter(c -> c.interval() == 10).toList()).hasSize(2)
                    .allSatisfy(c -> assertThat(c.points()).containsEntry("executed", 0L));
            assertThat(at(RecordingConsumer.calls(id), 15, "count")).hasSize(2);
            assertThat(RecordingConsumer.calls(id)).hasSize(2 + 5 + 2 + 5);

            // The consumer is a bolt of its own, fed on each component's __metrics stream.
            String consumerId = Constants.METRICS_COMPONENT_ID_PREFIX + RecordingConsumer.class.getCanonicalName();
            assertThat(cluster.getTopologyStats("v1").component(consumerId).orElseThrow().executed()).isEqualTo(14);
            assertThat(cluster.getTopologyStats("v1").component("count").orElseThrow().streams())
                    .filteredOn(s -> s.streamId().equals(Constants.METRICS_STREAM_ID))
                    .extracting(StreamStats::emitted).containsExactly(12L);
            assertThat(RecordingConsumer.LIFECYCLE.get(id)).containsExactly("prepare " + consumerId);

            // The last values, for the UI.
            List<MetricV1Value> last = cluster.getMetricV1Values("v1");
            assertThat(last).filteredOn(v -> v.name().equals("executed")).hasSize(2).allSatisfy(v -> {
                assertThat(v.value()).isEqualTo(0L);
                assertThat(v.timestampSecs()).isEqualTo(20);
                assertThat(v.bucketSecs()).isEqualTo(10);
                assertThat(v.componentId()).isEqualTo("count");
            });
            assertThat(last).filteredOn(v -> v.componentId().equals("gauge")).extracting(MetricV1Value::value)
                    .containsExactly(1);
            cluster.killTopology("v1");
            assertThat(RecordingConsumer.LIFECYCLE.get(id)).containsExactly("prepare " + consumerId, "cleanup");
        }
    }

    @Test
    void withoutConsumersTheValuesAreStillReadAndNoStreamIsAdded() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout words = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("plain", new Config(), countingTopology(words).createTopology());
            cluster.waitForIdle();
            words.feed(new Values("word"));
            cluster.waitForIdle();
            assertThat(cluster.getMetricV1Values("plain")).isEmpty();
            clock.advance(Duration.ofSeconds(10));
            assertThat(cluster.getMetricV1Values("plain")).filteredOn(v -> v.name().equals("executed"))
                    .extracting(MetricV1Value::value).containsExactlyInAnyOrder(0L, 1L);
            assertThat(cluster.getTopologyGraph("plain").components()).extracting(n -> n.componentId())
                    .containsExactlyInAnyOrder("words", "gauge", "count");
            assertThat(cluster.getTopologyStats("plain").component("count").orElseThrow().streams())
                    .extracting(StreamStats::streamId).doesNotContain(Constants.METRICS_STREAM_ID);
        }
    }

    @Test
    void aConsumerWithNoMetricToReadIsNeverCalled() {
        SimulatedClock clock = new SimulatedClock();
        String id = UUID.randomUUID().toString();
        Config conf = new Config();
        conf.registerMetricsConsumer(RecordingConsumer.class, id, 2);
        FeederSpout words = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", words);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("quiet", conf, b.createTopology());
            cluster.waitForIdle();
            clock.advance(Duration.ofMinutes(5));
            assertThat(RecordingConsumer.calls(id)).isEmpty();
            assertThat(cluster.getMetricV1Values("quiet")).isEmpty();
            // Two consumer tasks, each prepared with the registration's argument.
            assertThat(RecordingConsumer.LIFECYCLE.get(id)).hasSize(2);
        }
    }

    /** Registers what Storm refuses: after prepare, twice, a null metric, a bucket under a second. */
    static class Misregistering extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String mistake;
        private transient TopologyContext context;

        Misregistering(String mistake) {
            this.mistake = mistake;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.context = context;
            switch (mistake) {
                case "twice" -> {
                    context.registerMetric("m", new CountMetric(), 10);
                    context.registerMetric("m", new CountMetric(), 20);
                }
                case "null" -> context.registerMetric("m", (IMetric) null, 10);
                case "zero" -> context.registerMetric("m", new CountMetric(), 0);
                default -> {
                }
            }
        }

        @Override
        public void execute(Tuple input) {
            context.registerMetric("late", new CountMetric(), 10);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void registrationsStormRefusesAreReportedNamingTheComponentAndTask() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout words = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", words);
        for (String mistake : List.of("late", "twice", "null", "zero")) {
            b.setBolt(mistake, new Misregistering(mistake)).shuffleGrouping("words");
        }
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("refused", new Config(), b.createTopology());
            cluster.waitForIdle();
            words.feed(new Values("w"));
            cluster.waitForIdle();
            Map<String, String> errors = new HashMap<>();
            for (String c : List.of("late", "twice", "null", "zero")) {
                List<ErrorInfo> e = cluster.getTopologyStats("refused").component(c).orElseThrow().lastErrors();
                assertThat(e).as(c).isNotEmpty();
                errors.put(c, e.get(0).message() + "\n" + e.get(0).stackTrace());
            }
            assertThat(errors.get("late")).contains("component 'late', task").contains("only be called from open");
            assertThat(errors.get("twice")).contains("'m' was registered twice");
            assertThat(errors.get("null")).contains("cannot register a null metric as 'm'");
            assertThat(errors.get("zero")).contains("at least 1 second, got 0");
        }
    }

    /** A metric that throws when read, beside one that works. */
    static class Faulty extends BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            context.registerMetric("broken", () -> {
                throw new IllegalStateException("cannot read");
            }, 10);
            context.registerMetric("fine", new AssignableMetric("ok"), 10);
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aMetricThatThrowsIsReportedAndTheOthersStillReachTheConsumer() {
        SimulatedClock clock = new SimulatedClock();
        String id = UUID.randomUUID().toString();
        Config conf = new Config();
        conf.registerMetricsConsumer(RecordingConsumer.class, id, 1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new FeederSpout(new Fields("word")));
        b.setBolt("faulty", new Faulty()).shuffleGrouping("words");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("faulty", conf, b.createTopology());
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(20));
            assertThat(RecordingConsumer.calls(id)).hasSize(2)
                    .allSatisfy(c -> assertThat(c.points()).isEqualTo(Map.of("fine", "ok")));
            assertThat(cluster.getTopologyStats("faulty").component("faulty").orElseThrow().lastErrors())
                    .isNotEmpty().allSatisfy(e -> assertThat(e.message()).contains("metric 'broken'"));
        }
    }

    @Test
    void filtersAndExpansionApplyPerRegistration() {
        SimulatedClock clock = new SimulatedClock();
        String kept = UUID.randomUUID().toString();
        String dropped = UUID.randomUUID().toString();
        Config conf = new Config();
        Map<String, Object> whitelist = new HashMap<>();
        whitelist.put("class", RecordingConsumer.class.getName());
        whitelist.put("argument", kept);
        whitelist.put("whitelist", List.of("^words"));
        whitelist.put("expandMapType", true);
        whitelist.put("metricNameSeparator", "/");
        Map<String, Object> blacklist = new HashMap<>();
        blacklist.put("class", RecordingConsumer.class.getName());
        blacklist.put("argument", dropped);
        blacklist.put("blacklist", List.of("words", "^mean", "constant"));
        conf.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(whitelist, blacklist));
        FeederSpout words = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("filtered", conf, countingTopology(words).createTopology());
            cluster.waitForIdle();
            words.feed(new Values("a"));
            words.feed(new Values("a"));
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(10));
            Map<String, Long> expanded = new HashMap<>();
            for (Call c : at(RecordingConsumer.calls(kept), 10, "count")) {
                assertThat(c.points().keySet()).allSatisfy(k -> assertThat(k).startsWith("words/"));
                c.points().forEach((k, v) -> expanded.merge(k, (Long) v, Long::sum));
            }
            assertThat(expanded).isEqualTo(Map.of("words/a", 2L));
            assertThat(RecordingConsumer.calls(dropped).stream().flatMap(c -> c.points().keySet().stream())
                    .collect(Collectors.toSet())).containsExactlyInAnyOrder("executed", "spout-gauge");
            // Two registrations of one class: two components, the second numbered as in Storm.
            String first = Constants.METRICS_COMPONENT_ID_PREFIX + RecordingConsumer.class.getName();
            assertThat(cluster.getTopologyGraph("filtered").components()).extracting(n -> n.componentId())
                    .contains(first, first + "#2");
        }
    }

    @Test
    void aConfigurationWrittenForStormFindsGalesLoggingConsumer() {
        SimulatedClock clock = new SimulatedClock();
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER,
                List.of(Map.of("class", "org.apache.storm.metric.LoggingMetricsConsumer", "parallelism.hint", 1)));
        FeederSpout words = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("logged", conf, countingTopology(words).createTopology());
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(10));
            String consumerId = Constants.METRICS_COMPONENT_ID_PREFIX + "org.apache.storm.metric.LoggingMetricsConsumer";
            assertThat(cluster.getTopologyStats("logged").component(consumerId).orElseThrow().executed()).isEqualTo(7);
            assertThat(cluster.getTopologyStats("logged").component(consumerId).orElseThrow().lastErrors()).isEmpty();
        }
    }

    @Test
    void aRegistrationThatCannotRunIsRefusedAtSubmitNamingIt() {
        FeederSpout words = new FeederSpout(new Fields("word"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            Config missing = new Config();
            missing.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(Map.of("class", "com.example.Nope")));
            assertThatThrownBy(() -> cluster.submitTopology("t", missing, countingTopology(words).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContaining("metrics consumer 1 of 'topology.metrics.consumer.register'")
                    .hasMessageContaining("com.example.Nope");

            Config notAConsumer = new Config();
            notAConsumer.registerMetricsConsumer(String.class);
            assertThatThrownBy(() -> cluster.submitTopology("t", notAConsumer,
                    countingTopology(words).createTopology())).isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContaining("java.lang.String does not implement");

            Config both = new Config();
            both.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(Map.of("class",
                    RecordingConsumer.class.getName(), "whitelist", List.of("a"), "blacklist", List.of("b"))));
            assertThatThrownBy(() -> cluster.submitTopology("t", both, countingTopology(words).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("not both");

            Config zero = new Config();
            zero.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(Map.of("class",
                    RecordingConsumer.class.getName()), Map.of("class", RecordingConsumer.class.getName(),
                    "parallelism.hint", 0)));
            assertThatThrownBy(() -> cluster.submitTopology("t", zero, countingTopology(words).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("metrics consumer 2")
                    .hasMessageContaining("'parallelism.hint' must be a whole number of at least 1, got 0");

            Config notAList = new Config();
            notAList.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, "dev.gale.metric.LoggingMetricsConsumer");
            assertThatThrownBy(() -> cluster.submitTopology("t", notAList, countingTopology(words).createTopology()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("must be a list of maps");
            assertThat(cluster.getTopologyNames()).isEmpty();
        }
    }
}
