package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.examples.PythonWordCount;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.metric.LoggingMetricsConsumer;
import dev.gale.multilang.JsonSerializer;
import dev.gale.state.InMemoryKeyValueState;
import dev.gale.state.StateFactory;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.testing.Testing;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Values;
import dev.gale.utils.ClassResolver;
import dev.gale.utils.Utils;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With Storm's own jars on the classpath, as they are on the {@code gale} launcher's (gale-storm
 * brings storm-client) and on a user's who mixes Storm components in, every kind of class name Gale
 * reads from text still means Gale's class: Storm's classes of the same simple name do not fit
 * Gale's interfaces.
 */
class StormClassNamesTest {

    @BeforeAll
    static void stormIsOnThisClasspath() throws ClassNotFoundException {
        // The precondition of every test here: without Storm's classes there is no clash to prove.
        Class.forName("org.apache.storm.multilang.JsonSerializer");
        Class.forName("org.apache.storm.metric.LoggingMetricsConsumer");
        Class.forName("org.apache.storm.hooks.BaseTaskHook");
        Class.forName("org.apache.storm.testing.TestWordSpout");
    }

    @Test
    void aStormNameIsGalesClassWhenGaleHasOneAndStormsOtherwise() throws ClassNotFoundException {
        assertThat(ClassResolver.find("org.apache.storm.multilang.JsonSerializer")).isEqualTo(JsonSerializer.class);
        assertThat(ClassResolver.find(" org.apache.storm.metric.LoggingMetricsConsumer "))
                .isEqualTo(LoggingMetricsConsumer.class);
        // Nested classes written with dots, as getCanonicalName() writes them.
        assertThat(ClassResolver.find("org.apache.storm.examples.PythonWordCount.SplitWords"))
                .isEqualTo(PythonWordCount.SplitWords.class);
        // A Storm class Gale has no counterpart for is Storm's.
        assertThat(ClassResolver.find("org.apache.storm.daemon.worker.Worker").getName())
                .isEqualTo("org.apache.storm.daemon.worker.Worker");
        assertThatThrownBy(() -> ClassResolver.find("org.apache.storm.NoSuchThing")).hasMessage(
                "neither dev.gale.NoSuchThing nor org.apache.storm.NoSuchThing is on the classpath");
    }

    @Test
    void aTopologyNamingStormsSerializerHookConsumerAndStateProviderRunsOnGalesClasses() {
        // The Python splitter reads topology.multilang.serializer (Storm's default names Storm's
        // JsonSerializer); the auto task hook, the metrics consumer and the state provider are named
        // as a Storm configuration names them.
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_MULTILANG_SERIALIZER, "org.apache.storm.multilang.JsonSerializer");
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of("org.apache.storm.hooks.BaseTaskHook"));
        conf.put(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER,
                List.of(Map.of("class", "org.apache.storm.metric.LoggingMetricsConsumer", "parallelism.hint", 1)));
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, "org.apache.storm.state.InMemoryKeyValueStateProvider");

        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new TestWordSpout(), 1);
        builder.setBolt("split", new PythonWordCount.SplitWords(), 2).shuffleGrouping("sentences");
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setStormConf(conf);
        param.setMockedSources(new MockedSources().withMockData("sentences", new Values("the tide turns"),
                new Values("over the pier")));
        CompletedTopology result = Testing.completeTopology(builder.createTopology(), param);

        assertThat(result.stats().component("split").orElseThrow().lastErrors()).isEmpty();
        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("the"), List.of("tide"), List.of("turns"), List.of("over"), List.of("the"), List.of("pier"));
        assertThat(StateFactory.getState("ns", conf, null)).isInstanceOf(InMemoryKeyValueState.class);
    }

    @Test
    void fluxClassNamesUnderOrgApacheStormAreGales() throws Exception {
        String yaml = "name: clash\n"
                + "spouts:\n  - id: words\n    className: org.apache.storm.testing.TestWordSpout\n    parallelism: 1\n"
                + "bolts:\n  - id: counter\n    className: org.apache.storm.testing.TestWordCounter\n    parallelism: 1\n"
                + "streams:\n  - from: words\n    to: counter\n    grouping:\n      type: SHUFFLE\n";
        TopologyDef def = FluxParser.parseInputStream(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)),
                false, true, null, false);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        StormTopology topology = FluxBuilder.buildTopology(context);
        assertThat(topology.get_spouts()).containsOnlyKeys("words");
        assertThat(context.getSpout("words")).isInstanceOf(TestWordSpout.class);
        assertThat(context.getBolt("counter")).isInstanceOf(TestWordCounter.class);
    }

    @Test
    void theStormConfigurationIsGalesDefaultsNotStormsDefaultsYaml() {
        // storm-client's jar holds Storm's defaults.yaml; Gale's defaults are its own table.
        Map<String, Object> conf = Utils.readStormConfig();
        assertThat(conf).containsEntry(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 30L).doesNotContainKey("nimbus.thrift.port");
        assertThat(conf).isEqualTo(withCommandLine(Utils.readDefaultConfig()));
    }

    @Test
    void aStormClassNameOnTheCommandLineRunsGalesClass() {
        assertThat(RunCommand.resolve("org.apache.storm.examples.PythonWordCount")).isEqualTo(PythonWordCount.class);
    }

    private static Map<String, Object> withCommandLine(Map<String, Object> conf) {
        conf.putAll(Utils.findAndReadConfigFile("storm.yaml", false));
        conf.putAll(Utils.readCommandLineOpts());
        return conf;
    }
}
