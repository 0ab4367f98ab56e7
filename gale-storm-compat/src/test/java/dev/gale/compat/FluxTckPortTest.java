package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.FluxException;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.flux.test.SimpleTopologyWithConfigParam;
import dev.gale.flux.test.TestBolt;
import dev.gale.flux.wrappers.bolts.FluxShellBolt;
import dev.gale.flux.wrappers.bolts.LogInfoBolt;
import dev.gale.flux.wrappers.spouts.FluxShellSpout;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.hooks.BaseWorkerHook;
import dev.gale.kafka.spout.FirstPollOffsetStrategy;
import dev.gale.kafka.spout.KafkaSpout;
import dev.gale.kafka.spout.KafkaSpoutConfig;
import dev.gale.testing.NGrouping;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Port of Storm 2.8's flux-core {@code TCKTest}: its YAML files (under {@code configs/}, as Storm
 * ships them) parsed and built by Gale's Flux, their {@code org.apache.storm} class names found
 * under {@code dev.gale}. Where Storm calls {@code topology.validate()} (Thrift's check of
 * required fields), these tests submit the topology to a step-scheduled {@link LocalCluster},
 * which validates the whole graph, and check its shape.
 *
 * <p>Files that need what Gale lacks keep the scenario that is possible: HDFS and Trident classes
 * are named as missing. Multilang components (FluxShellSpout/Bolt) build and validate as in Storm;
 * their subprocesses would start when the topology runs (storm-starter's, in gale-examples, do). Adapted copies under
 * {@code configs/gale/} run the rest of those scenarios (each says what it changes).
 */
class FluxTckPortTest {

    private static TopologyDef parse(String resource) throws Exception {
        return FluxParser.parseResource(resource, false, true, null, false);
    }

    private static StormTopology build(ExecutionContext context) throws Exception {
        return FluxBuilder.buildTopology(context);
    }

    private static ExecutionContext context(TopologyDef def) {
        return new ExecutionContext(def, FluxBuilder.buildConfig(def));
    }

    /** Storm's {@code topology.validate()}, made stronger: Gale's submit checks every component, stream and field. */
    private static void assertValid(StormTopology topology, Config conf) {
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("flux-tck", conf, topology);
            assertThat(cluster.getTopologyNames()).containsExactly("flux-tck");
        }
    }

    private static Grouping input(StormTopology topology, String bolt, String from) {
        return topology.get_bolts().get(bolt).get_common().get_inputs().get(new GlobalStreamId(from, Utils.DEFAULT_STREAM_ID));
    }

    @Test
    void tck() throws Exception {
        TopologyDef def = parse("/configs/tck.yaml");
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = build(context);
        assertThat(topology).isNotNull();
        assertValid(topology, conf);

        assertThat(conf).containsEntry("topology.workers", 1);
        assertThat(context.getSpout("spout-1")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("bolt-1")).isInstanceOf(TestWordCounter.class);
        assertThat(context.getBolt("bolt-2")).isInstanceOf(LogInfoBolt.class);
        assertThat(topology.components().get("spout-1").numTasks()).isEqualTo(5);
        assertThat(topology.components().get("bolt-1").numTasks()).isEqualTo(100);
        assertThat(input(topology, "bolt-1", "spout-1").fields()).containsExactly("word");
        assertThat(input(topology, "bolt-2", "bolt-1").customGrouping()).isInstanceOf(NGrouping.class);
    }

    @Test
    void shellComponents() throws Exception {
        TopologyDef def = parse("/configs/shell_test.yaml");
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = build(context);
        assertValid(topology, conf);
        assertThat(context.getSpout("sentence-spout")).isInstanceOf(FluxShellSpout.class);
        assertThat(context.getBolt("splitsentence")).isInstanceOf(FluxShellBolt.class);
        assertThat(topology.get_spouts().get("sentence-spout").get_common().get_streams().get("default")
                .get_output_fields()).containsExactly("word");
        assertThat(((FluxShellBolt) context.getBolt("splitsentence")).getComponentConfiguration())
                .containsEntry("rabbitmq.configfile", "etc/rabbit.yml").containsEntry("publisher.data_paths", List.of("actions"));
    }

    @Test
    void badShellComponents() throws Exception {
        TopologyDef def = parse("/configs/bad_shell_test.yaml");
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unable to find configuration method");
    }

    @Test
    void badConfigMethodOnAJavaBolt() throws Exception {
        TopologyDef def = parse("/configs/gale/bad_config_method_test.yaml");
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bolt 'bolt-1': Unable to find configuration method 'withFooBar'");
    }

    @Test
    void kafkaSpoutConfigAsStormWritesItWithAShellBolt() throws Exception {
        TopologyDef def = parse("/configs/kafka_test.yaml");
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = build(context);
        assertValid(topology, conf);
        assertThat(context.getSpout("kafka-spout")).isInstanceOf(KafkaSpout.class);
        assertThat(context.getBolt("splitsentence")).isInstanceOf(FluxShellBolt.class);
    }

    @Test
    void kafkaSpoutConfig() throws Exception {
        TopologyDef def = parse("/configs/gale/kafka_test.yaml");
        ExecutionContext context = context(def);
        StormTopology topology = build(context);
        assertThat(topology.get_spouts()).containsOnlyKeys("kafka-spout");
        assertThat(input(topology, "count", "kafka-spout").fields()).containsExactly("value");
        KafkaSpoutConfig<?, ?> config = (KafkaSpoutConfig<?, ?>) context.getComponent("spoutConfig");
        assertThat(config.getTopics()).containsExactly("myKafkaTopic");
        assertThat(config.getFirstPollOffsetStrategy()).isEqualTo(FirstPollOffsetStrategy.EARLIEST);
        assertThat(config.getTranslator()).isSameAs(context.getComponent("onlyValueRecordTranslator"));
        assertThat(config.getKafkaProps()).containsEntry("bootstrap.servers", "localhost:9092")
                .containsEntry("value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
    }

    @Test
    void loadFromResource() throws Exception {
        try (var in = FluxTckPortTest.class.getResourceAsStream("/configs/gale/kafka_test.yaml")) {
            TopologyDef def = FluxParser.parseInputStream(in, false, true, null, false);
            StormTopology topology = build(context(def));
            assertThat(topology.get_bolts()).containsOnlyKeys("count", "log");
        }
    }

    @Test
    void hdfsComponentsAreNamedAsMissing() throws Exception {
        TopologyDef def = parse("/configs/hdfs_test.yaml");
        assertThat(def.getComponents()).hasSize(5);
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 'syncPolicy': no class org.apache.storm.hdfs.bolt.sync.CountSyncPolicy"
                        + " on the classpath (nor dev.gale.hdfs.bolt.sync.CountSyncPolicy");
    }

    /**
     * The diamond builds, as in Storm. Its bolts are LogInfoBolts, which declare no output, so
     * the streams A -> B, A -> C, B -> D, C -> D subscribe to streams that do not exist: Storm's
     * TCKTest only checks Thrift's required fields, but Storm's own submit refuses this topology
     * ("subscribes from non-existent stream"), and so does Gale's, naming bolt, stream and source.
     */
    @Test
    void diamondTopology() throws Exception {
        TopologyDef def = parse("/configs/diamond-topology.yaml");
        Config conf = FluxBuilder.buildConfig(def);
        StormTopology topology = build(new ExecutionContext(def, conf));
        assertThat(topology.get_bolts().get("D").get_common().get_inputs()).containsOnlyKeys(
                new GlobalStreamId("B", "default"), new GlobalStreamId("C", "default"));
        assertThat(input(topology, "A", "spout-1").fields()).containsExactly("word");
        assertThatThrownBy(() -> assertValid(topology, conf)).isInstanceOf(InvalidTopologyException.class)
                .hasMessage("bolt 'B' subscribes to stream 'default' of 'A' with shuffle grouping, but 'A' does not declare"
                        + " stream 'default'; it declares []");
    }

    @Test
    void badHbase() throws Exception {
        TopologyDef def = parse("/configs/bad_hbase.yaml");
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 'counterFields': Couldn't find a suitable constructor");
    }

    @Test
    void includes() throws Exception {
        TopologyDef def = parse("/configs/include_test.yaml");
        assertThat(def.getName()).isEqualTo("include-topology");
        assertThat(def.getBolts()).isNotEmpty();
        assertThat(def.getSpouts()).isNotEmpty();
        assertThat(def.getStreams()).hasSize(3);
        assertThat(def.getConfig()).containsEntry("topology.workers", 1);
        Config conf = FluxBuilder.buildConfig(def);
        assertValid(build(new ExecutionContext(def, conf)), conf);
    }

    @Test
    void topologySource() throws Exception {
        assertTopologySourceBuilds("/configs/existing-topology.yaml");
    }

    @Test
    void topologySourceWithReflection() throws Exception {
        assertTopologySourceBuilds("/configs/existing-topology-reflection.yaml");
    }

    @Test
    void topologySourceWithConfigParam() throws Exception {
        SimpleTopologyWithConfigParam.lastConfig = null;
        assertTopologySourceBuilds("/configs/existing-topology-reflection-config.yaml");
        assertThat(SimpleTopologyWithConfigParam.lastConfig).isNotNull();
    }

    @Test
    void topologySourceWithMethodName() throws Exception {
        assertTopologySourceBuilds("/configs/existing-topology-method-override.yaml");
    }

    @Test
    void topologySourceWithGetMethodName() throws Exception {
        assertTopologySourceBuilds("/configs/existing-topology-reflection.yaml");
    }

    private static void assertTopologySourceBuilds(String resource) throws Exception {
        TopologyDef def = parse(resource);
        assertThat(def.validate()).isTrue();
        assertThat(def.isDslTopology()).isFalse();
        Config conf = FluxBuilder.buildConfig(def);
        StormTopology topology = build(new ExecutionContext(def, conf));
        assertValid(topology, conf);
        assertThat(topology.get_spouts()).containsOnlyKeys("sentence-spout");
        assertThat(input(topology, "log-bolt", "sentence-spout").type()).isEqualTo(Grouping.Type.SHUFFLE);
    }

    @Test
    void tridentTopologySourceIsNamedAsMissing() throws Exception {
        TopologyDef def = parse("/configs/existing-topology-trident.yaml");
        assertThat(def.validate()).isTrue();
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("topologySource: no class org.apache.storm.flux.test.TridentTopologySource");
    }

    @Test
    void invalidTopologySource() throws Exception {
        TopologyDef def = parse("/configs/invalid-existing-topology.yaml");
        assertThat(def.validate()).as("Topology config is invalid.").isFalse();
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("defines both a topologySource and spouts, bolts or streams");
    }

    @Test
    void topologySourceWithConfigMethods() throws Exception {
        TopologyDef def = parse("/configs/gale/config-methods-test.yaml");
        assertThat(def.validate()).isTrue();
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        StormTopology topology = build(context);
        assertValid(topology, conf);

        TestBolt bolt = (TestBolt) context.getBolt("bolt-1");
        assertThat(bolt.getFoo()).isEqualTo("foo");
        assertThat(bolt.getBar()).isEqualTo("bar");
        assertThat(bolt.getFooBar()).isEqualTo("foobar");
        assertThat(bolt.getNone()).isEqualTo("hit");
        assertThat(bolt.getTimeLen()).isEqualTo(Duration.ofHours(10));
        assertThat(bolt.getTimeLenArr()).containsExactly(Duration.ofHours(10), Duration.ofHours(10));
        assertThat(context.getBolt("bolt-2")).isInstanceOf(TestBolt.class);
        assertThat(context.getBolt("bolt-3")).isInstanceOf(TestBolt.class);
        assertThat(context.getBolt("bolt-4")).isInstanceOf(TestBolt.class);
        assertThat(bolt.getClasses()).containsExactly(new TestBolt.TestClass("foo"), new TestBolt.TestClass("bar"),
                new TestBolt.TestClass("baz"));
    }

    @Test
    void anUndefinedReferenceThatStormPassesAsNullIsAnError() throws Exception {
        TopologyDef def = parse("/configs/config-methods-test.yaml");
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(FluxException.class)
                .hasMessageContaining("bolt 'bolt-1': refers to component 'time2', which is not defined (did you mean"
                        + " 'time1'?); components: foo, bar, baz, time1");
    }

    @Test
    void variableSubstitution() throws Exception {
        Properties properties = FluxParser.parseProperties("/configs/test.properties", true);
        TopologyDef def = FluxParser.parseResource("/configs/substitution-test.yaml", false, true, properties, true);
        assertThat(def.validate()).isTrue();

        assertThat(def.getName()).as("Property not replaced.").isEqualTo("substitution-topology");
        assertThat(def.getConfig().get("test.env.value")).as("ENV variable not replaced.").isEqualTo(System.getenv("PATH"));
        assertThat(def.getConfig().get("list.property.target")).as("List property is not replaced by the expected value")
                .isEqualTo(Collections.singletonList("A string list"));
        assertThat(def.getConfig().get("list.element.property.target"))
                .as("List element property is not replaced by the expected value").isEqualTo("A string list");
        Config conf = FluxBuilder.buildConfig(def);
        assertValid(build(new ExecutionContext(def, conf)), conf);
    }

    @Test
    void topologyWithInvalidStaticFactoryArgument() throws Exception {
        TopologyDef def = parse("/configs/bad_static_factory_test.yaml");
        assertThatThrownBy(() -> build(context(def))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bolt 'bolt-1': Couldn't find a suitable static method 'newLongInstance'");
    }

    @Test
    void topologyWithWorkerHook() throws Exception {
        TopologyDef def = parse("/configs/worker_hook.yaml");
        Config conf = FluxBuilder.buildConfig(def);
        StormTopology topology = build(new ExecutionContext(def, conf));
        assertThat(def.getName()).isEqualTo("worker-hook-topology");
        assertThat(def.getWorkerHooks()).isNotEmpty();
        assertThat(topology.get_worker_hooks_size()).isEqualTo(1);
        assertThat(Utils.javaDeserialize(topology.get_worker_hooks().get(0).array(), Object.class))
                .isInstanceOf(BaseWorkerHook.class);
        assertValid(topology, conf);
    }
}
