package dev.gale.benchmarks.soak.eo;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.state.KeyValueState;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The {@code main} of the exactly-once soak's child JVM: a checkpointed {@code KafkaSpout} into a
 * flaky bolt (fails or throws on the first delivery of chosen records) into a stateful counter per
 * key (RocksDB or Redis state), checkpointed every 100 ms. It says what happens on stdout, a line
 * each (see {@link Lines}), and runs until killed. Arguments, in order: bootstrap servers, topic,
 * store ({@code rocksdb} or {@code redis}), state location (a directory, or a Redis port on
 * 127.0.0.1), spout tasks, counter tasks, ackers, fail one record in N (0: none), throw on one in N
 * (0: none).
 */
public final class SoakTopology {
    /** The topology's name, and so the first part of its state's namespaces. */
    public static final String NAME = "soak";
    static final String TOTAL = "$total";

    private SoakTopology() {
    }

    /** Fails, or throws on, the first delivery of the records its rates pick; passes the rest on. */
    public static final class FlakyBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        /** Records broken once in this JVM, whichever task saw them: a replay goes through. */
        private static final Set<Long> BROKEN = ConcurrentHashMap.newKeySet();
        private final int failEvery;
        private final int throwEvery;
        private transient OutputCollector collector;

        FlakyBolt(int failEvery, int throwEvery) {
            this.failEvery = failEvery;
            this.throwEvery = throwEvery;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            long id = input.getIntegerByField("partition") * 1_000_000_000_000L + input.getLongByField("offset");
            long pick = Long.remainderUnsigned(id * 0x9E3779B97F4A7C15L, 1_000_003L);
            if (failEvery > 0 && pick % failEvery == 0 && BROKEN.add(id)) {
                Lines.say(Lines.INJECTED + " fail " + id);
                collector.fail(input);
                return;
            }
            if (throwEvery > 0 && pick % throwEvery == 1 && BROKEN.add(id)) {
                Lines.say(Lines.INJECTED + " throw " + id);
                throw new IllegalStateException("injected failure on record " + id);
            }
            collector.emit(input, new Values(input.getStringByField("key")));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("key"));
        }
    }

    /** Counts records per key, and all of them under {@value #TOTAL}. */
    public static final class Counter extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private transient KeyValueState<String, Long> counts;
        private transient OutputCollector collector;
        private transient int index;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.index = context.getThisTaskIndex();
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
            Lines.say(Lines.PREPARE + " index=" + index + " txid=" + txid + " total=" + counts.get(TOTAL, 0L));
        }
    }

    public static void main(String[] args) {
        String bootstrap = args[0];
        String topic = args[1];
        String store = args[2];
        String location = args[3];
        int spoutTasks = Integer.parseInt(args[4]);
        int counters = Integer.parseInt(args[5]);
        int ackers = Integer.parseInt(args[6]);
        int failEvery = Integer.parseInt(args[7]);
        int throwEvery = Integer.parseInt(args[8]);
        KafkaSpoutConfig<String, String> spoutConfig = KafkaSpoutConfig.builder(bootstrap, topic)
                .setOffsetsInCheckpoint(true)
                .setFirstPollOffsetStrategy(FirstPollOffsetStrategy.EARLIEST)
                .setProp(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500)
                .setRecordTranslator(r -> new Values(r.key(), r.partition(), r.offset()),
                        new Fields("key", "partition", "offset"))
                .build();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new KafkaSpout<>(spoutConfig), spoutTasks);
        b.setBolt("flaky", new FlakyBolt(failEvery, throwEvery), 2).shuffleGrouping("kafka");
        b.setBolt("count", new Counter(), counters).fieldsGrouping("flaky", new Fields("key"));
        Config conf = new Config();
        conf.putAll(stateConf(store, location));
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 100);
        conf.setNumAckers(ackers);
        conf.setMaxSpoutPending(5000);
        LocalCluster cluster = new LocalCluster();
        try {
            cluster.submitTopology(NAME, conf, b.createTopology());
        } catch (InvalidTopologyException e) {
            Lines.say(Lines.REFUSED + " " + e.getMessage());
            Runtime.getRuntime().halt(2);
        }
        Lines.say(Lines.STARTED + " pid=" + ProcessHandle.current().pid());
        while (true) {
            Optional<ErrorInfo> fatal = cluster.getTopologyStats(NAME).fatal();
            if (fatal.isPresent()) {
                Lines.say(Lines.FATAL + " " + fatal.get().componentId() + ": " + fatal.get().message());
                Runtime.getRuntime().halt(3);
            }
            LockSupport.parkNanos(200_000_000L);
        }
    }

    /** The state provider's settings for {@code store} at {@code location}. */
    public static Map<String, Object> stateConf(String store, String location) {
        Map<String, Object> conf = new HashMap<>();
        switch (store) {
            case "rocksdb" -> {
                conf.put(Config.TOPOLOGY_STATE_PROVIDER, "dev.gale.rocksdb.state.RocksDbKeyValueStateProvider");
                conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Map.of("path", location));
            }
            case "redis" -> {
                conf.put(Config.TOPOLOGY_STATE_PROVIDER, "dev.gale.redis.state.RedisKeyValueStateProvider");
                conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG,
                        Map.of("jedisPoolConfig", Map.of("host", "127.0.0.1", "port", Integer.parseInt(location))));
            }
            default -> throw new IllegalArgumentException("store must be rocksdb or redis, not " + store);
        }
        return conf;
    }
}
