package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.kafka.spout.EmptyKafkaTupleListener;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.topology.TopologyBuilder;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A spout task that gets a partition for the first time resumes at the offset its topology
 * committed there, whatever its first-poll strategy: the partition may come from another task or
 * process of the topology (a rebalance, a kill, a restart), and starting over would skip (LATEST)
 * or repeat (EARLIEST) what that task had written.
 */
class KafkaSpoutRestartTest {
    /** Partitions each spout task holds, by strategy (the topic of each run is per strategy). */
    static final Map<String, Set<TopicPartition>> ASSIGNED = new ConcurrentHashMap<>();

    @ParameterizedTest
    @EnumSource(value = FirstPollOffsetStrategy.class, names = {"EARLIEST", "LATEST"})
    void aRestartedTopologyResumesAtItsCommitsWhateverItsFirstPollStrategy(FirstPollOffsetStrategy strategy)
            throws Exception {
        EmbeddedKafkaBroker broker = SharedBroker.get();
        String in = "restart-" + strategy + "-in";
        String out = "restart-" + strategy + "-out";
        String group = "restart-" + strategy;
        broker.createTopic(in, 2);
        broker.createTopic(out, 2);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("restart", new Config(), topology(broker, in, out, group, strategy));
            await().atMost(Duration.ofSeconds(60)).until(() -> ASSIGNED.getOrDefault(in, Set.of()).size() == 2);
            KafkaTestSupport.produce(broker, in, 0, 100, 10);
            Map<TopicPartition, Long> first = broker.endOffsets(in);
            await().atMost(Duration.ofSeconds(60)).until(() -> broker.committedOffsets(group).equals(first));
            cluster.killTopology("restart");

            // Written while no task of the topology runs: the restart must pick them up, and only them.
            KafkaTestSupport.produce(broker, in, 100, 100, 10);
            ASSIGNED.remove(in);
            cluster.submitTopology("restart", new Config(), topology(broker, in, out, group, strategy));
            Map<TopicPartition, Long> second = broker.endOffsets(in);
            // A task that skipped to the end reads nothing, so commits nothing: this never holds then.
            await("the restarted topology committed the records written while it was down")
                    .atMost(Duration.ofSeconds(60)).until(() -> broker.committedOffsets(group).equals(second));
        }
        Map<Integer, Integer> written = new TreeMap<>();
        for (ConsumerRecord<String, String> r : KafkaTestSupport.readAll(broker, out)) {
            written.merge(Integer.parseInt(r.value()), 1, Integer::sum);
        }
        Map<Integer, Integer> once = new HashMap<>();
        for (int i = 0; i < 200; i++) {
            once.put(i, 1);
        }
        assertThat(written).as("times each record was written").isEqualTo(once);
    }

    private static StormTopology topology(EmbeddedKafkaBroker broker, String in, String out,
            String group, FirstPollOffsetStrategy strategy) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(KafkaEndToEndTest.source(broker, in, group)
                .setFirstPollOffsetStrategy(strategy)
                .setTupleListener(new Recorder(in))
                .build()), 1);
        b.setBolt("sink", KafkaEndToEndTest.sink(broker, out), 1).shuffleGrouping("kafka");
        return b.createTopology();
    }

    /** Records the partitions of the topic's (single) spout task after each rebalance. */
    private static final class Recorder extends EmptyKafkaTupleListener {
        private static final long serialVersionUID = 1L;
        private final String topic;

        Recorder(String topic) {
            this.topic = topic;
        }

        @Override
        public void onPartitionsReassigned(Collection<TopicPartition> partitions) {
            ASSIGNED.put(topic, Set.copyOf(partitions));
        }
    }
}
