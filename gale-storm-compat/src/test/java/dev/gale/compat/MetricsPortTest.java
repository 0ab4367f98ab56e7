package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.metric.api.CountMetric;
import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.task.IErrorReporter;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's storm-core {@code metrics_test.clj}, {@code test-custom-metric} and
 * {@code test-custom-metric-with-multi-tasks}: a bolt registers a {@code CountMetric} with a 5 s
 * bucket and counts the tuples it acks; a metrics consumer registered in the cluster's daemon
 * configuration ({@code FakeMetricConsumer}, ported below) receives one value per bucket and task;
 * as simulated cluster time advances, the first task's buckets sum to the tuples fed. The
 * multilang scenarios of that file are not ported (Gale has no multilang yet).
 */
class MetricsPortTest {

    /** Storm's FakeMetricConsumer: every value by component, metric name and task, in order. */
    public static class FakeMetricConsumer implements IMetricsConsumer {
        static final Map<String, Map<String, Map<Integer, List<Object>>>> BUFFER = new HashMap<>();

        static Map<Integer, List<Object>> getTaskIdToBuckets(String componentName, String metricName) {
            synchronized (BUFFER) {
                Map<Integer, List<Object>> byTask = BUFFER.getOrDefault(componentName, Map.of()).get(metricName);
                if (byTask == null) {
                    return null;
                }
                Map<Integer, List<Object>> copy = new TreeMap<>();
                byTask.forEach((task, buckets) -> copy.put(task, new ArrayList<>(buckets)));
                return copy;
            }
        }

        @Override
        public void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
                            IErrorReporter errorReporter) {
            synchronized (BUFFER) {
                BUFFER.clear();
            }
        }

        @Override
        public void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints) {
            synchronized (BUFFER) {
                for (DataPoint dp : dataPoints) {
                    for (Map.Entry<String, Object> e : expand(dp).entrySet()) {
                        BUFFER.computeIfAbsent(taskInfo.srcComponentId, k -> new HashMap<>())
                                .computeIfAbsent(e.getKey(), k -> new HashMap<>())
                                .computeIfAbsent(taskInfo.srcTaskId, k -> new ArrayList<>()).add(e.getValue());
                    }
                }
            }
        }

        @Override
        public void cleanup() {
            synchronized (BUFFER) {
                BUFFER.clear();
            }
        }

        private static Map<String, Object> expand(DataPoint dp) {
            Map<String, Object> out = new HashMap<>();
            if (dp.value instanceof Map) {
                ((Map<?, ?>) dp.value).forEach((k, v) -> out.put(dp.name + "/" + k, v));
            } else {
                out.put(dp.name, dp.value);
            }
            return out;
        }
    }

    /** Storm's count-acks bolt: counts and acks every tuple. */
    static class CountAcks extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient CountMetric myCustomMetric;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.myCustomMetric = new CountMetric();
            context.registerMetric("my-custom-metric", myCustomMetric, 5);
        }

        @Override
        public void execute(Tuple input) {
            myCustomMetric.incr();
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    private static LocalCluster cluster() {
        Map<String, Object> consumer = new HashMap<>();
        consumer.put("class", FakeMetricConsumer.class.getName());
        return new LocalCluster.Builder().withSimulatedTime()
                .withDaemonConf(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(consumer)).build();
    }

    /** Advances cluster time a second at a time until every task has at least {@code n} buckets. */
    private static void waitForAtLeastNBuckets(int n, String component, String metric, LocalCluster cluster) {
        await().atMost(Testing.TEST_TIMEOUT_MS, TimeUnit.MILLISECONDS).pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    Map<Integer, List<Object>> buckets = FakeMetricConsumer.getTaskIdToBuckets(component, metric);
                    if (buckets != null && buckets.values().stream().allMatch(b -> b.size() >= n)) {
                        return true;
                    }
                    cluster.advanceClusterTime(1);
                    return false;
                });
    }

    /** The sum of the first task's buckets, once every task has {@code minBuckets}, is {@code expected}. */
    private static void assertMetricRunningSum(String component, String metric, long expected, int minBuckets,
                                               LocalCluster cluster) {
        waitForAtLeastNBuckets(minBuckets, component, metric, cluster);
        await().atMost(Testing.TEST_TIMEOUT_MS, TimeUnit.MILLISECONDS).pollInterval(Duration.ofMillis(10))
                .until(() -> {
                    List<Object> first = FakeMetricConsumer.getTaskIdToBuckets(component, metric).values().iterator()
                            .next();
                    if (first.stream().mapToLong(v -> (Long) v).sum() == expected) {
                        return true;
                    }
                    cluster.advanceClusterTime(1);
                    return false;
                });
    }

    @Test
    void testCustomMetric() throws Exception {
        try (LocalCluster cluster = cluster()) {
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder);
            builder.setBolt("2", new CountAcks()).globalGrouping("1");
            cluster.submitTopology("metrics-tester", new HashMap<>(), builder.createTopology());

            feeder.feed(new Values("a"), 1);
            cluster.advanceClusterTime(6);
            assertMetricRunningSum("2", "my-custom-metric", 1, 1, cluster);

            cluster.advanceClusterTime(5);
            assertMetricRunningSum("2", "my-custom-metric", 1, 2, cluster);

            cluster.advanceClusterTime(20);
            assertMetricRunningSum("2", "my-custom-metric", 1, 6, cluster);

            feeder.feed(new Values("b"), 2);
            feeder.feed(new Values("c"), 3);
            cluster.advanceClusterTime(5);
            assertMetricRunningSum("2", "my-custom-metric", 3, 7, cluster);
        }
    }

    @Test
    void testCustomMetricWithMultiTasks() throws Exception {
        try (LocalCluster cluster = cluster()) {
            FeederSpout feeder = new FeederSpout(new Fields("field1"));
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("1", feeder);
            builder.setBolt("2", new CountAcks(), 1).allGrouping("1").addConfiguration(Config.TOPOLOGY_TASKS, 2);
            cluster.submitTopology("metrics-tester-with-multitasks", new HashMap<>(), builder.createTopology());

            feeder.feed(new Values("a"), 1);
            cluster.advanceClusterTime(6);
            assertMetricRunningSum("2", "my-custom-metric", 1, 1, cluster);

            cluster.advanceClusterTime(5);
            assertMetricRunningSum("2", "my-custom-metric", 1, 2, cluster);

            cluster.advanceClusterTime(20);
            assertMetricRunningSum("2", "my-custom-metric", 1, 6, cluster);

            feeder.feed(new Values("b"), 2);
            feeder.feed(new Values("c"), 3);
            cluster.advanceClusterTime(5);
            assertMetricRunningSum("2", "my-custom-metric", 3, 7, cluster);
            // Both tasks got every tuple (all grouping), and each reported its own buckets.
            assertThat(FakeMetricConsumer.getTaskIdToBuckets("2", "my-custom-metric")).hasSize(2)
                    .allSatisfy((task, buckets) -> assertThat(buckets.stream().mapToLong(v -> (Long) v).sum())
                            .isEqualTo(3));
        }
    }
}
