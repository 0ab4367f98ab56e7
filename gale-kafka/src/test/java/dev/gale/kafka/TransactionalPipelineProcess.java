package dev.gale.kafka;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.bolt.TransactionalKafkaBolt;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.rocksdb.state.RocksDbKeyValueStateProvider;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The {@code main} of the child JVMs of {@link TransactionalKafkaKillTest}: KafkaSpout (offsets in
 * the checkpoints) -> a flaky bolt (fails or throws on a few records, every run anew) -> a
 * stateful count per key in RocksDB state, emitting {@code (id, key, count)} for each record ->
 * {@link TransactionalKafkaBolt}, which writes key = the input's value, value = {@code "<key>
 * <count>"}. Checkpoints every 200 ms. Each count task prints {@code PREPARE task=<id> total=<n>}
 * before each prepare. Runs until killed or its stdin closes.
 *
 * <p>Arguments: bootstrap servers, input topic, output topic, state directory, where the sink
 * crashes ({@link CrashingSink}; "none": it does not).
 */
public final class TransactionalPipelineProcess {
    static final String PREPARE = "PREPARE";
    static final String CRASHING = "CRASHING";
    static final String BEFORE_KAFKA_COMMIT = "before-kafka-commit";
    static final String AFTER_KAFKA_COMMIT = "after-kafka-commit";
    /**
     * On its first delivery in a run, the record whose id is a multiple of this fails, and the one
     * half-way between two of those throws: every run rolls back a few times, at moments the
     * checkpoints do not choose.
     */
    static final int FLAKY_EVERY = 4000;

    private TransactionalPipelineProcess() {
    }

    /** Passes (key, value) on, failing or throwing on a few records the first time it sees them. */
    public static final class FlakyBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private static final Set<Integer> SEEN = ConcurrentHashMap.newKeySet();

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            int id = Integer.parseInt(input.getStringByField("value"));
            if (id % FLAKY_EVERY == 0 && SEEN.add(id)) {
                throw new FailedException("flaky: failing " + id);
            }
            if (id % FLAKY_EVERY == FLAKY_EVERY / 2 && SEEN.add(id)) {
                throw new IllegalStateException("flaky: throwing on " + id);
            }
            collector.emit(new Values(input.getStringByField("key"), input.getStringByField("value")));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("key", "value"));
        }
    }

    /** Counts records per key and emits, for each, its id and its key's count so far. */
    public static final class CountPerKey extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient KeyValueState<String, Long> counts;
        private transient OutputCollector collector;
        private transient int task;
        private transient long total;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.task = context.getThisTaskId();
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            this.counts = state;
        }

        @Override
        public void execute(Tuple input) {
            String key = input.getStringByField("key");
            long count = counts.get(key, 0L) + 1;
            counts.put(key, count);
            collector.emit(input, new Values(input.getStringByField("value"), key + " " + count));
            collector.ack(input);
        }

        @Override
        public void prePrepare(long txid) {
            total = 0;
            counts.forEach(e -> total += e.getValue());
            KafkaPipelineProcess.say(PREPARE + " task=" + task + " total=" + total);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "out"));
        }
    }

    /**
     * The sink, which can halt the JVM at its second commit with records, either before Kafka
     * commits the transaction or right after (before the checkpoint's state records the commit):
     * the two crash windows of a two-phase commit, hit on purpose rather than by chance.
     */
    public static final class CrashingSink extends TransactionalKafkaBolt<String, String> {
        private static final long serialVersionUID = 1L;
        private final String crash;
        private transient boolean sawRecords;
        private transient int commitsWithRecords;

        CrashingSink(String crash) {
            this.crash = crash;
        }

        @Override
        public void execute(Tuple input) {
            sawRecords = true;
            super.execute(input);
        }

        @Override
        public void preCommit(long txid) {
            boolean crashNow = sawRecords && ++commitsWithRecords == 2;
            sawRecords = false;
            if (crashNow && BEFORE_KAFKA_COMMIT.equals(crash)) {
                KafkaPipelineProcess.say(CRASHING + " " + crash + " txid=" + txid);
                Runtime.getRuntime().halt(9);
            }
            super.preCommit(txid);
            if (crashNow && AFTER_KAFKA_COMMIT.equals(crash)) {
                KafkaPipelineProcess.say(CRASHING + " " + crash + " txid=" + txid);
                Runtime.getRuntime().halt(9);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        // The test looks for the sink's report of a batch written again after a crash.
        System.setProperty("org.slf4j.simpleLogger.log." + TransactionalKafkaBolt.class.getName(), "info");
        String bootstrap = args[0];
        String input = args[1];
        String output = args[2];
        String stateDir = args[3];
        String crash = args[4];
        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, input)
                .setGroupId("group-" + input)
                .setOffsetsInCheckpoint(true)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST)
                .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200)
                .setRecordTranslator(r -> new Values(r.key(), r.value()), new Fields("key", "value"))
                .build();
        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        producer.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(spoutConfig), 2);
        b.setBolt("flaky", new FlakyBolt(), 2).shuffleGrouping("kafka");
        b.setBolt("count", new CountPerKey(), 2).fieldsGrouping("flaky", new Fields("key"));
        b.setBolt("sink", new CrashingSink(crash)
                .withProducerProperties(producer)
                .withTopicSelector(output)
                .withTupleToKafkaMapper(new FieldNameBasedTupleToKafkaMapper<>("id", "out")), 2)
                .shuffleGrouping("count");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, RocksDbKeyValueStateProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"path\": \"" + stateDir.replace("\\", "\\\\") + "\"}");
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 200);
        conf.setMaxSpoutPending(2000);
        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("transactional", conf, b.createTopology());
        KafkaPipelineProcess.say(KafkaPipelineProcess.STARTED + " pid=" + ProcessHandle.current().pid());
        try {
            while (System.in.read() >= 0) {
                // wait for end of file: the test JVM is gone
            }
        } catch (IOException ignored) {
            // treated as end of file
        }
        Runtime.getRuntime().halt(3);
    }
}
