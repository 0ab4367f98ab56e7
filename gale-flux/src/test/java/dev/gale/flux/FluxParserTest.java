package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.flux.model.BeanListReference;
import dev.gale.flux.model.BeanReference;
import dev.gale.flux.model.BoltDef;
import dev.gale.flux.model.GroupingDef;
import dev.gale.flux.model.StreamDef;
import dev.gale.flux.model.TopologyDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading Flux YAML into the model, and every kind of mistake named by file, line and key. */
class FluxParserTest {
    @TempDir
    Path dir;
    Yamls yamls;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
    }

    private static final String GOOD = """
            name: "words"
            config:
              topology.workers: 1
              topology.message.timeout.secs: 20
              my.list: [a, b]
            components:
              - id: "size"
                className: "dev.gale.flux.fixtures.Parts$Sized"
                constructorArgs: [5.0, MB]
            spouts:
              - id: "sentences"
                className: "dev.gale.flux.fixtures.Parts$SentenceSpout"
                constructorArgs:
                  - ["a b", "c"]
                parallelism: 2
            bolts:
              - id: "split"
                className: "dev.gale.flux.fixtures.Parts$Splitter"
                numTasks: 4
                configMethods:
                  - name: "withSizes"
                    args:
                      - reflist: ["size", "size"]
                properties:
                  - name: "separator"
                    value: " "
                  - name: "other"
                    ref: "size"
            streams:
              - name: "sentences --> split"
                from: "sentences"
                to: "split"
                grouping:
                  type: FIELDS
                  args: ["sentence"]
                  streamId: "s1"
            """;

    @Test
    void readsEveryPartOfTheSchemaIntoTheModel() {
        TopologyDef def = yamls.parse("good.yaml", GOOD);

        assertThat(def.getName()).isEqualTo("words");
        assertThat(def.getConfig()).containsEntry("topology.workers", 1).containsEntry("topology.message.timeout.secs", 20)
                .containsEntry("my.list", List.of("a", "b"));
        assertThat(def.getComponents()).singleElement().satisfies(c -> {
            assertThat(c.getId()).isEqualTo("size");
            assertThat(c.getConstructorArgs()).containsExactly(5.0, "MB");
            assertThat(c.getLocation()).isEqualTo(dir.resolve("good.yaml") + ":7");
        });
        assertThat(def.getSpouts()).singleElement().satisfies(s -> {
            assertThat(s.getParallelism()).isEqualTo(2);
            assertThat(s.getNumTasks()).isEqualTo(-1);
            assertThat(s.getConstructorArgs()).containsExactly(List.of("a b", "c"));
        });
        BoltDef split = def.getBoltDef("split");
        assertThat(split.getParallelism()).isEqualTo(1);
        assertThat(split.getNumTasks()).isEqualTo(4);
        assertThat(split.getConfigMethods()).singleElement().satisfies(m -> {
            assertThat(m.getName()).isEqualTo("withSizes");
            assertThat(m.hasReferences()).isTrue();
            assertThat(m.getArgs()).singleElement().isInstanceOf(BeanListReference.class)
                    .extracting(r -> ((BeanListReference) r).getIds()).isEqualTo(List.of("size", "size"));
        });
        assertThat(split.getProperties()).hasSize(2);
        assertThat(split.getProperties().get(0).getValue()).isEqualTo(" ");
        assertThat(split.getProperties().get(1).getRef()).isEqualTo("size");
        StreamDef stream = def.getStreams().get(0);
        assertThat(stream.getName()).isEqualTo("sentences --> split");
        assertThat(stream.getGrouping().getType()).isEqualTo(GroupingDef.Type.FIELDS);
        assertThat(stream.getGrouping().getArgs()).containsExactly("sentence");
        assertThat(stream.getGrouping().getStreamId()).isEqualTo("s1");
        assertThat(def.isDslTopology()).isTrue();
        assertThat(def.validate()).isTrue();
    }

    @Test
    void aRefMapIsAReferenceOnlyWhenItIsTheMapsOnlyKey() {
        TopologyDef def = yamls.parse("refs.yaml", """
                components:
                  - id: "a"
                    className: "java.lang.Object"
                    constructorArgs:
                      - ref: "b"
                      - {ref: "b", other: 1}
                """);
        List<Object> args = def.getComponent("a").getConstructorArgs();
        assertThat(args.get(0)).isInstanceOf(BeanReference.class).extracting(r -> ((BeanReference) r).getId()).isEqualTo("b");
        assertThat(args.get(1)).isEqualTo(Map.of("ref", "b", "other", 1));
        assertThat(def.getComponent("a").hasReferences()).isTrue();
    }

    @Test
    void anchorsAndMergeKeysShareSettingsBetweenEntries() {
        TopologyDef def = yamls.parse("merge.yaml", """
                bolts:
                  - &counter
                    id: "count-1"
                    className: "dev.gale.testing.TestWordCounter"
                    parallelism: 3
                  - <<: *counter
                    id: "count-2"
                """);
        assertThat(def.getBoltDef("count-2").getClassName()).isEqualTo("dev.gale.testing.TestWordCounter");
        assertThat(def.getBoltDef("count-2").getParallelism()).isEqualTo(3);
        assertThat(def.getBoltDef("count-1").getParallelism()).isEqualTo(3);
    }

    @Test
    void aSyntaxErrorNamesTheFileLineAndKey() {
        Path file = yamls.write("broken.yaml", """
                name: "broken"
                bolts:
                  - id: "count"
                    className: "dev.gale.testing.TestWordCounter
                    parallelism: 1
                """);
        assertThatThrownBy(() -> Yamls.parse(file, null, null)).isInstanceOf(FluxException.class)
                .hasMessageStartingWith(file + ":6:1: bad YAML at key 'bolts[0].className': while scanning a quoted scalar"
                        + " (line 4)")
                .hasMessageContaining("found unexpected end of stream");
    }

    @Test
    void aBadIndentNamesTheKeyItFollows() {
        Path file = yamls.write("indent.yaml", """
                name: "x"
                spouts:
                  - id: "s"
                    className: "dev.gale.testing.TestWordSpout"
                   parallelism: 2
                """);
        assertThatThrownBy(() -> Yamls.parse(file, null, null)).isInstanceOf(FluxException.class)
                .hasMessage(file + ":5:4: bad YAML at key 'spouts[0].className': while parsing a block collection (line 3), expected"
                        + " <block end>, but found '<block mapping start>'; the line reads 'parallelism: 2'");
    }

    @Test
    void anUnknownKeyIsNamedWithTheKeyItWasMostLikelyMeantToBe() {
        Path file = yamls.write("typo.yaml", """
                name: "x"
                bolts:
                  - id: "count"
                    className: "dev.gale.testing.TestWordCounter"
                    paralelism: 2
                """);
        assertThatThrownBy(() -> Yamls.parse(file, null, null)).isInstanceOf(FluxException.class)
                .hasMessageStartingWith(file + ":5:5: unknown key 'bolts[0].paralelism' in bolt 'count' (did you mean"
                        + " 'parallelism'?); a bolt takes: id, className,");
    }

    @Test
    void anUnknownTopLevelKeyIsNamed() {
        Path file = yamls.write("top.yaml", "name: x\nbolt:\n  - id: a\n");
        assertThatThrownBy(() -> Yamls.parse(file, null, null))
                .hasMessageStartingWith(file + ":2:1: unknown key 'bolt' in the topology (did you mean 'bolts'?)");
    }

    @Test
    void aValueOfTheWrongKindIsNamed() {
        Path file = yamls.write("type.yaml", """
                spouts:
                  - id: "s"
                    className: "dev.gale.testing.TestWordSpout"
                    parallelism: two
                """);
        assertThatThrownBy(() -> Yamls.parse(file, null, null))
                .hasMessage(file + ":4:18: 'spouts[0].parallelism' of spout 's' must be a whole number, not 'two'");
        Path zero = yamls.write("zero.yaml", """
                spouts:
                  - id: "s"
                    className: "dev.gale.testing.TestWordSpout"
                    parallelism: 0
                """);
        assertThatThrownBy(() -> Yamls.parse(zero, null, null))
                .hasMessage(zero + ":4:18: 'spouts[0].parallelism' of spout 's' must be 1 or more, not '0'");
        Path list = yamls.write("list.yaml", "spouts: {id: s}\n");
        assertThatThrownBy(() -> Yamls.parse(list, null, null))
                .hasMessage(list + ":1:9: 'spouts' of the topology must be a list, not a mapping");
    }

    @Test
    void missingAndDuplicateIdsAreNamed() {
        Path noId = yamls.write("noid.yaml", "bolts:\n  - className: x.Y\n");
        assertThatThrownBy(() -> Yamls.parse(noId, null, null)).hasMessage(noId + ":2:5: a bolt has no 'bolts[0].id'");
        Path noClass = yamls.write("noclass.yaml", "bolts:\n  - id: b\n");
        assertThatThrownBy(() -> Yamls.parse(noClass, null, null))
                .hasMessage(noClass + ":2:5: bolt 'b' has no 'bolts[0].className'");
        Path twice = yamls.write("twice.yaml", "bolts:\n  - id: b\n    className: x.Y\n  - id: b\n    className: x.Z\n");
        assertThatThrownBy(() -> Yamls.parse(twice, null, null))
                .hasMessage(twice + ":4:5: bolt id 'b' is defined twice in 'bolts' (first at line 2)");
        Path shared = yamls.write("shared.yaml", "spouts:\n  - id: b\n    className: x.Y\nbolts:\n  - id: b\n    className: x.Z\n");
        assertThatThrownBy(() -> Yamls.parse(shared, null, null))
                .hasMessage(shared + ":5: bolt id 'b' is also the id of the spout at " + shared
                        + ":2; spouts and bolts need ids of their own");
        Path key = yamls.write("key.yaml", "name: a\nname: b\n");
        assertThatThrownBy(() -> Yamls.parse(key, null, null))
                .hasMessage(key + ":2:1: key 'name' is given twice in the topology (first at line 1)");
    }

    @Test
    void groupingMistakesAreNamedWithTheStream() {
        String head = "spouts:\n  - id: s\n    className: x.Y\nbolts:\n  - id: b\n    className: x.Z\nstreams:\n"
                + "  - from: s\n    to: b\n    grouping:\n";
        Path unknown = yamls.write("g1.yaml", head + "      type: SHUFLE\n");
        assertThatThrownBy(() -> Yamls.parse(unknown, null, null))
                .hasMessageStartingWith(unknown + ":11:13: unknown grouping type 'SHUFLE' at 'streams[0].grouping.type' of"
                        + " stream 's --> b' (did you mean 'SHUFFLE'?); types: ALL, CUSTOM, DIRECT,");
        Path noFields = yamls.write("g2.yaml", head + "      type: FIELDS\n");
        assertThatThrownBy(() -> Yamls.parse(noFields, null, null))
                .hasMessageStartingWith(noFields + ":11:7: the FIELDS grouping of stream 's --> b' needs 'args'");
        Path noCustom = yamls.write("g3.yaml", head + "      type: CUSTOM\n");
        assertThatThrownBy(() -> Yamls.parse(noCustom, null, null))
                .hasMessageStartingWith(noCustom + ":11:7: the CUSTOM grouping of stream 's --> b' needs 'customClass'");
        Path noGrouping = yamls.write("g4.yaml", "streams:\n  - from: s\n    to: b\n");
        assertThatThrownBy(() -> Yamls.parse(noGrouping, null, null))
                .hasMessage(noGrouping + ":2:5: stream 's --> b' has no 'streams[0].grouping'");
    }

    @Test
    void aPropertyTakesAValueOrAReference() {
        Path both = yamls.write("prop.yaml", """
                components:
                  - id: c
                    className: x.Y
                    properties:
                      - name: p
                        value: 1
                        ref: other
                """);
        assertThatThrownBy(() -> Yamls.parse(both, null, null))
                .hasMessage(both + ":5:9: property 'p' of component 'c' needs either 'value' or 'ref', not both");
    }

    @Test
    void anEmptyFileAndAnUnsafeTagAreErrorsNotStackTraces() {
        Path empty = yamls.write("empty.yaml", "# nothing\n");
        assertThatThrownBy(() -> Yamls.parse(empty, null, null))
                .hasMessageStartingWith(empty + ": the file defines nothing");
        Path tag = yamls.write("tag.yaml", "config:\n  x: !!java.io.File /tmp\n");
        assertThatThrownBy(() -> Yamls.parse(tag, null, null)).isInstanceOf(FluxException.class)
                .hasMessageStartingWith(tag + ":2:6: bad YAML at key 'config.x': Global tag is not allowed");
        Path missing = dir.resolve("missing.yaml");
        assertThatThrownBy(() -> Yamls.parse(missing, null, null)).isInstanceOf(FluxException.class)
                .hasMessage(missing + ": no such file");
    }
}
