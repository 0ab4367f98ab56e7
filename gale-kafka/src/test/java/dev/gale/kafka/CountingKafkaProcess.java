package dev.gale.kafka;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.rocksdb.state.RocksDbKeyValueStateProvider;
import dev.gale.state.KeyValueState;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The {@code main} of the child JVMs of {@link ExactlyOnceKillTest}: KafkaSpout (offsets in the
 * checkpoints, or not) into a stateful bolt that counts records per key in RocksDB state,
 * checkpointed every 200 ms. Each count task prints {@code PREPARE task=<id> total=<n>} before
 * each prepare. Runs until killed or its stdin closes.
 *
 * <p>Arguments: bootstrap servers, topic, group, state directory, exactly-once (true/false), spout tasks.
 */
public final class CountingKafkaProcess {
    static final String PREPARE = "PREPARE";
    static final String TOTAL = "$total";

    private CountingKafkaProcess() {
    }

    /** Counts records per key; "$total" counts them all. */
    public static final class KeyCounter extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient KeyValueState<String, Long> counts;
        private transient OutputCollector collector;
        private transient int task;

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
            counts.put(key, counts.get(key, 0L) + 1);
            counts.put(TOTAL, counts.get(TOTAL, 0L) + 1);
            collector.ack(input);
        }

        @Override
        public void prePrepare(long txid) {
            KafkaPipelineProcess.say(PREPARE + " task=" + task + " total=" + counts.get(TOTAL, 0L));
        }
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        String group = args[2];
        String stateDir = args[3];
        boolean exactlyOnce = Boolean.parseBoolean(args[4]);
        int spoutTasks = Integer.parseInt(args[5]);
        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, topic)
                .setGroupId(group)
                .setOffsetsInCheckpoint(exactlyOnce)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST)
                .setOffsetCommitPeriodMs(200)
                .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200)
                .setProp(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, KafkaPipelineProcess.SESSION_TIMEOUT_MS)
                .setProp(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, KafkaPipelineProcess.HEARTBEAT_INTERVAL_MS)
                .setRecordTranslator(r -> new Values(r.key(), r.value()), new Fields("key", "value"))
                .build();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(spoutConfig), spoutTasks);
        b.setBolt("count", new KeyCounter(), 2).fieldsGrouping("kafka", new Fields("key"));
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, RocksDbKeyValueStateProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"path\": \"" + stateDir.replace("\\", "\\\\") + "\"}");
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 200);
        conf.setMaxSpoutPending(2000);
        LocalCluster cluster = new LocalCluster();
        cluster.submitTopology("counting", conf, b.createTopology());
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
