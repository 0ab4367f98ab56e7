package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.flux.fixtures.Parts;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.testing.NGrouping;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Building objects and topologies from Flux files, and the errors that name the component. */
class FluxBuilderErrorsTest {
    @TempDir
    Path dir;
    Yamls yamls;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
    }

    private static final String SPOUT_AND_STREAM = """
            spouts:
              - id: "spout"
                className: "org.apache.storm.testing.TestWordSpout"
            streams:
              - from: "spout"
                to: "bolt"
                grouping: {type: SHUFFLE}
            """;

    private ExecutionContext context(String name, String yaml) {
        TopologyDef def = yamls.parse(name, yaml);
        return new ExecutionContext(def, FluxBuilder.buildConfig(def));
    }

    private static StormTopology build(ExecutionContext context) {
        try {
            return FluxBuilder.buildTopology(context);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("Gale reports build errors as FluxException", e);
        }
    }

    @Test
    void makesObjectsWithConstructorsFactoriesPropertiesConfigMethodsAndForwardReferences() {
        ExecutionContext context = context("objects.yaml", """
                components:
                  - id: "holder"
                    className: "dev.gale.flux.fixtures.Parts$Holder"
                    constructorArgs:
                      - ["x", "y"]
                      - ref: "big"
                    configMethods:
                      - name: "withSizes"
                        args:
                          - reflist: ["big", "small"]
                      - name: "withMap"
                        args:
                          - {k: 1}
                  - id: "big"
                    className: "dev.gale.flux.fixtures.Parts$Sized"
                    factory: "megabytes"
                    factoryArgs: [3]
                    properties:
                      - name: "label"
                        value: "big one"
                      - name: "every"
                        ref: "minute"
                  - id: "small"
                    className: "dev.gale.flux.fixtures.Parts$Sized"
                    constructorArgs: [2]
                  - id: "minute"
                    className: "java.time.Duration"
                    factory: "ofMinutes"
                    factoryArgs: [1]
                """ + SPOUT_AND_STREAM + """
                bolts:
                  - id: "bolt"
                    className: "org.apache.storm.flux.wrappers.bolts.LogInfoBolt"
                """);
        build(context);
        Parts.Holder holder = (Parts.Holder) context.getComponent("holder");
        Parts.Sized big = (Parts.Sized) context.getComponent("big");
        Parts.Sized small = (Parts.Sized) context.getComponent("small");
        assertThat(big.amount).isEqualTo(3.0);
        assertThat(big.unit).isEqualTo(Parts.Unit.MB);
        assertThat(big.label).isEqualTo("big one");
        assertThat(big.getEvery()).isEqualTo(Duration.ofMinutes(1));
        assertThat(small.unit).as("2 fits Sized(long) better than nothing else").isEqualTo(Parts.Unit.KB);
        assertThat(holder.calls).containsExactly(List.of("x", "y"), big, List.of(big, small), Map.of("k", 1));
    }

    @Test
    void anUnknownClassNamesTheComponentAndBothNamesTried() {
        ExecutionContext context = context("unknown.yaml", SPOUT_AND_STREAM + """
                bolts:
                  - id: "bolt"
                    className: "org.apache.storm.hdfs.bolt.HdfsBolt"
                """);
        assertThatThrownBy(() -> build(context)).isInstanceOf(FluxException.class)
                .hasMessage(dir.resolve("unknown.yaml") + ":9: bolt 'bolt': no class org.apache.storm.hdfs.bolt.HdfsBolt on"
                        + " the classpath (nor dev.gale.hdfs.bolt.HdfsBolt, where Gale keeps Storm's classes: Gale has no"
                        + " such class)");
        ExecutionContext user = context("user.yaml", SPOUT_AND_STREAM + "bolts:\n  - id: bolt\n    className: com.x.Nope\n");
        assertThatThrownBy(() -> build(user))
                .hasMessage(dir.resolve("user.yaml") + ":9: bolt 'bolt': no class com.x.Nope on the classpath");
    }

    @Test
    void aMissingReferenceNamesTheComponentAndTheDefinedOnes() {
        ExecutionContext context = context("ref.yaml", """
                components:
                  - id: "size"
                    className: "dev.gale.flux.fixtures.Parts$Sized"
                    constructorArgs: [1]
                """ + SPOUT_AND_STREAM + """
                bolts:
                  - id: "bolt"
                    className: "dev.gale.flux.fixtures.Parts$Holder"
                    configMethods:
                      - name: "withSizes"
                        args:
                          - reflist: ["size", "sise"]
                """);
        assertThatThrownBy(() -> build(context)).isInstanceOf(FluxException.class)
                .hasMessage(dir.resolve("ref.yaml") + ":16: bolt 'bolt': refers to component 'sise', which is not defined"
                        + " (did you mean 'size'?); components: size");
        ExecutionContext toBolt = context("tobolt.yaml", SPOUT_AND_STREAM + """
                bolts:
                  - id: "bolt"
                    className: "dev.gale.flux.fixtures.Parts$Holder"
                    constructorArgs:
                      - ["a"]
                      - ref: "spout"
                """);
        assertThatThrownBy(() -> build(toBolt))
                .hasMessageContaining("bolt 'bolt': refers to component 'spout', which is not defined ('spout' is a spout:"
                        + " only entries of 'components' can be referred to); components: none");
    }

    @Test
    void aReferenceCycleIsNamed() {
        ExecutionContext context = context("cycle.yaml", """
                components:
                  - id: "a"
                    className: "dev.gale.flux.fixtures.Parts$Holder"
                    constructorArgs: [["x"], ref: "b"]
                  - id: "b"
                    className: "dev.gale.flux.fixtures.Parts$Holder"
                    constructorArgs: [["x"], ref: "a"]
                """);
        assertThatThrownBy(() -> build(context))
                .hasMessage(dir.resolve("cycle.yaml") + ":2: component 'a': components refer to each other in a cycle:"
                        + " a -> b -> a");
    }

    @Test
    void wrongConstructorFactoryMethodAndPropertyArgumentsListWhatThereIs() {
        ExecutionContext ctor = context("ctor.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Sized\n"
                + "    constructorArgs: [1.5, GB]\n");
        assertThatThrownBy(() -> build(ctor)).isInstanceOf(FluxException.class)
                .hasMessage(dir.resolve("ctor.yaml") + ":2: component 'c': Couldn't find a suitable constructor for class"
                        + " 'dev.gale.flux.fixtures.Parts$Sized' with arguments [1.5 (Double), \"GB\" (String)]; its public"
                        + " constructors: Sized(double, Unit), Sized(long)");
        ExecutionContext fraction = context("frac.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Sized\n"
                + "    constructorArgs: [1.5]\n");
        assertThatThrownBy(() -> build(fraction)).as("1.5 is no long").hasMessageContaining("Couldn't find a suitable constructor");
        ExecutionContext factory = context("factory.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Sized\n"
                + "    factory: megabytes\n    factoryArgs: [\"three\"]\n");
        assertThatThrownBy(() -> build(factory))
                .hasMessage(dir.resolve("factory.yaml") + ":2: component 'c': Couldn't find a suitable static method"
                        + " 'megabytes' for class 'dev.gale.flux.fixtures.Parts$Sized' with arguments [\"three\" (String)];"
                        + " its public static methods megabytes: megabytes(int)");
        ExecutionContext method = context("method.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Holder\n"
                + "    configMethods:\n      - name: withSize\n        args: [1]\n");
        assertThatThrownBy(() -> build(method))
                .hasMessage(dir.resolve("method.yaml") + ":5: component 'c': Unable to find configuration method 'withSize'"
                        + " in class 'dev.gale.flux.fixtures.Parts$Holder' with arguments [1 (Integer)]; it has no public"
                        + " method withSize");
        ExecutionContext throwing = context("throws.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Holder\n"
                + "    configMethods:\n      - name: withFailure\n        args: [\"no disk\"]\n");
        assertThatThrownBy(() -> build(throwing))
                .hasMessage(dir.resolve("throws.yaml") + ":5: component 'c': configuration method withFailure(String) threw"
                        + " IllegalStateException: no disk");
        ExecutionContext property = context("prop.yaml", "components:\n  - id: c\n    className: dev.gale.flux.fixtures.Parts$Sized\n"
                + "    constructorArgs: [1]\n    properties:\n      - name: every\n        value: 5\n");
        assertThatThrownBy(() -> build(property))
                .hasMessage(dir.resolve("prop.yaml") + ":6: component 'c': property 'every': class"
                        + " 'dev.gale.flux.fixtures.Parts$Sized' has no public setter setEvery or field every taking 5"
                        + " (Integer); it has setEvery(Duration)");
    }

    @Test
    void multilangComponentsBuildWithTheirStreamsAndComponentConfiguration() {
        ExecutionContext context = context("shell.yaml", """
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.flux.wrappers.spouts.FluxShellSpout"
                    constructorArgs:
                      - ["node", "randomsentence.js"]
                      - ["sentence"]
                bolts:
                  - id: "split"
                    className: "org.apache.storm.flux.wrappers.bolts.FluxShellBolt"
                    constructorArgs:
                      - ["python3", "splitsentence.py"]
                      - ["word"]
                    configMethods:
                      - name: "setNamedStream"
                        args: ["lengths", ["word", "length"]]
                      - name: "addComponentConfig"
                        args: ["topology.tick.tuple.freq.secs", 5]
                streams:
                  - from: "spout"
                    to: "split"
                    grouping: {type: SHUFFLE}
                """);
        StormTopology topology = build(context);
        assertThat(topology.get_spouts().get("spout").get_spout_object().get_serialized_java()).isNotNull();
        assertThat(topology.get_spouts().get("spout").get_common().get_streams().get("default").get_output_fields())
                .containsExactly("sentence");
        assertThat(topology.get_bolts().get("split").get_common().get_streams()).containsOnlyKeys("default", "lengths");
        assertThat(topology.get_bolts().get("split").get_common().get_streams().get("lengths").get_output_fields())
                .containsExactly("word", "length");
        assertThat(topology.get_bolts().get("split").get_common().get_json_conf())
                .contains("\"topology.tick.tuple.freq.secs\":5");
    }

    @Test
    void componentsOfTheWrongKindAndBadStreamsAreNamed() {
        ExecutionContext notBolt = context("notbolt.yaml", SPOUT_AND_STREAM
                + "bolts:\n  - id: bolt\n    className: dev.gale.flux.fixtures.Parts$NotAComponent\n");
        assertThatThrownBy(() -> build(notBolt))
                .hasMessage(dir.resolve("notbolt.yaml") + ":9: bolt 'bolt': dev.gale.flux.fixtures.Parts$NotAComponent is"
                        + " not a bolt: it implements none of IBasicBolt, IRichBolt, IStatefulBolt, IStatefulWindowedBolt, IWindowedBolt");
        ExecutionContext notSpout = context("notspout.yaml",
                "spouts:\n  - id: s\n    className: dev.gale.flux.fixtures.Parts$NotAComponent\n");
        assertThatThrownBy(() -> build(notSpout))
                .hasMessage(dir.resolve("notspout.yaml") + ":2: spout 's': dev.gale.flux.fixtures.Parts$NotAComponent is"
                        + " not a spout: it does not implement IRichSpout");
        ExecutionContext badTo = context("to.yaml", SPOUT_AND_STREAM
                + "bolts:\n  - id: blot\n    className: org.apache.storm.testing.TestWordCounter\n");
        assertThatThrownBy(() -> build(badTo))
                .hasMessage(dir.resolve("to.yaml") + ":5: stream 'spout --> bolt': 'to' names 'bolt', which is no bolt"
                        + " (did you mean 'blot'?); bolts: blot");
        ExecutionContext intoSpout = context("into.yaml", """
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.testing.TestWordSpout"
                streams:
                  - from: "spout"
                    to: "spout"
                    grouping: {type: SHUFFLE}
                """);
        assertThatThrownBy(() -> build(intoSpout)).hasMessageContaining("'to' names 'spout', which is no bolt (it is a"
                + " spout: a stream cannot go into a spout)");
        ExecutionContext both = context("both.yaml", SPOUT_AND_STREAM
                + "topologySource:\n  className: dev.gale.flux.fixtures.Parts$Holder\n");
        assertThat(both.getTopologyDef().validate()).isFalse();
        assertThatThrownBy(() -> build(both)).hasMessageStartingWith(dir.resolve("both.yaml")
                + ": defines both a topologySource and spouts, bolts or streams");
        ExecutionContext noMethod = context("source.yaml", "topologySource:\n  className: dev.gale.flux.fixtures.Parts$Holder\n");
        assertThatThrownBy(() -> build(noMethod)).hasMessage(dir.resolve("source.yaml") + ":2: topologySource: class"
                + " dev.gale.flux.fixtures.Parts$Holder has no public method getTopology(Map) or getTopology(Config)"
                + " returning StormTopology");
    }

    @Test
    void buildsEveryGroupingAndLeavesOutABoltNoStreamReaches() {
        ExecutionContext context = context("groupings.yaml", """
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.testing.TestWordSpout"
                    parallelism: 2
                bolts:
                  - {id: "shuffle", className: "org.apache.storm.testing.TestWordCounter", parallelism: 3, numTasks: 6}
                  - {id: "fields", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "all", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "global", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "local", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "none", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "direct", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "custom", className: "org.apache.storm.testing.TestWordCounter"}
                  - {id: "lonely", className: "org.apache.storm.testing.TestWordCounter"}
                streams:
                  - {from: "spout", to: "shuffle", grouping: {type: SHUFFLE}}
                  - {from: "spout", to: "fields", grouping: {type: FIELDS, args: ["word"]}}
                  - {from: "spout", to: "all", grouping: {type: ALL}}
                  - {from: "spout", to: "global", grouping: {type: GLOBAL}}
                  - {from: "spout", to: "local", grouping: {type: LOCAL_OR_SHUFFLE}}
                  - {from: "spout", to: "none", grouping: {type: NONE}}
                  - {from: "shuffle", to: "direct", grouping: {type: DIRECT, streamId: "direct-stream"}}
                  - {from: "spout", to: "custom", grouping: {type: CUSTOM, customClass: {className: "org.apache.storm.testing.NGrouping",
                          constructorArgs: [1]}}}
                  - {from: "fields", to: "shuffle", grouping: {type: SHUFFLE}}
                """);
        StormTopology topology = build(context);
        assertThat(topology.get_spouts()).containsOnlyKeys("spout");
        assertThat(topology.get_bolts()).containsOnlyKeys("shuffle", "fields", "all", "global", "local", "none", "direct",
                "custom");
        assertThat(context.getBolt("lonely")).as("built, as in Storm, but not in the topology").isNotNull();
        assertThat(topology.get_bolts().get("shuffle").get_common().get_inputs()).containsOnlyKeys(
                new GlobalStreamId("spout", "default"), new GlobalStreamId("fields", "default"));
        assertThat(grouping(topology, "fields", "spout", "default").fields()).containsExactly("word");
        assertThat(grouping(topology, "all", "spout", "default").type()).isEqualTo(Grouping.Type.ALL);
        assertThat(grouping(topology, "global", "spout", "default").type()).isEqualTo(Grouping.Type.GLOBAL);
        assertThat(grouping(topology, "local", "spout", "default").type()).isEqualTo(Grouping.Type.LOCAL_OR_SHUFFLE);
        assertThat(grouping(topology, "none", "spout", "default").type()).isEqualTo(Grouping.Type.NONE);
        assertThat(grouping(topology, "direct", "shuffle", "direct-stream").type()).isEqualTo(Grouping.Type.DIRECT);
        assertThat(grouping(topology, "custom", "spout", "default").customGrouping())
                .isInstanceOf(NGrouping.class);
        assertThat(topology.get_bolts().get("shuffle").get_common().get_parallelism_hint()).isEqualTo(3);
        assertThat(topology.components().get("shuffle").numTasks()).isEqualTo(6);
    }

    private static Grouping grouping(StormTopology topology, String bolt, String from, String stream) {
        return topology.get_bolts().get(bolt).get_common().get_inputs().get(new GlobalStreamId(from, stream));
    }
}
