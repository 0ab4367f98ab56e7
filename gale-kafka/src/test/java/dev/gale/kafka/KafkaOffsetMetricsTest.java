package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.Gauge;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff;
import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.state.KeyValueState;
import dev.gale.stats.MetricV1Value;
import dev.gale.stats.UserMetric;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * KafkaSpout's {@code kafkaOffset} metrics on a real broker, on a simulated topology clock: lag
 * while a bolt holds records, the oldest uncommitted record's age, records in flight and waiting
 * for retry, a stuck partition with each reason the spout knows, and the checkpointed offset with
 * offsets in checkpoints. Every state is read from the v2 gauges (what the UI and /metrics
 * export); the metric v1 is checked to carry the same map.
 */
class KafkaOffsetMetricsTest {
    private static final String PREFIX = "kafkaOffset.";
    // Every key a partition has, and every total its topic has: what complete() waits for.
    private static final List<String> PARTITION_KEYS = List.of("latestTimeOffset", "latestCompletedOffset",
            "latestEmittedOffset", "spoutLag", "oldestUncommittedOffset", "oldestUncommittedAgeMs", "inFlight",
            "waitingForRetry", "stuck", "stuckReason");
    private static final List<String> TOPIC_KEYS = List.of("totalSpoutLag", "totalLatestTimeOffset",
            "totalLatestEmittedOffset", "totalLatestCompletedOffset", "totalInFlight", "totalWaitingForRetry",
            "stuckPartitions");

    private final SimulatedClock clock = new SimulatedClock();

    /** Holds every tuple until {@link #release}, then acks them all on the next input or tick. */
    static class Hold extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static final ConcurrentLinkedQueue<Tuple> HELD = new ConcurrentLinkedQueue<>();
        static volatile boolean release;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (!TupleUtils.isTick(input)) {
                HELD.add(input);
            }
            Tuple t;
            while (release && (t = HELD.poll()) != null) {
                collector.ack(t);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        }
    }

    /**
     * Offsets 0 to 2 fail their first attempt with an exception; offset 0 is then held on every
     * later attempt until {@link #release}; everything else is acked.
     */
    static class Judge extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static final Map<Long, Integer> ATTEMPTS = new ConcurrentHashMap<>();
        static final List<Tuple> HELD = new ArrayList<>();
        static volatile boolean release;
        static volatile int taskId;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            taskId = context.getThisTaskId();
        }

        @Override
        public void execute(Tuple input) {
            if (!TupleUtils.isTick(input)) {
                long offset = input.getLongByField("offset");
                int attempt = ATTEMPTS.merge(offset, 1, Integer::sum);
                if (offset <= 2 && attempt == 1) {
                    throw new FailedException("boom at offset " + offset);
                }
                if (offset == 0) {
                    HELD.add(input);
                } else {
                    collector.ack(input);
                }
            }
            if (release) {
                HELD.forEach(collector::ack);
                HELD.clear();
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        }
    }

    /** Acks everything into a keyed state, so the topology checkpoints. */
    static class Count extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient KeyValueState<String, Long> counts;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            this.counts = state;
        }

        @Override
        public void execute(Tuple input) {
            counts.put("n", counts.get("n", 0L) + 1);
            collector.ack(input);
        }
    }

    @Test
    void lagGrowsWhileABoltHoldsRecordsAndDrainsAfterAndTheOldestRecordAgesWithTheClock() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        broker.createTopic("lag-in", 1);
        KafkaTestSupport.produce(broker, "lag-in", 0, 20, 3);
        String p = "lag-in/partition_0/";
        try (LocalCluster cluster = cluster()) {
            cluster.submitTopology("lag", conf(), topology(spoutConfig(broker, "lag-in", "lag").build(), new Hold()));
            // Committed up to the held record 0, once the first commit period went by.
            Map<String, Object> m = awaitOffsets(cluster, "lag", "20 records held, committed up to the first",
                o -> num(o, p + "inFlight") == 20 && num(o, p + "latestTimeOffset") == 20
                        && num(o, p + "latestCompletedOffset") == 0);
            assertThat(num(m, p + "spoutLag")).isEqualTo(20);
            assertThat(num(m, p + "latestEmittedOffset")).isEqualTo(19);
            assertThat(num(m, p + "oldestUncommittedOffset")).isZero();
            assertThat(num(m, p + "waitingForRetry")).isZero();

            KafkaTestSupport.produce(broker, "lag-in", 20, 10, 3);
            m = awaitOffsets(cluster, "lag", "the lag grows with the new records",
                o -> num(o, p + "spoutLag") == 30 && num(o, p + "inFlight") == 30);
            assertThat(num(m, "lag-in/totalSpoutLag")).isEqualTo(30);
            assertThat(num(m, "lag-in/totalInFlight")).isEqualTo(30);

            long age = num(m, p + "oldestUncommittedAgeMs");
            clock.advance(Duration.ofSeconds(5));
            m = awaitOffsets(cluster, "lag", "the oldest record ages with the clock",
                o -> num(o, p + "oldestUncommittedAgeMs") >= age + 5000);
            assertThat(num(m, p + "oldestUncommittedOffset")).isZero();
            assertThat(num(m, p + "stuck")).as("younger than the message timeout").isZero();
            assertThat(m.get(p + "stuckReason")).isEqualTo("");
            // The metric v1 carries the same map (what the metrics consumers and the UI's v1 table get).
            await("the metric v1 read").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
                clock.advanceMillis(5);
                return v1(cluster, "lag").containsKey(p + "spoutLag");
            });
            assertThat(v1(cluster, "lag").get(p + "spoutLag")).isEqualTo(30L);

            Hold.release = true;
            m = awaitOffsets(cluster, "lag", "the lag drains once the records are acked",
                o -> num(o, p + "spoutLag") == 0 && num(o, p + "latestCompletedOffset") == 30);
            assertThat(num(m, p + "inFlight")).isZero();
            assertThat(num(m, p + "oldestUncommittedOffset")).isEqualTo(-1);
            assertThat(num(m, p + "oldestUncommittedAgeMs")).isZero();
            assertThat(num(m, "lag-in/totalSpoutLag")).isZero();
        }
    }

    @Test
    void aPartitionIsStuckWithTheReasonItIsHeldAndClearedOnceItMoves() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        broker.createTopic("stuck-in", 1);
        KafkaTestSupport.produce(broker, "stuck-in", 0, 5, 1);
        String p = "stuck-in/partition_0/";
        KafkaSpoutConfig<String, String> spout = spoutConfig(broker, "stuck-in", "stuck")
                .setRetry(new KafkaSpoutRetryExponentialBackoff(TimeInterval.seconds(40), TimeInterval.seconds(20), 5,
                        TimeInterval.seconds(40)))
                .build();
        Config conf = conf();
        conf.put(Config.GALE_TRACE_SAMPLE, 1); // every tree traced: a timeout names the task holding it
        try (LocalCluster cluster = cluster()) {
            cluster.submitTopology("stuck", conf, topology(spout, new Judge()));
            Map<String, Object> m = awaitOffsets(cluster, "stuck", "three records failed, waiting for retry",
                o -> num(o, p + "waitingForRetry") == 3 && num(o, p + "inFlight") == 0);
            assertThat(num(m, "stuck-in/totalWaitingForRetry")).isEqualTo(3);
            assertThat(num(m, p + "stuck")).isZero();

            clock.advance(Duration.ofSeconds(31));
            m = awaitOffsets(cluster, "stuck", "stuck waiting for its retry", o -> num(o, p + "stuck") == 1);
            assertThat(m.get(p + "stuckReason")).asString()
                    .startsWith("offset 0 uncommitted for ")
                    .contains("waiting for retry 1 of 5")
                    .contains("last failure: FAILED by 'judge' task " + Judge.taskId)
                    .contains("boom at offset 0");
            assertThat(num(m, "stuck-in/stuckPartitions")).isEqualTo(1);

            clock.advance(Duration.ofSeconds(10)); // the retries are due; offset 0 is held this time
            m = awaitOffsets(cluster, "stuck", "offset 0 emitted again and held",
                o -> num(o, p + "waitingForRetry") == 0 && num(o, p + "inFlight") == 1);
            assertThat(num(m, p + "stuck")).isEqualTo(1);
            assertThat(m.get(p + "stuckReason")).asString()
                    .contains("emitted again after a failure; last failure: FAILED by 'judge'")
                    .contains("boom at offset 0")
                    .doesNotContain("waiting for retry");

            clock.advance(Duration.ofSeconds(35)); // the held attempt times out; its trace names the bolt
            m = awaitOffsets(cluster, "stuck", "stuck after a traced timeout",
                o -> String.valueOf(o.get(p + "stuckReason")).contains("waiting for retry 2 of 5"));
            assertThat(m.get(p + "stuckReason")).asString()
                    .contains("last failure: tuple tree timed out, held by [judge[" + Judge.taskId + "]]");
            assertThat(num(m, p + "stuck")).isEqualTo(1);

            Judge.release = true;
            clock.advance(Duration.ofSeconds(41)); // the third attempt is acked: the partition moves
            m = awaitOffsets(cluster, "stuck", "no longer stuck",
                o -> num(o, p + "stuck") == 0 && num(o, p + "latestCompletedOffset") == 5);
            assertThat(m.get(p + "stuckReason")).isEqualTo("");
            assertThat(num(m, p + "oldestUncommittedOffset")).isEqualTo(-1);
            assertThat(num(m, p + "spoutLag")).isZero();
            assertThat(num(m, "stuck-in/stuckPartitions")).isZero();
        }
    }

    @Test
    void withOffsetsInCheckpointsTheCommittedOffsetIsTheCheckpointedOne() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        broker.createTopic("ckpt-in", 1);
        KafkaTestSupport.produce(broker, "ckpt-in", 0, 10, 2);
        String p = "ckpt-in/partition_0/";
        KafkaSpoutConfig<String, String> spout = spoutConfig(broker, "ckpt-in", "ckpt")
                .setOffsetsInCheckpoint(true)
                .build();
        Config conf = conf();
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 200);
        try (LocalCluster cluster = cluster()) {
            cluster.submitTopology("ckpt", conf, topology(spout, new Count()));
            Map<String, Object> m = awaitOffsets(cluster, "ckpt", "the checkpoint holds offset 10",
                o -> num(o, p + "latestCompletedOffset") == 10);
            assertThat(num(m, p + "latestTimeOffset")).isEqualTo(10);
            assertThat(num(m, p + "spoutLag")).isZero();
            // Nothing is committed to Kafka in this mode: 10 can only be the checkpoint's.
            assertThat(broker.committedOffsets("ckpt")).isEmpty();

            KafkaTestSupport.produce(broker, "ckpt-in", 10, 5, 2);
            awaitOffsets(cluster, "ckpt", "the next checkpoint holds offset 15",
                o -> num(o, p + "latestCompletedOffset") == 15 && num(o, p + "spoutLag") == 0);
        }
    }

    private LocalCluster cluster() throws Exception {
        // Threads, not steps: the Kafka clients do their I/O on their own threads in real time.
        return new LocalCluster.Builder().withClock(clock).withStepScheduler(false).build();
    }

    private static Config conf() {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 30);
        conf.put(Config.GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS, 100);
        return conf;
    }

    private static KafkaSpoutConfig.Builder<String, String> spoutConfig(EmbeddedKafkaBroker broker, String topic,
                                                                        String group) {
        return KafkaSpoutConfig.builder(broker.bootstrapServers(), topic)
                .setGroupId(group)
                .setOffsetCommitPeriodMs(50)
                .setMetricsTimeBucketSizeInSecs(1)
                .setRecordTranslator(r -> new Values(r.offset(), r.value()), new Fields("offset", "value"));
    }

    private static StormTopology topology(KafkaSpoutConfig<String, String> spout, Object bolt) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(spout));
        if (bolt instanceof BaseStatefulBolt<?> stateful) {
            b.setBolt("count", stateful).shuffleGrouping("kafka");
        } else if (bolt instanceof Judge judge) {
            b.setBolt("judge", judge).shuffleGrouping("kafka");
        } else {
            b.setBolt("hold", (BaseRichBolt) bolt).shuffleGrouping("kafka");
        }
        return b.createTopology();
    }

    /**
     * Waits until the spout's gauges satisfy {@code done}, moving the topology's clock a little at
     * each look (an idle spout is parked on that clock), and returns them.
     */
    private Map<String, Object> awaitOffsets(LocalCluster cluster, String topology, String what,
                                             Predicate<Map<String, Object>> done) {
        List<Map<String, Object>> last = new ArrayList<>(List.of(Map.of()));
        await(what).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() -> {
            clock.advanceMillis(5);
            last.set(0, gauges(cluster, topology));
            return complete(last.get(0)) && done.test(last.get(0));
        });
        return last.get(0);
    }

    /**
     * Whether every partition seen has all its keys and its topic all its totals: a partition's
     * gauges are registered one by one, so a read in the middle sees only some of them.
     */
    private static boolean complete(Map<String, Object> m) {
        if (m.isEmpty()) {
            return false;
        }
        for (String key : m.keySet()) {
            int at = key.indexOf("/partition_");
            if (at < 0) {
                continue;
            }
            String partition = key.substring(0, key.indexOf('/', at + 1) + 1);
            String topic = key.substring(0, at + 1);
            if (!PARTITION_KEYS.stream().allMatch(k -> m.containsKey(partition + k))
                    || !TOPIC_KEYS.stream().allMatch(k -> m.containsKey(topic + k))) {
                return false;
            }
        }
        return true;
    }

    /** The spout's kafkaOffset gauges by key, as the UI and /metrics read them. */
    private static Map<String, Object> gauges(LocalCluster cluster, String topology) {
        Map<String, Object> m = new HashMap<>();
        for (UserMetric um : cluster.getUserMetrics(topology)) {
            if (um.name().startsWith(PREFIX) && um.metric() instanceof Gauge<?> g && g.getValue() != null) {
                m.put(um.name().substring(PREFIX.length()), g.getValue());
            }
        }
        return m;
    }

    /** The last value of the spout's metric v1 kafkaOffset (empty before its first bucket ended). */
    private static Map<?, ?> v1(LocalCluster cluster, String topology) {
        for (MetricV1Value v : cluster.getMetricV1Values(topology)) {
            if (v.componentId().equals("kafka") && v.name().equals("kafkaOffset") && v.value() instanceof Map<?, ?> m) {
                return m;
            }
        }
        return Map.of();
    }

    private static long num(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v instanceof Number n ? n.longValue() : Long.MIN_VALUE;
    }
}
