package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gale port} on a small Storm 2.8 project written for this test (a POM with storm-client
 * provided, storm-kafka-client and flux-core; topologies using Storm's shaded commons-lang and
 * Kryo; a Flux file), then the ported sources compiled against Gale's jars without any Storm jar,
 * and run with {@code gale run}.
 */
class PortIT {
    private static final Path PROJECT = Launcher.repo().resolve("gale-cli/src/test/resources/port/storm-project");

    @TempDir
    Path dir;

    @Test
    void aStormProjectPortsBuildsAndRunsOnGale() throws IOException {
        Path ported = dir.resolve("ported");
        Run port = new Launcher(dir).run("port", PROJECT.toString(), "--into", ported.toString(), "--report",
                dir.resolve("report.md").toString());
        assertThat(port.status).as("%s", port).isZero();
        assertThat(Files.readString(dir.resolve("report.md"))).isEqualTo(port.out)
                .contains("everything mapped").contains("2 shaded names");

        // The ported POM: Gale at compile scope, Storm's libraries the code uses declared.
        String version = galeVersion();
        assertThat(dependencies(Files.readString(ported.resolve("pom.xml")))).containsExactly(
                "dev.gale:gale-core:" + version + ":compile",
                "dev.gale:gale-kafka:" + version + ":compile",
                "dev.gale:gale-flux:" + version + ":compile",
                "org.apache.kafka:kafka-clients:3.9.1:compile",
                "commons-lang:commons-lang:2.6:compile",
                "com.esotericsoftware:kryo:5.6.2:compile",
                "org.apache.logging.log4j:log4j-slf4j2-impl:2.25.2:compile");
        try (Stream<Path> files = Files.walk(ported)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                if (!f.getFileName().toString().equals("pom.xml")) {
                    assertThat(Files.readString(f)).as("%s", f).doesNotContain("org.apache.storm");
                }
            }
        }
        assertThat(Files.readString(ported.resolve("src/main/resources/shout.yaml")))
                .contains("className: \"dev.gale.testing.TestWordSpout\"")
                .contains("className: \"dev.gale.flux.wrappers.bolts.LogInfoBolt\"");
        // The source tree is left as it was.
        assertThat(Files.readString(PROJECT.resolve("src/main/java/com/example/words/ShoutBolt.java")))
                .contains("import org.apache.storm.shade.org.apache.commons.lang.StringUtils;");

        // Built against Gale's jars and the libraries the ported POM adds: no Storm jar, no Kryo but the POM's.
        List<String> galeClasspath = Arrays.stream(Files.readString(Launcher.repo().resolve(
                "gale-cli/target/classpath.txt")).trim().split(File.pathSeparator))
                .filter(p -> !p.contains("/org/apache/storm/") && !p.contains("/com/esotericsoftware/"))
                .collect(Collectors.toList());
        Path repository = localRepository(galeClasspath);
        Path commonsLang = repository.resolve("commons-lang/commons-lang/2.6/commons-lang-2.6.jar");
        Path kryo = repository.resolve("com/esotericsoftware/kryo/5.6.2/kryo-5.6.2.jar");
        assertThat(commonsLang).exists();
        assertThat(kryo).exists();
        List<String> compileClasspath = new ArrayList<>(galeClasspath);
        compileClasspath.add(commonsLang.toString());
        compileClasspath.add(kryo.toString());
        String classpath = String.join(File.pathSeparator, compileClasspath);
        // The unported sources do not build on it: the classpath holds no Storm.
        assertThat(javac(PROJECT.resolve("src/main/java"), classpath, dir.resolve("unported")).status)
                .as("javac of the unported sources").isNotZero();
        Compiled compiled = javac(ported.resolve("src/main/java"), classpath, dir.resolve("classes"));
        assertThat(compiled.status).as("javac of the ported sources:%n%s", compiled.output).isZero();
        Path jar = dir.resolve("word-tools.jar");
        jar(dir.resolve("classes"), jar);

        Run shout = new Launcher(dir).run("run", "--jar", jar.toString(), "--classpath", commonsLang.toString(),
                "com.example.words.ShoutTopology", "--seconds", "5", "--progress", "off").succeeded();
        assertThat(shout.out).contains("shout: word 299 is TSEPMET");
        assertThat(shout.row("shout").executed()).isEqualTo(300);
        assertThat(shout.row("words").acked()).isEqualTo(300);
        shout.leftNothingBehind();

        Run lengths = new Launcher(dir).run("run", "--jar", jar.toString(), "com.example.words.WordLengthTopology",
                "--seconds", "5", "--progress", "off").succeeded();
        // storm 5, gale 4, breeze 6, squall 6, tempest 7: 28 letters per 5 words.
        assertThat(lengths.out).contains("lengths: 300 words, 1680 letters");
        lengths.leftNothingBehind();

        Run flux = new Launcher(dir).run("run", "--flux", ported.resolve("src/main/resources/shout.yaml").toString(),
                "--classpath", jar + File.pathSeparator + commonsLang, "--seconds", "4", "--progress", "off")
                .succeeded();
        assertThat(flux.row("shout").executed()).isPositive();
        assertThat(flux.row("log").executed()).isPositive();
        flux.leftNothingBehind();
    }

    @Test
    void aDryRunChangesNothingAndBlockingItemsGiveExitStatus3() throws IOException {
        Path copy = dir.resolve("copy");
        copyTree(PROJECT, copy);
        Files.writeString(copy.resolve("src/main/java/com/example/words/Trends.java"), String.join("\n",
                "package com.example.words;",
                "import org.apache.storm.trident.TridentTopology;",
                "import org.apache.storm.topology.TopologyBuilderThatIsNot;",
                "class Trends { TridentTopology t; }", ""));
        String before = Files.readString(copy.resolve("src/main/java/com/example/words/ShoutBolt.java"));

        Run dry = new Launcher(dir).run("port", copy.toString(), "--dry-run");
        assertThat(dry.status).as("%s", dry).isEqualTo(3);
        assertThat(dry.out).contains("Dry run: nothing was written")
                .contains("### Trident (1 use)")
                .contains("- `org.apache.storm.trident.TridentTopology`: 1 use (src/main/java/com/example/words/Trends.java:2)")
                .contains("- `dev.gale.topology.TopologyBuilderThatIsNot`: 1 use"
                        + " (src/main/java/com/example/words/Trends.java:3)");
        assertThat(Files.readString(copy.resolve("src/main/java/com/example/words/ShoutBolt.java"))).isEqualTo(before);

        Run inPlace = new Launcher(dir).run("port", copy.toString());
        assertThat(inPlace.status).as("%s", inPlace).isEqualTo(3);
        assertThat(Files.readString(copy.resolve("src/main/java/com/example/words/ShoutBolt.java")))
                .contains("import org.apache.commons.lang.StringUtils;").doesNotContain("org.apache.storm");
    }

    /** The dependencies of a POM as {@code group:artifact:version:scope}, in order. */
    private static List<String> dependencies(String pom) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?s)<dependency>(.*?)</dependency>").matcher(pom.replaceAll("(?s)<!--.*?-->", ""));
        while (m.find()) {
            String d = m.group(1);
            out.add(element(d, "groupId") + ":" + element(d, "artifactId") + ":" + element(d, "version") + ":"
                    + (element(d, "scope") == null ? "compile" : element(d, "scope")));
        }
        return out;
    }

    private static String element(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">\\s*([^<]*?)\\s*</" + name + ">").matcher(xml);
        return m.find() ? m.group(1) : null;
    }

    private static String galeVersion() throws IOException {
        Properties p = new Properties();
        try (var in = Files.newInputStream(Launcher.repo().resolve(
                "gale-cli/target/classes/dev/gale/cli/port/gale-version.properties"))) {
            p.load(in);
        }
        return p.getProperty("version");
    }

    /** The local Maven repository the launcher's classpath reads from (slf4j-api is at org/slf4j/slf4j-api/V/). */
    private static Path localRepository(List<String> classpath) {
        Path slf4j = classpath.stream().filter(p -> p.contains("slf4j-api")).map(Path::of).findFirst().orElseThrow();
        return slf4j.getParent().getParent().getParent().getParent().getParent();
    }

    private record Compiled(int status, String output) {
    }

    private static Compiled javac(Path sources, String classpath, Path out) throws IOException {
        List<String> args = new ArrayList<>(List.of("--release", "17", "-cp", classpath, "-d", out.toString()));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
        }
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = javac.run(null, null, err, args.toArray(new String[0]));
        return new Compiled(status, err.toString());
    }

    private static void jar(Path classes, Path jar) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }
}
