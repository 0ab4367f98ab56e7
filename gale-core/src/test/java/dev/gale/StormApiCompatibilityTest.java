package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.AuthorizationException;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** Storm API surface that the embedded engine accepts and records but has no use for. */
class StormApiCompatibilityTest {

    /** Stands in for a Kryo serializer class: Gale only records its name. */
    static final class PointSerializer {
    }

    record Point(int x, int y) {
    }

    /** Keeps the configuration its task was prepared with, and acks everything. */
    static final class ConfRecordingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Map<String, Object>> CONFS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;

        Map<String, Object> conf() {
            return CONFS.get(id);
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            CONFS.put(id, topoConf);
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void stormSubmitterDeclaresStormsExceptions() throws NoSuchMethodException {
        for (String name : List.of("submitTopology", "submitTopologyWithProgressBar")) {
            assertThat(StormSubmitter.class.getMethod(name, String.class, Map.class, StormTopology.class)
                    .getExceptionTypes()).as(name)
                    .containsExactly(AlreadyAliveException.class, InvalidTopologyException.class,
                            AuthorizationException.class);
        }
        assertThat(new AuthorizationException("not allowed")).hasMessage("not allowed");
    }

    @Test
    void theEventLoggerKeysOfStorm285HaveStormsNames() {
        assertThat(Config.TOPOLOGY_EVENTLOGGER_ROTATION_SIZE_MB).isEqualTo("topology.eventlogger.rotation.size.mb");
        assertThat(Config.TOPOLOGY_EVENTLOGGER_MAX_RETAINED_FILES).isEqualTo("topology.eventlogger.max.retained.files");
    }

    @Test
    @SuppressWarnings("unchecked")
    void registerSerializationRecordsUnderStormsKeyInStormsShape() {
        Config conf = new Config();
        conf.registerSerialization(Point.class);
        conf.registerSerialization(String.class, PointSerializer.class);
        Config.registerSerialization(conf, Integer.class);
        assertThat(Config.TOPOLOGY_KRYO_REGISTER).isEqualTo("topology.kryo.register");
        assertThat((List<Object>) conf.get(Config.TOPOLOGY_KRYO_REGISTER)).containsExactly(Point.class.getName(),
                Map.of(String.class.getName(), PointSerializer.class.getName()), Integer.class.getName());

        // A list someone made immutable is copied, not written into.
        Config frozen = new Config();
        frozen.put(Config.TOPOLOGY_KRYO_REGISTER, List.of("a.B"));
        frozen.registerSerialization(Point.class);
        assertThat((List<Object>) frozen.get(Config.TOPOLOGY_KRYO_REGISTER)).containsExactly("a.B", Point.class.getName());
    }

    @Test
    @SuppressWarnings("unchecked")
    void registrationsAreRecordedInStormsShapeAsMapsReadersMayExtend() {
        Config conf = new Config();
        conf.registerEventLogger(String.class, Map.of("k", 1));
        conf.registerMetricsConsumer(Integer.class, "arg", 2);
        conf.setTopologyComponentWorkerConstraints("a", null);
        conf.setTopologyComponentWorkerConstraints("a", "b");

        List<Map<String, Object>> loggers = (List<Map<String, Object>>) conf.get(Config.TOPOLOGY_EVENT_LOGGER_REGISTER);
        assertThat(loggers).containsExactly(Map.of("class", "java.lang.String", "arguments", Map.of("k", 1)));
        List<Map<String, Object>> consumers = (List<Map<String, Object>>) conf.get(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER);
        assertThat(consumers).containsExactly(Map.of("class", "java.lang.Integer", "parallelism.hint", 2L, "argument", "arg"));
        assertThat((List<Object>) conf.get(Config.TOPOLOGY_RAS_CONSTRAINTS)).containsExactly(List.of("a", "b"));
        // Storm's entries are plain mutable collections; code written for Storm may add to them.
        loggers.get(0).put("extra", true);
        conf.registerSerialization(String.class, PointSerializer.class);
        ((List<Map<String, String>>) conf.get(Config.TOPOLOGY_KRYO_REGISTER)).get(0).put("x", "y");
    }

    @Test
    void resourceHintsAreRecordedInTheComponentConfAndTheTopologyRuns() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        ConfRecordingBolt bolt = new ConfRecordingBolt();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout).setMemoryLoad(64).setCPULoad(50);
        b.setBolt("bolt", bolt).shuffleGrouping("spout").setMemoryLoad(128, 16.5).setCPULoad(null);
        Config conf = new Config();
        conf.registerSerialization(Point.class, PointSerializer.class);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("hints", conf, b.createTopology());
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
        }
        Map<String, Object> seen = bolt.conf();
        assertThat(seen).containsEntry(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, 128.0)
                .containsEntry(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, 16.5)
                // setCPULoad(null) sets nothing: the bolt sees Storm's default, as in Storm.
                .containsEntry(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, 10.0);
        assertThat(b.createTopology().components().get("spout").conf())
                .containsEntry(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, 64.0)
                .containsEntry(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, 50)
                .doesNotContainKey(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB);
    }
}
