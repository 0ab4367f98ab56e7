package dev.gale.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.cli.MainTest.Result;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'gale run --flux': the Flux examples, substitution, and bad files as one-line errors. */
class FluxRunTest {
    @TempDir
    Path dir;

    /** gale-examples' flux/wordcount.yaml, copied out as a file. */
    private Path wordcount() throws IOException {
        try (InputStream in = FluxRunTest.class.getResourceAsStream("/flux/wordcount.yaml")) {
            assertThat(in).as("gale-examples holds flux/wordcount.yaml").isNotNull();
            Path file = dir.resolve("wordcount.yaml");
            Files.copy(in, file);
            return file;
        }
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, UTF_8);
    }

    @Test
    void runsTheWordCountExampleFromAFile() throws Exception {
        Path yaml = wordcount();
        Result r = MainTest.gale("run", "--flux", yaml.toString(), "--seconds", "1.5", "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Flux topology flux-wordcount from " + yaml)
                .contains("  spout  words [1] (org.apache.storm.testing.TestWordSpout)")
                .contains("  bolt   count [2] (org.apache.storm.testing.TestWordCounter)")
                .contains("  stream words --FIELDS--> count")
                .contains("Ran flux-wordcount for ")
                .containsPattern("words +spout +1 +- +[1-9]")
                .containsPattern("count +bolt +2 +[1-9][0-9,]* +[1-9]")
                .containsPattern("log +bolt +1 +[1-9]");
    }

    @Test
    void runsTheWindowingExampleFromTheClasspath() {
        // flux/window-summaries.yaml: every 3 words (TestWordSpout: about ten a second), a summary
        // of the last 6, logged.
        Result r = MainTest.gale("run", "--flux", "/flux/window-summaries.yaml", "--resource", "--seconds", "2",
                "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Flux topology flux-window-summaries from ")
                .contains("  bolt   summarize [1] (dev.gale.examples.flux.WindowSummary)")
                .contains("  stream words --GLOBAL--> summarize")
                .contains("Ran flux-window-summaries for ")
                .containsPattern("summarize +bolt +1 +[1-9]")
                .containsPattern("log +bolt +1 +[1-9]");
    }

    @Test
    void runsTheSameYamlAsAResourceWithAnotherNameAndConf() {
        Result r = MainTest.gale("run", "--flux", "/flux/wordcount.yaml", "--resource", "--name", "wc",
                "--seconds", "0.5", "--progress", "off", "--conf", "topology.max.spout.pending=5");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Ran wc for ");
    }

    @Test
    void substitutesFilterPropertiesAndTheEnvironmentOnlyWhenAsked() throws Exception {
        Path yaml = write("subst.yaml", """
                name: "${ENV-TOPOLOGY_NAME}"
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.testing.TestWordSpout"
                bolts:
                  - id: "count"
                    className: "org.apache.storm.testing.TestWordCounter"
                    parallelism: ${count.parallelism}
                streams:
                  - from: "spout"
                    to: "count"
                    grouping: {type: FIELDS, args: ["word"]}
                """);
        Path filter = write("dev.properties", "count.parallelism=3\n");
        Map<String, String> env = Map.of("TOPOLOGY_NAME", "from-env");
        Result r = MainTest.gale(env::get, "run", "--flux", yaml.toString(), "--filter", filter.toString(), "--env-filter",
                "--seconds", "0.3", "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Ran from-env for ").contains("  bolt   count [3]");

        Result noFilter = MainTest.gale(env::get, "run", "--flux", yaml.toString(), "--progress", "off");
        assertThat(noFilter.status()).isEqualTo(Main.USAGE);
        assertThat(noFilter.oneLineError()).isEqualTo("gale run: " + yaml + ":8:18: 'bolts[0].parallelism' of bolt 'count'"
                + " must be a whole number, not '${count.parallelism}'");
    }

    @Test
    void runsATopologySourceWithTheFilesConfigAndTheConfEntries() throws Exception {
        Fixtures.WithFactory.CONFS.clear();
        Path yaml = write("source.yaml", """
                name: "from-java"
                config:
                  my.setting: 7
                topologySource:
                  className: "dev.gale.cli.Fixtures$WithFactory"
                  methodName: "createTopology"
                """);
        Result r = MainTest.gale("run", "--flux", yaml.toString(), "--seconds", "0.5", "--progress", "off",
                "--conf", "my.flag=true");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("  built by dev.gale.cli.Fixtures$WithFactory.createTopology")
                .containsPattern("numbers +spout +1 +- +10 +10 +0");
        assertThat(Fixtures.WithFactory.CONFS).singleElement()
                .satisfies(conf -> assertThat(conf).containsEntry("my.setting", 7).containsEntry("my.flag", true));
    }

    @Test
    void badYamlIsOneLineNamingFileLineAndKeyWithStatusTwo() throws Exception {
        Path yaml = write("bad.yaml", """
                name: "bad"
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.testing.TestWordSpout"
                    parallelism: [1
                """);
        Result r = MainTest.gale("run", "--flux", yaml.toString());
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).startsWith("gale run: " + yaml + ":6:1: bad YAML at key 'spouts[0].parallelism[0]':"
                + " while parsing a flow sequence (line 5), expected ',' or ']', but got <stream end>")
                .doesNotContain("snakeyaml");
    }

    @Test
    void buildErrorsAreOneLineNamingTheComponent() throws Exception {
        Path yaml = write("ctor.yaml", """
                spouts:
                  - id: "spout"
                    className: "org.apache.storm.testing.TestWordSpout"
                    constructorArgs: ["yes"]
                """);
        Result r = MainTest.gale("run", "--flux", yaml.toString());
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: " + yaml + ":2: spout 'spout': Couldn't find a suitable constructor"
                + " for class 'dev.gale.testing.TestWordSpout' with arguments [\"yes\" (String)]; its public constructors:"
                + " TestWordSpout(), TestWordSpout(boolean)");
    }

    @Test
    void helpShowsThePlaceholdersAsWritten() {
        Result r = MainTest.gale("help", "run");
        assertThat(r.out()).contains("--flux=FILE", "replace ${ENV-NAME} in the YAML", "${name} in the YAML")
                .doesNotContain("replace null");
    }

    @Test
    void usageMistakesAreOneLine() throws Exception {
        assertThat(MainTest.gale("run", "--flux", dir.resolve("nope.yaml").toString()).oneLineError())
                .isEqualTo("gale run: --flux " + dir.resolve("nope.yaml") + ": no such file; for a YAML file inside a --jar"
                        + " add --resource");
        Path yaml = write("any.yaml", "name: x\n");
        assertThat(MainTest.gale("run", "wordcount", "--flux", yaml.toString()).oneLineError())
                .isEqualTo("gale run: give a TARGET or --flux FILE, not both ('wordcount' and --flux " + yaml + ")");
        assertThat(MainTest.gale("run", "wordcount", "--env-filter").oneLineError())
                .isEqualTo("gale run: --env-filter applies to --flux only");
        assertThat(MainTest.gale("run").oneLineError())
                .isEqualTo("gale run: give a TARGET (an example or a class) or --flux FILE; see 'gale run --help'");
        assertThat(MainTest.gale("run", "--flux", yaml.toString(), "--filter", dir.resolve("no.properties").toString())
                .oneLineError()).isEqualTo("gale run: --filter " + dir.resolve("no.properties") + ": no such file");
    }
}
