package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The configuration components see is Storm's: its defaults under the user's values, typed as Storm types them. */
class ConfigDefaultsTest {

    /** Keeps the conf its task was prepared with, and the context's. */
    static final class ConfSeeingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Map<String, Object>> CONFS = new ConcurrentHashMap<>();
        private static final Map<String, Map<String, Object>> CONTEXT_CONFS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();

        Map<String, Object> conf() {
            return CONFS.get(id);
        }

        Map<String, Object> contextConf() {
            return CONTEXT_CONFS.get(id);
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            CONFS.put(id, topoConf);
            CONTEXT_CONFS.put(id, context.getConf());
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** A feeder spout that also keeps the conf it was opened with. */
    static final class ConfSeeingSpout extends FeederSpout {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Map<String, Object>> CONFS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();

        ConfSeeingSpout() {
            super(new Fields("word"));
        }

        Map<String, Object> conf() {
            return CONFS.get(id);
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            CONFS.put(id, conf);
            super.open(conf, context, collector);
        }
    }

    @Test
    void componentsSeeStormsDefaultsUnderTheUsersValuesWithNumbersTypedAsAfterStormsJsonRoundTrip() {
        ConfSeeingSpout spout = new ConfSeeingSpout();
        ConfSeeingBolt bolt = new ConfSeeingBolt();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("bolt", bolt).shuffleGrouping("spout").addConfiguration("my.component.value", 7)
                .addConfiguration(Config.TOPOLOGY_DEBUG, false);
        Config conf = new Config();
        conf.setNumWorkers(3);
        conf.setMessageTimeoutSecs(45);
        conf.put("my.list", List.of(1, 2.5f, "s"));
        conf.put("my.map", Map.of("n", (short) 4));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("defaults", conf, b.createTopology());
            cluster.waitForIdle();
        }
        for (Map<String, Object> seen : List.of(spout.conf(), bolt.conf(), bolt.contextConf())) {
            assertThat(seen)
                    // the user's values, integers as Long, floats as Double, nested ones too
                    .containsEntry(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 45L)
                    .containsEntry(Config.TOPOLOGY_WORKERS, 3L)
                    .containsEntry("my.list", List.of(1L, 2.5, "s"))
                    .containsEntry("my.map", Map.of("n", 4L))
                    // Storm's defaults for what the user did not set
                    .containsEntry(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, true)
                    .containsEntry(Config.TOPOLOGY_EVENTLOGGER_EXECUTORS, 0L)
                    .containsEntry(Config.TOPOLOGY_STATS_SAMPLE_RATE, 0.05)
                    .containsEntry(Config.TOPOLOGY_SPOUT_WAIT_STRATEGY, "org.apache.storm.policy.WaitStrategyProgressive")
                    // keys whose default is null are there with null, as in Storm's conf
                    .containsEntry(Config.TOPOLOGY_MAX_SPOUT_PENDING, null)
                    .containsEntry(Config.TOPOLOGY_ACKER_EXECUTORS, null)
                    .containsEntry(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, null)
                    // where Gale's own default is what runs, the conf says so
                    .containsEntry(Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE, 1024L)
                    .containsEntry(Config.TOPOLOGY_NAME, "defaults");
        }
        assertThat(bolt.conf()).containsEntry("my.component.value", 7L).containsEntry(Config.TOPOLOGY_DEBUG, false);
        assertThat(spout.conf()).doesNotContainKey("my.component.value");
    }

    @Test
    void withNothingSetTheMessageTimeoutIsThirtyLongAsStormsSingleJoinBoltReadsIt() {
        ConfSeeingBolt bolt = new ConfSeeingBolt();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        b.setBolt("bolt", bolt).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("timeout-default", new Config(), b.createTopology());
            cluster.waitForIdle();
            // Unset, max spout pending reads null, as in Storm; Gale still bounds pending trees at 1000.
            SpoutExecutor spoutExecutor = (SpoutExecutor) Internals.running(cluster, "timeout-default").executors().stream()
                    .filter(e -> e instanceof SpoutExecutor).findFirst().orElseThrow();
            assertThat(spoutExecutor.pendingLimit(0)).isEqualTo(1000);
        }
        // storm-starter's SingleJoinBolt: ((Number) conf.get(TOPOLOGY_MESSAGE_TIMEOUT_SECS)).intValue()
        assertThat(bolt.conf().get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS)).isEqualTo(30L);
        assertThat(bolt.conf().get(Config.TOPOLOGY_MAX_SPOUT_PENDING)).isNull();
    }

    @Test
    void everyStormConfigConstantIsInTheDocumentedTable() throws IOException, IllegalAccessException {
        String table = Files.readString(Path.of("..", "docs", "storm-config.md"));
        List<String> stormKeys = new ArrayList<>();
        for (Field f : Config.class.getFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) && f.getType() == String.class) {
                String key = (String) f.get(null);
                if (!key.startsWith("gale.")) {
                    stormKeys.add(key);
                    assertThat(table).as(f.getName()).contains("| `" + f.getName() + "`").contains("| `" + key + "` |");
                }
            }
        }
        // Storm 2.8's Config has 305 keys; Gale has them all.
        assertThat(stormKeys).hasSizeGreaterThanOrEqualTo(305);
    }

    @Test
    @SuppressWarnings("unchecked")
    void stormsSettersRecordUnderStormsKeys() {
        Config conf = new Config();
        conf.setNumEventLoggers(2);
        conf.registerMetricsConsumer(String.class, 3);
        conf.setTopologyPriority(5);
        conf.setStatsSampleRate(0.5);
        assertThat(conf).containsEntry(Config.TOPOLOGY_EVENTLOGGER_EXECUTORS, 2)
                .containsEntry(Config.TOPOLOGY_PRIORITY, 5)
                .containsEntry(Config.TOPOLOGY_STATS_SAMPLE_RATE, 0.5);
        List<?> consumers = (List<?>) conf.get(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER);
        assertThat(consumers).hasSize(1);
        assertThat((Map<Object, Object>) consumers.get(0)).containsEntry("class", "java.lang.String")
                .containsEntry("parallelism.hint", 3L);
    }
}
