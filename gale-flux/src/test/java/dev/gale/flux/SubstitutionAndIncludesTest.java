package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.flux.model.TopologyDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ${property}}, {@code ${list[i]}} and {@code ${ENV-NAME}} substitution, and includes. */
class SubstitutionAndIncludesTest {
    @TempDir
    Path dir;
    Yamls yamls;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
    }

    private static final String PLACEHOLDERS = """
            # ${not.substituted.in.comments}
            name: "${topology.name}"
            config:
              servers: ${servers}
              first.server: ${servers[1]}
              home: "${ENV-HOME}"
              both: "${topology.name}-${ENV-HOME}"
              missing: "${no.such.property}"
            """;

    private static Properties properties() {
        Properties p = new Properties();
        p.setProperty("topology.name", "from-filter");
        p.setProperty("servers", "[\"a:1\", \"b:2\"]");
        return p;
    }

    @Test
    void propertiesListItemsAndEnvironmentVariablesAreSubstituted() {
        TopologyDef def = Yamls.parse(yamls.write("subst.yaml", PLACEHOLDERS), properties(),
                name -> name.equals("HOME") ? "/home/gale" : null);
        assertThat(def.getName()).isEqualTo("from-filter");
        assertThat(def.getConfig()).containsEntry("servers", List.of("a:1", "b:2")).containsEntry("first.server", "b:2")
                .containsEntry("home", "/home/gale").containsEntry("both", "from-filter-/home/gale")
                .containsEntry("missing", "${no.such.property}");
    }

    @Test
    void withoutTheEnvironmentFilterEnvironmentPlaceholdersStay() {
        TopologyDef def = Yamls.parse(yamls.write("subst.yaml", PLACEHOLDERS), properties(), null);
        assertThat(def.getConfig()).containsEntry("home", "${ENV-HOME}");
        TopologyDef none = Yamls.parse(yamls.write("subst2.yaml", PLACEHOLDERS), null, null);
        assertThat(none.getName()).isEqualTo("${topology.name}");
    }

    @Test
    void substitutionKeepsLineNumbersForErrors() {
        Properties p = new Properties();
        p.setProperty("parallelism", "many");
        Path file = yamls.write("lines.yaml", "spouts:\n  - id: s\n    className: x.Y\n    parallelism: ${parallelism}\n");
        assertThatThrownBy(() -> Yamls.parse(file, p, null))
                .hasMessage(file + ":4:18: 'spouts[0].parallelism' of spout 's' must be a whole number, not '${parallelism}'");
    }

    @Test
    void includesMergeToAnyDepthAndKeepTheIncludersDefinitionsUnlessOverridden() {
        yamls.write("parts/base.yaml", """
                name: "base"
                config:
                  a: base
                  b: base
                spouts:
                  - id: "s"
                    className: "base.Spout"
                includes:
                  - file: "deeper.yaml"
                """);
        yamls.write("parts/deeper.yaml", """
                bolts:
                  - id: "deep"
                    className: "deep.Bolt"
                streams:
                  - from: "s"
                    to: "deep"
                    grouping: {type: SHUFFLE}
                """);
        yamls.write("override.yaml", """
                config:
                  b: override
                spouts:
                  - id: "s"
                    className: "override.Spout"
                """);
        TopologyDef def = yamls.parse("main.yaml", """
                name: "main"
                config:
                  a: main
                includes:
                  - file: "parts/base.yaml"
                  - file: "override.yaml"
                    override: true
                """);
        assertThat(def.getName()).isEqualTo("main");
        assertThat(def.getConfig()).isEqualTo(Map.of("a", "main", "b", "override"));
        assertThat(def.getSpoutDef("s").getClassName()).isEqualTo("override.Spout");
        assertThat(def.getBoltDef("deep").getClassName()).isEqualTo("deep.Bolt");
        assertThat(def.getStreams()).singleElement().satisfies(s -> assertThat(s.getTo()).isEqualTo("deep"));
    }

    @Test
    void anIncludeCycleAndAMissingIncludeAreErrors() {
        yamls.write("a.yaml", "includes:\n  - file: b.yaml\n");
        Path b = yamls.write("b.yaml", "includes:\n  - file: a.yaml\n");
        assertThatThrownBy(() -> Yamls.parse(dir.resolve("a.yaml"), null, null)).isInstanceOf(FluxException.class)
                .hasMessageContaining("included again from itself (include cycle: ")
                .hasMessageContaining(b.toString());
        Path missing = yamls.write("m.yaml", "includes:\n  - file: nope.yaml\n");
        assertThatThrownBy(() -> Yamls.parse(missing, null, null))
                .hasMessage(missing + ": included file nope.yaml not found (looked beside it and in the working directory);"
                        + " for a classpath resource write 'resource: true'");
        Path resource = yamls.write("r.yaml", "includes:\n  - file: /no/such.yaml\n    resource: true\n");
        assertThatThrownBy(() -> Yamls.parse(resource, null, null))
                .hasMessage(resource + ": included classpath resource /no/such.yaml not found");
    }

    @Test
    void anIncludedFilesErrorNamesThatFile() {
        Path bad = yamls.write("bad.yaml", "bolts:\n  - id: b\n    className: x.Y\n    parallelism: -1\n");
        Path main = yamls.write("main.yaml", "includes:\n  - file: bad.yaml\n");
        assertThatThrownBy(() -> Yamls.parse(main, null, null)).hasMessageStartingWith(bad + ":4:18: ");
    }
}
