package dev.gale.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.LocalCluster;
import dev.gale.flux.internal.FluxCommand;
import dev.gale.flux.internal.FluxOptions;
import dev.gale.time.SimulatedClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Flux}'s command line: Storm Flux's flags, substitution, dry runs, local runs, submits and mistakes. */
class FluxMainTest {
    @TempDir
    Path dir;
    Yamls yamls;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    /** What each local run saw while it paused: the pause, then the cluster's topologies and their status. */
    private final List<Object> pauses = new ArrayList<>();
    private final List<LocalCluster> madeClusters = new ArrayList<>();

    private static final String WORDS = """
            name: "${topology.name}"
            spouts:
              - id: "words"
                className: "org.apache.storm.testing.TestWordSpout"
            bolts:
              - id: "tally"
                className: "org.apache.storm.testing.TestWordCounter"
                parallelism: ${tally.parallelism}
            streams:
              - from: "words"
                to: "tally"
                grouping: {type: FIELDS, args: ["word"]}
            """;

    @BeforeEach
    void setUp() {
        yamls = new Yamls(dir);
    }

    private int flux(Map<String, String> env, String... args) {
        FluxCommand command = new FluxCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env::get, () -> {
                    LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build();
                    madeClusters.add(cluster);
                    return cluster;
                }, ms -> {
                    pauses.add(ms);
                    LocalCluster cluster = madeClusters.get(madeClusters.size() - 1);
                    for (String name : cluster.getTopologyNames()) {
                        pauses.add(name + " " + cluster.getTopologyStatus(name));
                    }
                });
        return command.run(args);
    }

    private int flux(String... args) {
        return flux(Map.of(), args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path words() {
        yamls.write("words.properties", "topology.name=counted\ntally.parallelism=3\n");
        return yamls.write("words.yaml", WORDS);
    }

    @Test
    void readsStormsShortAndLongFlags() {
        FluxOptions shortFlags = FluxOptions.parse("-l", "-R", "-s", "1500", "-d", "-q", "-n", "-i", "-z", "zk:2181",
                "-f", "dev.properties", "-e", "topo.yaml");
        assertThat(shortFlags).isEqualTo(new FluxOptions(true, false, true, 1500, true, true, true, true, true, "zk:2181",
                "dev.properties", true, false, "topo.yaml"));
        FluxOptions longFlags = FluxOptions.parse("--local", "--resource", "--sleep=1500", "--dry-run", "--no-detail",
                "--no-splash", "--inactive", "--zookeeper", "zk:2181", "--filter=dev.properties", "--env-filter",
                "topo.yaml");
        assertThat(longFlags).isEqualTo(shortFlags);
        assertThat(FluxOptions.parse("--remote", "topo.yaml")).isEqualTo(new FluxOptions(false, true, false,
                FluxOptions.DEFAULT_SLEEP_MS, false, false, false, false, false, null, null, false, false, "topo.yaml"));
        assertThat(FluxOptions.parse("-r", "--", "-odd-name.yaml").file()).isEqualTo("-odd-name.yaml");
        assertThat(FluxOptions.parse("-h").help()).isTrue();
        // Storm's -q is --no-detail and -n is --no-splash.
        assertThat(FluxOptions.parse("-q", "t.yaml")).satisfies(o -> assertThat(o.noDetail()).isTrue())
                .satisfies(o -> assertThat(o.noSplash()).isFalse());
    }

    @Test
    void aBadCommandLineIsNamed() {
        assertThatThrownBy(() -> FluxOptions.parse("--locl", "t.yaml")).hasMessage("unknown option '--locl'");
        assertThatThrownBy(() -> FluxOptions.parse("-local", "t.yaml"))
                .hasMessage("unknown option '-local' (did you mean '--local'?)");
        assertThatThrownBy(() -> FluxOptions.parse("t.yaml", "--sleep")).hasMessage("--sleep needs a number of milliseconds");
        assertThatThrownBy(() -> FluxOptions.parse("-s", "soon", "t.yaml"))
                .hasMessage("-s takes a number of milliseconds (0 or more), not 'soon'");
        assertThatThrownBy(() -> FluxOptions.parse("--dry-run=yes", "t.yaml"))
                .hasMessage("--dry-run takes no value (got '--dry-run=yes')");
        assertThatThrownBy(() -> FluxOptions.parse("-l", "-r", "t.yaml")).hasMessage("give --local or --remote, not both");
        assertThatThrownBy(() -> FluxOptions.parse("-l")).hasMessage("no Flux file given");
        assertThatThrownBy(() -> FluxOptions.parse("a.yaml", "b.yaml")).hasMessage("one Flux file expected, got 2: a.yaml b.yaml");
    }

    @Test
    void aBadCommandLineExitsWithTheMistakeAndTheUsage() {
        assertThat(flux("--locl", "t.yaml")).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).startsWith("Flux: unknown option '--locl'" + System.lineSeparator() + "usage: dev.gale.flux.Flux");
        assertThat(out()).isEmpty();
        assertThat(madeClusters).isEmpty();
    }

    @Test
    void helpPrintsTheUsage() {
        assertThat(flux("--help")).isZero();
        assertThat(out()).startsWith("usage: dev.gale.flux.Flux [options] <topology.yaml>")
                .contains("-l, --local").contains("-q, --no-detail").contains("-n, --no-splash");
    }

    @Test
    void aDryRunPrintsTheTopologyAndStartsNothing() {
        Path yaml = words();
        try (LocalCluster open = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            int status = flux("--dry-run", "--filter", dir.resolve("words.properties").toString(), yaml.toString());
            assertThat(status).as(err()).isZero();
            assertThat(open.getTopologyNames()).isEmpty();
        }
        assertThat(madeClusters).isEmpty();
        assertThat(out()).isEqualTo(String.join(System.lineSeparator(),
                "Gale Flux: a topology from Storm Flux YAML, on Gale",
                "topology counted (" + yaml + ")",
                "  spout  words x1  org.apache.storm.testing.TestWordSpout",
                "  bolt   tally x3  org.apache.storm.testing.TestWordCounter",
                "  stream words --FIELDS[word]--> tally",
                "dry run: counted built; nothing submitted", ""));
    }

    @Test
    void noSplashAndNoDetailLeaveOnlyTheOutcome() {
        Path yaml = words();
        assertThat(flux("-d", "-n", "-q", "-f", dir.resolve("words.properties").toString(), yaml.toString())).isZero();
        assertThat(out()).isEqualTo("dry run: counted built; nothing submitted" + System.lineSeparator());
    }

    @Test
    void substitutesTheFilterAndTheEnvironmentOnlyWhenAsked() {
        Path yaml = yamls.write("env.yaml", WORDS.replace("${topology.name}", "${ENV-TOPOLOGY}"));
        yamls.write("words.properties", "tally.parallelism=2\n");
        String filter = dir.resolve("words.properties").toString();
        Map<String, String> env = Map.of("TOPOLOGY", "from-env");
        assertThat(flux(env, "-d", "-n", "-f", filter, "-e", yaml.toString())).as(err()).isZero();
        assertThat(out()).contains("topology from-env (").contains("  bolt   tally x2  ");
        out.reset();
        assertThat(flux(env, "-d", "-n", "-f", filter, yaml.toString())).as(err()).isZero();
        assertThat(out()).contains("topology ${ENV-TOPOLOGY} (");
        assertThat(flux(env, "-d", "-n", "-e", yaml.toString())).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).isEqualTo("Flux: " + yaml + ":8:18: 'bolts[0].parallelism' of bolt 'tally' must be a whole"
                + " number, not '${tally.parallelism}'" + System.lineSeparator());
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.yaml");
        assertThat(flux("-l", missing.toString())).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).isEqualTo("Flux: " + missing + ": no such file; for a YAML file on the classpath add --resource"
                + System.lineSeparator());
        err.reset();
        assertThat(flux("-l", dir.toString())).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).isEqualTo("Flux: " + dir + ": no such file (it is a directory)" + System.lineSeparator());
        err.reset();
        assertThat(flux("-l", "-f", "missing.properties", words().toString())).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).isEqualTo("Flux: --filter missing.properties: no such file" + System.lineSeparator());
        err.reset();
        assertThat(flux("-l", "-R", "/flux/no-such.yaml")).isEqualTo(FluxCommand.USAGE);
        assertThat(err()).startsWith("Flux: ").contains("/flux/no-such.yaml");
        assertThat(madeClusters).isEmpty();
    }

    @Test
    void aLocalRunRunsTheTopologyForTheSleepThenKillsIt() {
        assertThat(flux("--local", "--sleep", "1500", "-R", "/flux/features/counting.yaml")).as(err()).isZero();
        assertThat(pauses).containsExactly(1500L, "counting ACTIVE");
        assertThat(madeClusters).hasSize(1);
        assertThat(out()).contains("running counting locally for 1500 ms").endsWith("killed counting" + System.lineSeparator());
        assertThat(madeClusters.get(0).getTopologyNames()).isEmpty();
    }

    @Test
    void aLocalRunLastsAMinuteByDefaultAndCanStartInactive() {
        assertThat(flux("-l", "-i", "-R", "/flux/features/counting.yaml")).as(err()).isZero();
        assertThat(pauses).containsExactly(FluxOptions.DEFAULT_SLEEP_MS, "counting INACTIVE");
    }

    @Test
    void withoutLocalTheTopologyIsSubmittedThroughStormSubmitter() {
        try (LocalCluster open = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            assertThat(flux("-R", "/flux/features/counting.yaml")).as(err()).isZero();
            assertThat(open.getTopologyNames()).containsExactly("counting");
            assertThat(open.getTopologyStatus("counting")).isEqualTo("ACTIVE");
            assertThat(flux("--remote", "--inactive", "--sleep", "5", "-R", "/flux/features/diamond.yaml")).as(err()).isZero();
            assertThat(open.getTopologyStatus("diamond")).isEqualTo("INACTIVE");
        }
        assertThat(madeClusters).isEmpty();
        assertThat(pauses).isEmpty();
        assertThat(out()).contains("submitted counting" + System.lineSeparator())
                .contains("submitted diamond (inactive)" + System.lineSeparator());
        assertThat(err()).isEqualTo("Flux: --sleep applies to --local runs only; ignored" + System.lineSeparator());
    }

    @Test
    void aSubmitTheClusterRefusesFailsWithItsReason() {
        try (LocalCluster open = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            assertThat(flux("-q", "-R", "/flux/bad/silent-diamond.yaml")).isEqualTo(FluxCommand.FAILED);
            assertThat(open.getTopologyNames()).isEmpty();
        }
        assertThat(err()).startsWith("Flux: silent-diamond was not started: bolt 'side' subscribes to stream 'default'");
    }
}
