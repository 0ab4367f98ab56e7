package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** {@code gale run --flux} on every Flux file the repository ships, and {@code gale run --jar} on a jar built here. */
class FluxAndJarIT {
    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> eachShippedFluxFileRuns() throws IOException {
        Path flux = Launcher.repo().resolve("gale-examples/src/main/resources/flux");
        List<Path> files;
        try (Stream<Path> s = Files.list(flux)) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
        }
        assertThat(files).isNotEmpty();
        return files.stream().map(f -> dynamicTest(f.getFileName().toString(), () -> {
            Run r = new Launcher(dir).run("run", "--flux", f.toString(), "--seconds", "4", "--progress", "off")
                    .succeeded();
            assertThat(r.summary()).as("summary of %s", r).isNotEmpty();
            assertThat(r.summary().values()).allSatisfy(row -> assertThat(row.failed()).isZero());
            // Every bolt the file defines took input.
            assertThat(r.summary().entrySet().stream().filter(e -> e.getValue().kind().equals("bolt")))
                    .as("bolts of %s", r).isNotEmpty()
                    .allSatisfy(e -> assertThat(e.getValue().executed()).as(e.getKey()).isPositive());
            r.leftNothingBehind();
        }));
    }

    /** A script's {@code storm jar app.jar org.apache.storm.flux.Flux ...}, ported to Gale's Flux main class. */
    @Test
    void fluxsMainClassSubmitsToTheClusterGaleRunWatches() {
        Run r = new Launcher(dir).run("run", "dev.gale.flux.Flux", "--seconds", "4", "--progress", "off", "--",
                "--remote", "--resource", "/flux/wordcount.yaml").succeeded();
        assertThat(r.out).contains("  spout  words x1  org.apache.storm.testing.TestWordSpout")
                .contains("submitted flux-wordcount");
        assertThat(r.row("words").emitted()).isPositive();
        assertThat(r.row("count").executed()).isPositive();
        assertThat(r.row("log").executed()).isPositive();
        r.leftNothingBehind();
    }

    @Test
    void fluxsMainClassRunsLocallyForItsSleepAndRefusesABadFlag() {
        Run local = new Launcher(dir).run("run", "dev.gale.flux.Flux", "--progress", "off", "--",
                "--local", "--sleep", "1500", "--no-detail", "--resource", "/flux/window-summaries.yaml").succeeded();
        assertThat(local.out).contains("running flux-window-summaries locally for 1500 ms")
                .contains("killed flux-window-summaries");
        local.leftNothingBehind();

        Run bad = new Launcher(dir).run("run", "dev.gale.flux.Flux", "--", "-local", "topology.yaml");
        assertThat(bad.status).as(bad.toString()).isEqualTo(2);
        assertThat(bad.err).contains("Flux: unknown option '-local' (did you mean '--local'?)")
                .contains("usage: dev.gale.flux.Flux [options] <topology.yaml>");
    }

    @Test
    void aTopologyInAJarBuiltHereRunsFromItsJar() throws IOException {
        Path src = Files.createDirectories(dir.resolve("src/demo"));
        Files.writeString(src.resolve("JarTopology.java"), String.join("\n",
                "package demo;",
                "import dev.gale.generated.StormTopology;",
                "import dev.gale.spout.SpoutOutputCollector;",
                "import dev.gale.task.TopologyContext;",
                "import dev.gale.topology.BasicOutputCollector;",
                "import dev.gale.topology.OutputFieldsDeclarer;",
                "import dev.gale.topology.TopologyBuilder;",
                "import dev.gale.topology.base.BaseBasicBolt;",
                "import dev.gale.topology.base.BaseRichSpout;",
                "import dev.gale.tuple.Fields;",
                "import dev.gale.tuple.Tuple;",
                "import dev.gale.tuple.Values;",
                "import java.util.Map;",
                "public class JarTopology {",
                "  public static class Numbers extends BaseRichSpout {",
                "    private SpoutOutputCollector out; private long n;",
                "    public void open(Map<String, Object> c, TopologyContext t, SpoutOutputCollector o) { out = o; }",
                "    public void nextTuple() { if (n < 500) { out.emit(new Values(n), n); n++; } }",
                "    public void declareOutputFields(OutputFieldsDeclarer d) { d.declare(new Fields(\"n\")); }",
                "  }",
                "  public static class Squares extends BaseBasicBolt {",
                "    public void execute(Tuple t, BasicOutputCollector c) {",
                "      long n = t.getLong(0);",
                "      if (n == 499) { System.out.println(\"jar topology: 499 squared is \" + n * n); }",
                "    }",
                "    public void declareOutputFields(OutputFieldsDeclarer d) { }",
                "  }",
                "  public static StormTopology createTopology() {",
                "    TopologyBuilder b = new TopologyBuilder();",
                "    b.setSpout(\"numbers\", new Numbers(), 1);",
                "    b.setBolt(\"squares\", new Squares(), 2).shuffleGrouping(\"numbers\");",
                "    return b.createTopology();",
                "  }",
                "}", ""));
        String galeCore = Arrays.stream(Files.readString(Launcher.repo().resolve("gale-cli/target/classpath.txt"))
                .trim().split(File.pathSeparator)).filter(p -> p.contains("gale-core")).findFirst().orElseThrow();
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "--release", "17", "-cp", galeCore, "-d", classes.toString(),
                src.resolve("JarTopology.java").toString());
        assertThat(status).isZero();
        Path jar = dir.resolve("my-topology.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }

        Run r = new Launcher(dir).run("run", "--jar", "my-topology.jar", "demo.JarTopology", "--seconds", "4",
                "--progress", "off").succeeded();
        assertThat(r.row("numbers").acked()).isEqualTo(500);
        assertThat(r.row("squares").executed()).isEqualTo(500);
        assertThat(r.out).contains("jar topology: 499 squared is 249001");
        r.leftNothingBehind();
    }
}
