package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.flux.fixtures.Parts;
import dev.gale.flux.internal.ObjectMaker;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Substituted values go into the parsed values as they are, whatever YAML would make of them as
 * text, and no error message shows one.
 */
class SafeSubstitutionTest {
    private static final String CREDENTIALS = """
            components:
              - id: "creds"
                className: "dev.gale.flux.fixtures.Parts$Credentials"
                constructorArgs:
                  - ${user}
                  - ${ENV-DB_PASSWORD}
                properties:
                  - name: "note"
                    value: ${note}
                  - name: "url"
                    value: "${url}"
            """;

    @TempDir
    Path dir;
    Yamls yamls;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
    }

    private static Properties properties(String... keysAndValues) {
        Properties p = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return p;
    }

    private Parts.Credentials credentials(String yaml, Properties properties, String password) {
        TopologyDef def = Yamls.parse(yamls.write("creds.yaml", yaml), properties,
                name -> name.equals("DB_PASSWORD") ? password : null);
        ExecutionContext context = new ExecutionContext(def, FluxBuilder.buildConfig(def));
        new ObjectMaker(context).makeComponents();
        return (Parts.Credentials) context.getComponent("creds");
    }

    private static Properties usual() {
        return properties("user", "alice", "note", "n", "url", "u");
    }

    @Test
    void aPasswordWithACommentMarkArrivesWhole() {
        assertThat(credentials(CREDENTIALS, usual(), "a #b").password).isEqualTo("a #b");
    }

    @Test
    void aValueWithAColonAndSpaceStaysText() {
        Parts.Credentials c = credentials(CREDENTIALS, properties("user", "alice", "note", "key: value", "url", "u"), "p");
        assertThat(c.note).isEqualTo("key: value");
    }

    @Test
    void aValueWithALineBreakOrQuotesArrivesWhole() {
        Parts.Credentials c = credentials(CREDENTIALS,
                properties("user", "alice", "note", "line one\n  - line two", "url", "jdbc:x://h/db?q=\"a\"\n"), "p");
        assertThat(c.note).isEqualTo("line one\n  - line two");
        assertThat(c.getUrl()).isEqualTo("jdbc:x://h/db?q=\"a\"\n");
    }

    @Test
    void placeholdersUnquotedInsideFlowListsAndMapsStillWork() {
        TopologyDef def = Yamls.parse(yamls.write("flow.yaml", """
                config:
                  hosts: [${first}, ${second}]
                  limits: {max: ${max}}
                """), properties("first", "a, b", "second", "c]", "max", "5"), null);
        assertThat(def.getConfig()).containsEntry("hosts", List.of("a, b", "c]")).containsEntry("limits", Map.of("max", 5));
    }

    @Test
    void aPlaceholderAloneIsTypedAsItsValueAndOneInsideTextStaysText() {
        TopologyDef def = Yamls.parse(yamls.write("typed.yaml", """
                spouts:
                  - id: s
                    className: x.Y
                    parallelism: ${p}
                config:
                  debug: ${ENV-DEBUG}
                  rate: ${rate}
                  quoted: "${p}"
                  version: ${major}.${minor}
                  nothing: ${ENV-EMPTY}
                  ports: ${ports}
                """), properties("p", "3", "rate", "0.5", "major", "1", "minor", "2", "ports", "[80, \"443\"]"),
                name -> name.equals("DEBUG") ? "true" : name.equals("EMPTY") ? "" : null);
        assertThat(def.getSpoutDef("s").getParallelism()).isEqualTo(3);
        assertThat(def.getConfig()).containsEntry("debug", true).containsEntry("rate", 0.5).containsEntry("quoted", "3")
                .containsEntry("version", "1.2").containsEntry("nothing", null).containsEntry("ports", List.of(80, "443"));
    }

    @Test
    void aSyntaxErrorShowsThePlaceholderNotTheSecret() {
        Path file = yamls.write("broken.yaml", "config:\n  db: {password: ${ENV-DB_PASSWORD}, port: [1}\n");
        assertThatThrownBy(() -> Yamls.parse(file, null, name -> "hunter2"))
                .isInstanceOf(FluxException.class)
                .hasMessageStartingWith(file + ":2:")
                .hasMessageContaining("${ENV-DB_PASSWORD}")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aTypeErrorShowsThePlaceholderNotTheValue() {
        Path file = yamls.write("type.yaml", "spouts:\n  - id: s\n    className: x.Y\n    parallelism: ${ENV-P}\n");
        assertThatThrownBy(() -> Yamls.parse(file, null, name -> "s3cret"))
                .hasMessage(file + ":4:18: 'spouts[0].parallelism' of spout 's' must be a whole number, not '${ENV-P}'");
    }

    @Test
    void aBuildErrorShowsThePlaceholderNotTheValue() {
        String yaml = CREDENTIALS.replace("  - ${ENV-DB_PASSWORD}", "  - ${ENV-DB_PASSWORD}\n      - [x-${ENV-DB_PASSWORD}]");
        assertThatThrownBy(() -> credentials(yaml, usual(), "hunter2"))
                .isInstanceOf(FluxException.class)
                .hasMessageContaining("with arguments [${user} (String), ${ENV-DB_PASSWORD} (String),"
                        + " [x-${ENV-DB_PASSWORD}] (ArrayList)]")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void includesAreNamedAndSubstitutedTheSameWay() {
        yamls.write("parts/secrets.yaml", "config:\n  db.password: ${ENV-DB_PASSWORD}\n");
        TopologyDef def = Yamls.parse(yamls.write("main.yaml", "name: t\nincludes:\n  - file: ${dir}/secrets.yaml\n"),
                properties("dir", "parts"), name -> "a #b");
        assertThat(def.getConfig()).containsEntry("db.password", "a #b");
    }
}
