package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * A partition whose oldest record is still pending stops being read once maxUncommittedOffsets
 * offsets are uncommitted, and resumes when that record is done.
 */
class UncommittedLimitTest {
    static final AtomicInteger EXECUTED = new AtomicInteger();
    static final ConcurrentLinkedQueue<Tuple> HELD = new ConcurrentLinkedQueue<>();
    static volatile boolean release;

    /** Holds offset 0 until released, acks the rest. */
    static class HoldFirst extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (TupleUtils.isTick(input)) {
                Tuple held;
                while (release && (held = HELD.poll()) != null) {
                    collector.ack(held);
                }
                return;
            }
            EXECUTED.incrementAndGet();
            if (input.getLongByField("offset") == 0 && !release) {
                HELD.add(input);
                return;
            }
            collector.ack(input);
            Tuple held;
            while (release && (held = HELD.poll()) != null) {
                collector.ack(held);
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

    @Test
    void aPartitionAtTheLimitIsPausedUntilItsOldestRecordIsDone() throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        broker.createTopic("limit-in", 1);
        KafkaTestSupport.produce(broker, "limit-in", 0, 300, 3);
        KafkaSpoutConfig<String, String> conf = KafkaSpoutConfig.builder(broker.bootstrapServers(), "limit-in")
                .setGroupId("limit")
                .setOffsetCommitPeriodMs(50)
                .setMaxUncommittedOffsets(40)
                .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5)
                .setRecordTranslator(r -> new Values(r.offset(), r.value()), new Fields("offset", "value"))
                .build();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(conf));
        b.setBolt("hold", new HoldFirst()).shuffleGrouping("kafka");
        Map<TopicPartition, Long> end = broker.endOffsets("limit-in");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("limit", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(() -> EXECUTED.get() >= 40);
            // 40 uncommitted, plus at most one poll (5 records) taken before the pause.
            await().during(Duration.ofMillis(700)).atMost(Duration.ofSeconds(5))
                    .until(() -> EXECUTED.get() <= 45);
            assertThat(broker.committedOffsets("limit")).doesNotContainValue(300L);
            release = true;
            // The next tick acks the held record; the partition resumes and is read to its end.
            await().atMost(Duration.ofSeconds(30)).until(() -> broker.committedOffsets("limit").equals(end));
        }
        assertThat(EXECUTED.get()).isEqualTo(300);
    }
}
