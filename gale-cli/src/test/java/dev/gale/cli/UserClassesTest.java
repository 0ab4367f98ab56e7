package dev.gale.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 'gale run' on a user's own classes, compiled and jarred here at test time so that they are on
 * no classpath but the one the command is given: --jar, --classpath, CLASSPATH.
 */
class UserClassesTest {
    private static final String TOPOLOGY = "userland.UserTopology";

    /**
     * A topology as a user writes it: its spout reads a resource of the user's jar through the
     * context class loader (as connectors load drivers and configuration), and its bolt throws on
     * one word.
     */
    private static final String SOURCE = """
            package userland;

            import dev.gale.generated.StormTopology;
            import dev.gale.spout.SpoutOutputCollector;
            import dev.gale.task.TopologyContext;
            import dev.gale.topology.BasicOutputCollector;
            import dev.gale.topology.OutputFieldsDeclarer;
            import dev.gale.topology.TopologyBuilder;
            import dev.gale.topology.base.BaseBasicBolt;
            import dev.gale.topology.base.BaseRichSpout;
            import dev.gale.tuple.Fields;
            import dev.gale.tuple.Tuple;
            import dev.gale.tuple.Values;
            import java.io.IOException;
            import java.io.InputStream;
            import java.nio.charset.StandardCharsets;
            import java.util.List;
            import java.util.Map;

            public class UserTopology {
                public static StormTopology createTopology(Map<String, Object> conf) {
                    TopologyBuilder b = new TopologyBuilder();
                    b.setSpout("user-words", new WordsSpout());
                    b.setBolt("user-check", new CheckBolt()).shuffleGrouping("user-words");
                    return b.createTopology();
                }

                public static class WordsSpout extends BaseRichSpout {
                    private transient SpoutOutputCollector collector;
                    private transient List<String> words;
                    private transient int next;

                    @Override
                    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
                        this.collector = collector;
                        try (InputStream in = Thread.currentThread().getContextClassLoader()
                                .getResourceAsStream("userland/words.txt")) {
                            if (in == null) {
                                throw new IllegalStateException("words.txt not found through the context class loader");
                            }
                            words = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip().split(" "));
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }

                    @Override
                    public void nextTuple() {
                        if (next < words.size()) {
                            collector.emit(new Values(words.get(next)), next);
                            next++;
                        }
                    }

                    @Override
                    public void declareOutputFields(OutputFieldsDeclarer declarer) {
                        declarer.declare(new Fields("word"));
                    }
                }

                public static class CheckBolt extends BaseBasicBolt {
                    @Override
                    public void execute(Tuple input, BasicOutputCollector collector) {
                        if (input.getString(0).equals("bad")) {
                            throw new IllegalStateException("user bolt cannot take 'bad'");
                        }
                    }

                    @Override
                    public void declareOutputFields(OutputFieldsDeclarer declarer) {
                    }
                }
            }
            """;

    /**
     * A windowed bolt of the user's: Gale wraps it in its windowing executor, whose per-task copy
     * must find the user's class through the jar's loader, not the wrapper's.
     */
    private static final String WINDOWED_SOURCE = """
            package userland;

            import dev.gale.generated.StormTopology;
            import dev.gale.task.OutputCollector;
            import dev.gale.task.TopologyContext;
            import dev.gale.topology.OutputFieldsDeclarer;
            import dev.gale.topology.TopologyBuilder;
            import dev.gale.topology.base.BaseWindowedBolt;
            import dev.gale.tuple.Fields;
            import dev.gale.tuple.Tuple;
            import dev.gale.tuple.Values;
            import dev.gale.windowing.TupleWindow;
            import java.util.Map;

            public class WindowedTopology {
                public static StormTopology createTopology(Map<String, Object> conf) {
                    TopologyBuilder b = new TopologyBuilder();
                    b.setSpout("user-words", new UserTopology.WordsSpout());
                    b.setBolt("user-lengths", new LengthSum().withTumblingWindow(BaseWindowedBolt.Count.of(2)))
                            .shuffleGrouping("user-words");
                    return b.createTopology();
                }

                public static class LengthSum extends BaseWindowedBolt {
                    private transient OutputCollector collector;

                    @Override
                    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
                        this.collector = collector;
                    }

                    @Override
                    public void execute(TupleWindow window) {
                        int letters = 0;
                        for (Tuple t : window.get()) {
                            letters += t.getString(0).length();
                        }
                        collector.emit(new Values(window.get().size(), letters));
                    }

                    @Override
                    public void declareOutputFields(OutputFieldsDeclarer declarer) {
                        declarer.declare(new Fields("words", "letters"));
                    }
                }
            }
            """;

    /** The same topology in Flux YAML, naming the user's classes (in the jar, and as a file). */
    private static final String FLUX = """
            name: "user-flux"
            spouts:
              - id: "user-words"
                className: "userland.UserTopology$WordsSpout"
            bolts:
              - id: "user-check"
                className: "userland.UserTopology$CheckBolt"
            streams:
              - from: "user-words"
                to: "user-check"
                grouping:
                  type: SHUFFLE
            """;

    @TempDir
    static Path dir;
    static Path classes;
    static Path jar;

    @BeforeAll
    static void compileAndJarTheUsersTopology() throws Exception {
        Path src = dir.resolve("src/userland/UserTopology.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, SOURCE, UTF_8);
        Path windowedSrc = Files.writeString(src.resolveSibling("WindowedTopology.java"), WINDOWED_SOURCE, UTF_8);
        classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("userland"));
        Files.writeString(classes.resolve("userland/words.txt"), "alpha beta bad gamma\n", UTF_8);
        Files.writeString(classes.resolve("userland/topology.yaml"), FLUX, UTF_8);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int status = javac.run(null, diagnostics, diagnostics, "--release", "17", "-proc:none", "-d", classes.toString(),
                "-classpath", System.getProperty("java.class.path"), src.toString(), windowedSrc.toString());
        assertThat(status).as("javac: %s", diagnostics.toString(UTF_8)).isZero();
        jar = dir.resolve("my-topology.jar");
        try (Stream<Path> files = Files.walk(classes);
             JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        assertThatThrownBy(() -> Class.forName(TOPOLOGY)).as("the user's class must not be on the test classpath")
                .isInstanceOf(ClassNotFoundException.class);
    }

    private static MainTest.Result gale(Map<String, String> env, String... args) {
        return MainTest.gale(env::get, args);
    }

    /** What the user topology's run must show: every word through, the bad one failed and reported. */
    private static void assertTheUserTopologyRan(MainTest.Result r) {
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).containsPattern("user-words +spout +1 +- +4 +3 +1")
                .containsPattern("user-check +bolt +1 +4 ")
                .contains("user-check (task ").contains("user bolt cannot take 'bad'");
    }

    @Test
    void runsATopologyFromAJar() {
        assertTheUserTopologyRan(gale(Map.of(), "run", "--jar", jar.toString(), TOPOLOGY, "--seconds", "2",
                "--progress", "off"));
    }

    @Test
    void runsAWindowedBoltFromAJar() {
        MainTest.Result r = gale(Map.of(), "run", "--jar", jar.toString(), "userland.WindowedTopology", "--seconds", "2",
                "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        // Four words in two tumbling windows of two: one emit per window.
        assertThat(r.out() + r.err()).doesNotContain("cannot be copied");
        assertThat(r.out()).containsPattern("user-lengths +bolt +1 +4 +2 ");
    }

    @Test
    void runsATopologyFromAClassesDirectoryOnTheClasspathOption() {
        assertTheUserTopologyRan(gale(Map.of(), "run", "--classpath", dir + File.pathSeparator + classes,
                TOPOLOGY, "--seconds", "2", "--progress", "off"));
    }

    @Test
    void readsTheClasspathEnvironmentVariableAndItsWildcard() {
        assertTheUserTopologyRan(gale(Map.of("CLASSPATH", dir + File.separator + "*"), "run", TOPOLOGY,
                "--seconds", "2", "--progress", "off"));
    }

    @Test
    void runsAFluxFileWhoseClassesAreInAJar() throws Exception {
        Path yaml = Files.writeString(dir.resolve("user-topology.yaml"), FLUX, UTF_8);
        MainTest.Result r = gale(Map.of(), "run", "--jar", jar.toString(), "--flux", yaml.toString(), "--seconds", "2",
                "--progress", "off");
        assertTheUserTopologyRan(r);
        assertThat(r.out()).contains("Flux topology user-flux from " + yaml).contains("Ran user-flux for ");
    }

    @Test
    void runsAFluxResourceOfTheJar() {
        MainTest.Result r = gale(Map.of(), "run", "--jar", jar.toString(), "--flux", "/userland/topology.yaml",
                "--resource", "--seconds", "2", "--progress", "off");
        assertTheUserTopologyRan(r);
        assertThat(r.out()).contains("Flux topology user-flux from /userland/topology.yaml");
    }

    @Test
    void aFluxFileWhoseClassIsInNoJarNamesTheComponent() throws Exception {
        Path yaml = Files.writeString(dir.resolve("no-jar.yaml"), FLUX, UTF_8);
        MainTest.Result r = gale(Map.of(), "run", "--flux", yaml.toString());
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: " + yaml + ":3: spout 'user-words': no class"
                + " userland.UserTopology$WordsSpout on the classpath");
    }

    @Test
    void aMissingJarIsOneLine() {
        MainTest.Result r = gale(Map.of(), "run", "--jar", dir.resolve("nope.jar").toString(), TOPOLOGY);
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: --jar " + dir.resolve("nope.jar") + ": no such file");
    }

    /**
     * The command as 'java -cp ... dev.gale.cli.Main' in a JVM of its own, with the user's jar in
     * CLASSPATH (which 'java -cp' ignores) and no SLF4J binding: the bolt's error still shows, as
     * it happens (stderr) and in the summary.
     */
    @Test
    void aSeparateJvmWithoutLoggingBindingRunsTheJarFromClasspathAndShowsTheUserError() throws Exception {
        String galeOnly = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("slf4j-simple") && !e.endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", galeOnly, Main.class.getName(), "run", TOPOLOGY, "--seconds", "2", "--progress", "log"));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("CLASSPATH", jar.toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the command finished").isTrue();
        MainTest.Result r = new MainTest.Result(p.exitValue(), Files.readString(out), Files.readString(err));
        assertTheUserTopologyRan(r);
        assertThat(r.err()).as("no binding here").contains("SLF4J").doesNotContain("ErrorRegistry")
                .containsPattern("gale run usertopology: error in bolt 'user-check' task \\d+: .*user bolt cannot take 'bad'");
    }
}
