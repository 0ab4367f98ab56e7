package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.flux.fixtures.Foreign;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.generated.StormTopology;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichSpout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spouts and bolts a Flux file names that are no Gale components run through the
 * {@link dev.gale.spi.ComponentAdapter} found on the classpath (here the test's
 * {@link dev.gale.flux.fixtures.ForeignAdapter}); objects no adapter knows keep Flux's errors.
 */
class ComponentAdapterTest {
    @TempDir
    Path dir;
    Yamls yamls;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
        Foreign.TAKEN.clear();
    }

    /** A Flux file with the spout {@code words} and the bolt {@code collect}, given as YAML lines. */
    private static String foreign(String spout, String bolt) {
        return """
                name: "foreign"
                components:
                  - id: "count"
                    className: "java.lang.Integer"
                    constructorArgs: [40]
                spouts:
                  - id: "words"
                    %s
                bolts:
                  - id: "collect"
                    parallelism: 2
                    %s
                streams:
                  - from: "words"
                    to: "collect"
                    grouping: {type: SHUFFLE}
                """.formatted(spout.replace("\n", "\n    "), bolt.replace("\n", "\n    "));
    }

    private static final String WORDS = """
            className: "dev.gale.flux.fixtures.Foreign$Words"
            constructorArgs: [ref: "count"]""";
    private static final String COLLECT = """
            className: "dev.gale.flux.fixtures.Foreign$Collect"
            properties:
              - name: "prefix"
                value: 'got '""";

    private static StormTopology build(ExecutionContext context) {
        try {
            return FluxBuilder.buildTopology(context);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("Gale reports build errors as FluxException", e);
        }
    }

    private ExecutionContext context(String name, String yaml) {
        TopologyDef def = yamls.parse(name, yaml);
        return new ExecutionContext(def, FluxBuilder.buildConfig(def));
    }

    @Test
    void foreignSpoutsAndBoltsRunAsTheAdaptersGaleComponents() throws Exception {
        ExecutionContext context = context("foreign.yaml", foreign(WORDS, COLLECT));
        StormTopology topology = build(context);
        assertThat(context.getSpout("words")).isInstanceOf(IRichSpout.class)
                .isNotInstanceOf(Foreign.Words.class);
        assertThat(context.getBolt("collect")).isInstanceOf(IBasicBolt.class);

        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("foreign", new Config(), topology);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(Foreign.TAKEN).hasSize(40));
            cluster.killTopology("foreign");
        }
        assertThat(Foreign.TAKEN).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, 40).mapToObj(i -> "got word-" + i).toList());
    }

    @Test
    void anObjectNoAdapterKnowsKeepsTheErrorNamingItsComponent() {
        assertThatThrownBy(() -> build(context("not-a-bolt.yaml", foreign(WORDS, "className: \"java.lang.StringBuilder\""))))
                .isInstanceOf(FluxException.class)
                .hasMessageContaining("bolt 'collect': java.lang.StringBuilder is not a bolt: it implements none of ")
                .hasMessageContaining("IRichBolt");
        assertThatThrownBy(() -> build(context("not-a-spout.yaml", foreign("className: \"java.lang.StringBuilder\"",
                COLLECT)))).isInstanceOf(FluxException.class)
                .hasMessageContaining("spout 'words': java.lang.StringBuilder is not a spout: it does not implement IRichSpout");
    }

    @Test
    void aComponentTheAdapterMakesABoltOfIsNoSpout() {
        assertThatThrownBy(() -> build(context("bolt-as-spout.yaml", foreign(COLLECT, COLLECT))))
                .isInstanceOf(FluxException.class)
                .hasMessageContaining("spout 'words': dev.gale.flux.fixtures.Foreign$Collect is not a spout");
    }

    @Test
    void anAdapterThatThrowsIsNamedWithTheComponent() {
        assertThatThrownBy(() -> build(context("broken.yaml", foreign(WORDS,
                "className: \"dev.gale.flux.fixtures.Foreign$Broken\"")))).isInstanceOf(FluxException.class)
                .hasMessageContaining("bolt 'collect': the foreign test adapter cannot run dev.gale.flux.fixtures.Foreign$Broken:"
                        + " java.lang.IllegalStateException: a Broken is never adapted");
    }
}
