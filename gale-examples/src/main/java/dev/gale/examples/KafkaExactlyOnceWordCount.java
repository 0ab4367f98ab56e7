package dev.gale.examples;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.kafka.bolt.TransactionalKafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * A word count from topic to topic, exactly once: {@link KafkaSpout} with its offsets in the
 * checkpoints reads lines, a bolt splits them, a stateful bolt counts each word, and
 * {@link TransactionalKafkaBolt} writes {@code (word, count so far)} for every word read, in Kafka
 * transactions committed with the checkpoints. A consumer reading the output topic with
 * {@code isolation.level=read_committed} sees each count once: for a word read n times, the
 * records 1, 2, ..., n, whatever failed or restarted on the way.
 *
 * <pre>
 *   kafka (spout) --shuffle--> split --fields(word)--> count (state) --fields(word)--> counts (transactional)
 * </pre>
 *
 * <p>Configuration: {@value KafkaWordCountTopology#BOOTSTRAP} (required),
 * {@value KafkaWordCountTopology#IN_TOPIC}, {@value KafkaWordCountTopology#OUT_TOPIC},
 * {@value KafkaWordCountTopology#GROUP} (names the spout's consumer, whose offsets stay in the
 * checkpoints). The counts live in the topology's state provider ({@code topology.state.provider}):
 * in memory by default, which a restart of the JVM starts over; RocksDB or Redis keep them across
 * restarts. Stateless; thread-safe.
 */
public final class KafkaExactlyOnceWordCount {
    public static final String DEFAULT_OUT_TOPIC = "gale-word-counts";
    public static final String DEFAULT_GROUP = "gale-kafka-exactly-once";
    /** How often the checkpoints commit, and so how soon counts become visible, unless configured. */
    public static final int DEFAULT_CHECKPOINT_INTERVAL_MS = 200;

    private KafkaExactlyOnceWordCount() {
    }

    /**
     * The topology for {@code conf}.
     *
     * @throws IllegalArgumentException when {@value KafkaWordCountTopology#BOOTSTRAP} is missing
     */
    public static StormTopology createTopology(Map<String, Object> conf) {
        Object bootstrap = conf.get(KafkaWordCountTopology.BOOTSTRAP);
        if (bootstrap == null || bootstrap.toString().isBlank()) {
            throw new IllegalArgumentException(KafkaWordCountTopology.BOOTSTRAP + " is required: the Kafka brokers,"
                    + " e.g. --conf " + KafkaWordCountTopology.BOOTSTRAP + "=localhost:9092");
        }
        conf.putIfAbsent(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, DEFAULT_CHECKPOINT_INTERVAL_MS);
        KafkaSpoutConfig<String, String> spout = KafkaSpoutConfig
                .builder(bootstrap.toString(), string(conf, KafkaWordCountTopology.IN_TOPIC,
                        KafkaWordCountTopology.DEFAULT_IN_TOPIC))
                .setGroupId(string(conf, KafkaWordCountTopology.GROUP, DEFAULT_GROUP))
                .setOffsetsInCheckpoint(true)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST)
                .setRecordTranslator(r -> new Values(r.value()), new Fields("line"))
                .build();
        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap.toString());
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.LINGER_MS_CONFIG, 5);

        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("kafka", new KafkaSpout<>(spout), 2);
        builder.setBolt("split", new Split(), 2).shuffleGrouping("kafka");
        builder.setBolt("count", new WordCounts(), 2).fieldsGrouping("split", new Fields("word"));
        builder.setBolt("counts", new TransactionalKafkaBolt<String, String>()
                .withProducerProperties(producer)
                .withTopicSelector(string(conf, KafkaWordCountTopology.OUT_TOPIC, DEFAULT_OUT_TOPIC))
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("word", "count")), 2)
                .fieldsGrouping("count", new Fields("word"));
        return builder.createTopology();
    }

    private static String string(Map<String, Object> conf, String key, String otherwise) {
        Object v = conf.get(key);
        return v == null || v.toString().isBlank() ? otherwise : v.toString();
    }

    /** Emits each word of a line. */
    public static final class Split extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String line = input.getString(0);
            for (String word : ReliableWordCount.words(line == null ? "" : line)) {
                collector.emit(new Values(word));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Counts each word in checkpointed state and emits its count so far, anchored. */
    public static final class WordCounts extends BaseStatefulBolt<KeyValueState<String, Long>> {
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
            String word = input.getString(0);
            long count = counts.get(word, 0L) + 1;
            counts.put(word, count);
            collector.emit(input, new Values(word, Long.toString(count)));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }
}
