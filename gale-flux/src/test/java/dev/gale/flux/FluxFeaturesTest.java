package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.flux.fixtures.Relay;
import dev.gale.flux.fixtures.Sources;
import dev.gale.flux.fixtures.TunableBolt;
import dev.gale.flux.fixtures.TunableBolt.Label;
import dev.gale.flux.fixtures.TunableBolt.Mode;
import dev.gale.flux.fixtures.ValueOnlyTranslator;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
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
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.NGrouping;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.Testing;
import dev.gale.time.SimulatedClock;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Gale's Flux end to end on the files under {@code flux/} in the test resources: every part of a
 * Flux file parsed, built into a topology and (where it can run here) submitted, and every kind of
 * mistake reported with the component it concerns. Class names under {@code org.apache.storm.}
 * are Storm's, as users write them; they resolve to Gale's classes.
 */
class FluxFeaturesTest {

    private static TopologyDef parse(String resource) throws Exception {
        return FluxParser.parseResource(resource, false, true, null, false);
    }

    private static Built build(String resource) throws Exception {
        TopologyDef def = parse(resource);
        Config conf = FluxBuilder.buildConfig(def);
        ExecutionContext context = new ExecutionContext(def, conf);
        return new Built(def, conf, context, FluxBuilder.buildTopology(context));
    }

    private record Built(TopologyDef def, Config conf, ExecutionContext context, StormTopology topology) {
        Grouping input(String bolt, String from) {
            return topology.get_bolts().get(bolt).get_common().get_inputs()
                    .get(new GlobalStreamId(from, Utils.DEFAULT_STREAM_ID));
        }

        /** Submits it to a cluster on simulated time, whose submit checks every component, stream and field. */
        void submits() {
            try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
                cluster.submitTopology(def.getName(), conf, topology);
                assertThat(cluster.getTopologyNames()).containsExactly(def.getName());
            }
        }
    }

    private static void buildFails(String resource, String message) throws Exception {
        TopologyDef def = parse(resource);
        assertThatThrownBy(() -> FluxBuilder.buildTopology(new ExecutionContext(def, FluxBuilder.buildConfig(def))))
                .isInstanceOf(FluxException.class).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @Test
    void buildsSpoutsBoltsParallelismTasksLoadsAndGroupings() throws Exception {
        Built b = build("/flux/features/counting.yaml");
        assertThat(b.def().getName()).isEqualTo("counting");
        assertThat(b.conf()).containsEntry(Config.TOPOLOGY_WORKERS, 2).containsEntry(Config.TOPOLOGY_DEBUG, false);
        assertThat(b.context().getSpout("words")).isInstanceOf(TestWordSpout.class);
        assertThat(b.context().getBolt("tally")).isInstanceOf(TestWordCounter.class);
        assertThat(b.context().getBolt("printer")).isInstanceOf(LogInfoBolt.class);

        assertThat(b.topology().get_spouts().get("words").get_common().get_parallelism_hint()).isEqualTo(2);
        assertThat(b.topology().components().get("words").numTasks()).isEqualTo(4);
        assertThat(b.topology().get_bolts().get("tally").get_common().get_parallelism_hint()).isEqualTo(3);
        assertThat(b.topology().components().get("tally").numTasks()).isEqualTo(9);
        assertThat(b.topology().components().get("printer").numTasks()).isEqualTo(2);
        assertThat(b.topology().get_spouts().get("words").get_common().get_json_conf())
                .contains(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB)
                .contains(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB)
                .contains(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT);

        assertThat(b.input("tally", "words").fields()).containsExactly("word");
        assertThat(b.input("printer", "tally").customGrouping()).isInstanceOf(NGrouping.class);
        b.submits();
    }

    @Test
    void multilangComponentsTakeTheirCommandFieldsAndComponentConfiguration() throws Exception {
        Built b = build("/flux/features/multilang.yaml");
        assertThat(b.context().getSpout("lines")).isInstanceOf(FluxShellSpout.class);
        assertThat(b.context().getBolt("tokenize")).isInstanceOf(FluxShellBolt.class);
        assertThat(b.topology().get_spouts().get("lines").get_common().get_streams().get(Utils.DEFAULT_STREAM_ID)
                .get_output_fields()).containsExactly("line");
        assertThat(b.topology().get_bolts().get("tokenize").get_common().get_streams().get(Utils.DEFAULT_STREAM_ID)
                .get_output_fields()).containsExactly("token");
        assertThat(((FluxShellSpout) b.context().getSpout("lines")).getComponentConfiguration())
                .containsEntry("queue.url", "amqp://broker:5672");
        assertThat(((FluxShellBolt) b.context().getBolt("tokenize")).getComponentConfiguration())
                .containsEntry("tokenizer.locale", "en_GB").containsEntry("tokenizer.stopwords", List.of("a", "the"));
        assertThat(b.input("tokens", "tokenize").fields()).containsExactly("token");
        b.submits();
    }

    @Test
    void aConfigurationMethodThatTakesOtherArgumentsIsNamedWithItsComponent() throws Exception {
        buildFails("/flux/bad/shell-config-method.yaml",
                "bolt 'tokenize': Unable to find configuration method 'addComponentConfig'");
        buildFails("/flux/bad/java-config-method.yaml", "bolt 'tuned': Unable to find configuration method 'withPair'");
    }

    @Test
    void anIncludedFileAddsItsPartsWhileTheIncludingFileKeepsItsOwn() throws Exception {
        Built b = build("/flux/features/with-includes.yaml");
        assertThat(b.def().getName()).isEqualTo("with-includes");
        assertThat(b.def().getConfig()).containsEntry("shared.setting", "from with-includes.yaml")
                .containsEntry(Config.TOPOLOGY_WORKERS, 1);
        assertThat(b.def().getSpouts()).extracting(s -> s.getId()).containsExactly("lines");
        assertThat(b.def().getBolts()).extracting(s -> s.getId()).containsExactlyInAnyOrder("tokenize", "tokens", "printer");
        assertThat(b.def().getStreams()).hasSize(3);
        assertThat(b.input("printer", "tokens").type()).isEqualTo(Grouping.Type.SHUFFLE);
        b.submits();
    }

    @Test
    void substitutesFilterPropertiesListsListItemsAndEnvironmentVariables() throws Exception {
        Properties properties = FluxParser.parseProperties("/flux/features/substituted.properties", true);
        TopologyDef def = FluxParser.parseResource("/flux/features/substituted.yaml", false, true, properties, true);
        assertThat(def.getName()).isEqualTo("nightly-count");
        assertThat(def.getConfig()).containsEntry(Config.TOPOLOGY_WORKERS, 3)
                .containsEntry("search.path", System.getenv("PATH"))
                .containsEntry("brokers", List.of("kafka-1:9092", "kafka-2:9092"))
                .containsEntry("first.broker", "kafka-1:9092")
                .containsEntry("greeting", "hello: world # not a comment");
        assertThat(def.getBoltDef("tally").getParallelism()).isEqualTo(3);

        TopologyDef unfiltered = FluxParser.parseResource("/flux/features/substituted.yaml", properties,
                name -> name.equals("PATH") ? "/opt/gale/bin" : null);
        assertThat(unfiltered.getConfig()).containsEntry("search.path", "/opt/gale/bin");
        TopologyDef noEnvironment = FluxParser.parseResource("/flux/features/substituted.yaml", false, true, properties,
                false);
        assertThat(noEnvironment.getConfig()).containsEntry("search.path", "${ENV-PATH}");
    }

    @Test
    void setsAnObjectUpThroughConstructorsFactoriesConfigurationMethodsAndProperties() throws Exception {
        Built b = build("/flux/features/tuning.yaml");
        TunableBolt everything = (TunableBolt) b.context().getBolt("everything");
        Duration halfMinute = Duration.ofSeconds(30);
        Duration twoMinutes = Duration.ofMinutes(2);
        assertThat(everything.madeWith).containsExactly(Mode.SAFE, 0.5f, false,
                List.of(new Label("gold"), new Label("silver")));
        assertThat(everything.name()).isEqualTo("primary");
        assertThat(everything.audited()).isTrue();
        assertThat(everything.region()).isEqualTo("eu-west");
        assertThat(everything.pair()).isEqualTo("left+right");
        assertThat(everything.labels()).containsExactly(new Label("bronze"), new Label("silver"), new Label("gold"));
        // Configuration methods run in order, then properties: setBackoff after withBackoff.
        assertThat(everything.backoff()).containsExactly(halfMinute, twoMinutes);
        assertThat(everything.timeout()).isEqualTo(twoMinutes);
        // A reference names one object, shared by everything that refers to it.
        assertThat(everything.labels()[1]).isSameAs(b.context().getComponent("silver"));

        assertThat(((TunableBolt) b.context().getBolt("byFactory")).madeWith).containsExactly(Mode.SAFE);
        assertThat(((TunableBolt) b.context().getBolt("byFactoryWithEnum")).madeWith).containsExactly(Mode.FAST);
        TunableBolt boxed = (TunableBolt) b.context().getBolt("byBoxedLong");
        assertThat(boxed.madeWith).containsExactly(64L);
        assertThat(boxed.timeout()).isEqualTo(halfMinute);

        assertThat(b.input("byFactory", "words").type()).isEqualTo(Grouping.Type.ALL);
        assertThat(b.input("byFactoryWithEnum", "words").type()).isEqualTo(Grouping.Type.GLOBAL);
        assertThat(b.input("byBoxedLong", "words").type()).isEqualTo(Grouping.Type.LOCAL_OR_SHUFFLE);
        b.submits();
    }

    @Test
    void argumentsThatFitNoConstructorOrFactoryAreNamedWithTheirComponent() throws Exception {
        buildFails("/flux/bad/factory-argument.yaml", "bolt 'tuned': Couldn't find a suitable static method 'withCapacity'");
        buildFails("/flux/bad/constructor-argument.yaml", "component 'countFields': Couldn't find a suitable constructor");
    }

    @Test
    void aReferenceToAnUndefinedComponentIsAnError() throws Exception {
        buildFails("/flux/bad/undefined-reference.yaml",
                "bolt 'tuned': refers to component 'quarterHour', which is not defined");
    }

    @Test
    void configuresAKafkaSpoutThroughItsBuilder() throws Exception {
        Built b = build("/flux/features/kafka.yaml");
        assertThat(b.context().getSpout("kafka")).isInstanceOf(KafkaSpout.class);
        assertThat(b.context().getBolt("tokenize")).isInstanceOf(FluxShellBolt.class);
        KafkaSpoutConfig<?, ?> config = (KafkaSpoutConfig<?, ?>) b.context().getComponent("spoutConfig");
        assertThat(config.getTopics()).containsExactly("clicks", "views");
        assertThat(config.getFirstPollOffsetStrategy()).isEqualTo(FirstPollOffsetStrategy.UNCOMMITTED_LATEST);
        assertThat(config.getTranslator()).isInstanceOf(ValueOnlyTranslator.class)
                .isSameAs(b.context().getComponent("translator"));
        assertThat(config.getConsumerGroupId()).isEqualTo("flux-lines");
        assertThat(config.getKafkaProps()).containsEntry("bootstrap.servers", "broker-a:9092,broker-b:9092")
                .containsEntry("value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        assertThat(b.topology().get_spouts().get("kafka").get_common().get_streams().get(Utils.DEFAULT_STREAM_ID)
                .get_output_fields()).containsExactly("line");
        b.submits();
    }

    @Test
    void readsADefinitionFromAStream() throws Exception {
        try (InputStream in = FluxFeaturesTest.class.getResourceAsStream("/flux/features/counting.yaml")) {
            TopologyDef def = FluxParser.parseInputStream(in, false, true, null, false);
            StormTopology topology = FluxBuilder.buildTopology(new ExecutionContext(def, FluxBuilder.buildConfig(def)));
            assertThat(topology.get_bolts()).containsOnlyKeys("tally", "printer");
        }
    }

    @Test
    void addsWorkerHooks() throws Exception {
        Built b = build("/flux/features/worker-hooks.yaml");
        assertThat(b.def().getWorkerHooks()).singleElement().satisfies(h -> assertThat(h.getId()).isEqualTo("startup"));
        assertThat(b.topology().get_worker_hooks_size()).isEqualTo(1);
        assertThat(Utils.javaDeserialize(b.topology().get_worker_hooks().get(0).array(), Object.class))
                .isInstanceOf(BaseWorkerHook.class);
        b.submits();
    }

    @Test
    void aDiamondDeliversEveryWordAlongBothPaths() throws Exception {
        Built b = build("/flux/features/diamond.yaml");
        assertThat(b.context().getBolt("left")).isInstanceOf(Relay.class);
        assertThat(b.topology().get_bolts().get("join").get_common().get_inputs()).containsOnlyKeys(
                new GlobalStreamId("left", Utils.DEFAULT_STREAM_ID), new GlobalStreamId("right", Utils.DEFAULT_STREAM_ID));

        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setMockedSources(new MockedSources().withMockData("words",
                new Values("gale"), new Values("storm"), new Values("gale")));
        param.setStormConf(b.conf());
        CompletedTopology result = Testing.completeTopology(b.topology(), param);
        assertThat(result.emitted("left")).hasSize(3);
        assertThat(result.emitted("right")).hasSize(3);
        Map<Object, Object> lastCount = new HashMap<>();
        result.emitted("join").forEach(t -> lastCount.put(t.get(0), t.get(1)));
        assertThat(lastCount).containsOnly(Map.entry("gale", 4), Map.entry("storm", 2));
    }

    @Test
    void aBoltReadingAStreamItsSourceDoesNotDeclareIsRefusedOnSubmit() throws Exception {
        Built b = build("/flux/bad/silent-diamond.yaml");
        assertThatThrownBy(b::submits).isInstanceOf(InvalidTopologyException.class)
                .hasMessage("bolt 'side' subscribes to stream 'default' of 'top' with shuffle grouping, but 'top'"
                        + " does not declare stream 'default'; it declares []");
    }

    @Test
    void aTopologySourceImplementingTheInterfaceGetsItsArgumentsAndTheConfiguration() throws Exception {
        Sources.clear();
        Built b = topologyFromSource("/flux/sources/declared.yaml");
        assertThat(Sources.CALLS).hasSize(2).element(0).isEqualTo("declared(north, ops).getTopology");
        assertThat(Sources.CALLS.get(1)).isInstanceOfSatisfying(Map.class,
                conf -> assertThat(conf.get("source.flavour")).isEqualTo("declared"));
        b.submits();
    }

    @Test
    void aTopologySourceFoundByReflectionWithTheDefaultOrANamedMethod() throws Exception {
        Sources.clear();
        topologyFromSource("/flux/sources/plain.yaml");
        topologyFromSource("/flux/sources/named-method.yaml").submits();
        assertThat(Sources.CALLS).element(0).isEqualTo("plain().getTopology");
        assertThat(Sources.CALLS).element(2).isEqualTo("plain(south, data).nightly");
    }

    @Test
    void aTopologySourceMethodMayTakeAConfig() throws Exception {
        Sources.clear();
        topologyFromSource("/flux/sources/takes-config.yaml").submits();
        assertThat(Sources.CALLS).element(0).isEqualTo("takesConfig().getTopology");
        assertThat(Sources.CALLS).element(1).isInstanceOf(Config.class)
                .satisfies(c -> assertThat((Config) c).containsEntry("source.flavour", "config"));
    }

    private static Built topologyFromSource(String resource) throws Exception {
        Built b = build(resource);
        assertThat(b.def().validate()).isTrue();
        assertThat(b.def().isDslTopology()).isFalse();
        assertThat(b.topology().get_spouts()).containsOnlyKeys("words");
        assertThat(b.input("printer", "words").type()).isEqualTo(Grouping.Type.SHUFFLE);
        return b;
    }

    @Test
    void aTopologySourceWithSpoutsOfItsOwnIsInvalid() throws Exception {
        TopologyDef def = parse("/flux/bad/source-and-spouts.yaml");
        assertThat(def.validate()).isFalse();
        buildFails("/flux/bad/source-and-spouts.yaml", "defines both a topologySource and spouts, bolts or streams");
    }

    @Test
    void connectorsAndTridentGaleLacksAreNamedAsMissing() throws Exception {
        buildFails("/flux/connectors/hdfs.yaml", "no class org.apache.storm.hdfs.");
        buildFails("/flux/connectors/hdfs.yaml", "Gale has no such class");
        buildFails("/flux/connectors/hbase.yaml", "bolt 'table': no class org.apache.storm.hbase.bolt.HBaseBolt on the"
                + " classpath (nor dev.gale.hbase.bolt.HBaseBolt, where Gale keeps Storm's classes: Gale has no such class)");
        TopologyDef trident = parse("/flux/connectors/trident.yaml");
        assertThat(trident.validate()).isTrue();
        buildFails("/flux/connectors/trident.yaml", "topologySource: no class org.apache.storm.trident.TridentTopology");
    }

    @Test
    void tellsPrimitiveNumbersFromOtherTypes() {
        assertThat(FluxBuilder.isPrimitiveNumber(long.class)).isTrue();
        assertThat(FluxBuilder.isPrimitiveNumber(double.class)).isTrue();
        assertThat(FluxBuilder.isPrimitiveNumber(boolean.class)).isFalse();
        assertThat(FluxBuilder.isPrimitiveNumber(Integer.class)).isFalse();
        assertThat(FluxBuilder.isPrimitiveBoolean(boolean.class)).isTrue();
    }
}
