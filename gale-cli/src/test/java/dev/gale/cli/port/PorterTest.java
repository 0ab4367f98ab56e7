package dev.gale.cli.port;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The port of small trees against the Gale classes of this test's classpath. */
class PorterTest {
    private static GaleClassIndex gale;

    @TempDir
    Path dir;

    @BeforeAll
    static void indexGale() {
        // Surefire may start the JVM on a manifest-only jar: its property holds the real classpath.
        gale = GaleClassIndex.of(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                PorterTest.class.getClassLoader());
        assertThat(gale.size()).as("Gale classes on the test classpath").isGreaterThan(100);
    }

    private void write(String path, String... lines) throws IOException {
        Path p = dir.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, String.join("\n", lines) + "\n");
    }

    private PortPlan plan() {
        return new Porter(gale, "9.9.9").plan(dir);
    }

    @Test
    void aMappedTreeIsNotBlockedAndItsOwnStormPackageMovesWithItsName() throws IOException {
        write("src/main/java/org/apache/storm/mine/Job.java",
                "package org.apache.storm.mine;",
                "import org.apache.storm.topology.TopologyBuilder;",
                "import org.apache.storm.mine.util.Helper;",
                "import static org.apache.storm.Config.TOPOLOGY_WORKERS;",
                "import static org.apache.storm.utils.Utils.sleep;",
                "class Job { }");
        write("src/main/java/org/apache/storm/mine/util/Helper.java", "package org.apache.storm.mine.util;",
                "public class Helper { }");
        write("src/main/resources/META-INF/services/org.apache.storm.state.StateProvider",
                "org.apache.storm.mine.MyProvider");
        PortPlan plan = plan();
        assertThat(plan.findings()).isEmpty();
        assertThat(plan.blocked()).isFalse();

        plan.apply(null);
        assertThat(dir.resolve("src/main/java/org")).doesNotExist();
        assertThat(Files.readString(dir.resolve("src/main/java/dev/gale/mine/Job.java")))
                .startsWith("package dev.gale.mine;\nimport dev.gale.topology.TopologyBuilder;");
        assertThat(dir.resolve("src/main/java/dev/gale/mine/util/Helper.java")).exists();
        assertThat(dir.resolve("src/main/resources/META-INF/services/dev.gale.state.StateProvider"))
                .hasContent("dev.gale.mine.MyProvider");
    }

    @Test
    void namesGaleDoesNotHaveAreListedWithFileAndLine() throws IOException {
        write("src/main/java/com/example/A.java",
                "package com.example;",
                "import org.apache.storm.topology.NoSuchBuilder;",
                "import static org.apache.storm.utils.Utils.noSuchMethod;",
                "import org.apache.storm.Config;",
                "class A { Object o = org.apache.storm.topology.NoSuchBuilder.class;",
                "  Object p = org.apache.storm.Config.class; }");
        PortPlan plan = plan();
        assertThat(plan.findings()).extracting(Finding::category).containsOnly(Category.MISSING);
        assertThat(plan.findings()).extracting(f -> f.name() + " " + f.where()).containsExactly(
                "dev.gale.topology.NoSuchBuilder src/main/java/com/example/A.java:2",
                "dev.gale.utils.Utils.noSuchMethod src/main/java/com/example/A.java:3",
                "dev.gale.topology.NoSuchBuilder src/main/java/com/example/A.java:5");
        assertThat(plan.blocked()).isTrue();
    }

    @Test
    void theReportRanksGroupsAndNamesByUses() throws IOException {
        write("src/main/java/com/example/T.java",
                "package com.example;",
                "import org.apache.storm.trident.TridentTopology;",
                "import org.apache.storm.trident.operation.builtin.Count;",
                "import org.apache.storm.hdfs.bolt.HdfsBolt;",
                "import org.apache.storm.daemon.nimbus.NoSuchNimbus;",
                "import storm.kafka.ZkHosts;",
                "class T { TridentTopology t = new TridentTopology(); Object c = org.apache.storm.trident.TridentTopology.class;",
                "  Object d = org.apache.storm.trident.operation.builtin.Count.class; }");
        write("src/main/clojure/word.clj", "(ns word (:use [org.apache.storm clojure config])",
                "  (:require [org.apache.storm.starter.clj.bolts]))");
        write("build.gradle", "dependencies {", "  compileOnly 'org.apache.storm:storm-client:2.8.3'", "}");
        PortPlan plan = plan();
        List<PortReport.Group> groups = PortReport.groups(plan.findings());
        assertThat(groups).extracting(g -> g.category()).startsWith(Category.TRIDENT);
        assertThat(groups.get(0).uses()).isEqualTo(4);
        assertThat(groups.get(0).entries()).extracting(PortReport.Entry::name).containsExactly(
                "org.apache.storm.trident.TridentTopology", "org.apache.storm.trident.operation.builtin.Count");
        assertThat(groups.stream().map(PortReport.Group::category).collect(Collectors.toList())).contains(
                Category.CONNECTOR, Category.INTERNAL, Category.KAFKA_ZOOKEEPER, Category.CLOJURE, Category.BUILD);
        // A Clojure file is one item; its namespaces are not looked up as classes.
        assertThat(plan.findings()).filteredOn(f -> f.category() == Category.MISSING).isEmpty();
        String md = PortReport.markdown(plan, "x", true);
        assertThat(md).contains("### Trident (4 uses)")
                .contains("- `org.apache.storm.trident.TridentTopology`: 2 uses (src/main/java/com/example/T.java:2,"
                        + " src/main/java/com/example/T.java:7)")
                .contains("implementation \"dev.gale:gale-core:9.9.9\"")
                .contains("build.gradle:2");
        assertThat(md.indexOf("### Trident")).isLessThan(md.indexOf("### Storm connectors"));
    }

    @Test
    void aDryRunPlansWithoutWriting() throws IOException {
        write("src/A.java", "import org.apache.storm.Config;");
        PortPlan plan = plan();
        assertThat(plan.newText()).containsKey(Path.of("src/A.java"));
        assertThat(dir.resolve("src/A.java")).hasContent("import org.apache.storm.Config;");
    }

    @Test
    void aClassOfTheUsersNamedAsOneGaleShipsIsAWarning() throws IOException {
        write("src/main/java/org/apache/storm/examples/ExclamationTopology.java", "package org.apache.storm.examples;",
                "public class ExclamationTopology { }");
        PortPlan plan = plan();
        assertThat(plan.findings()).extracting(Finding::category, Finding::name)
                .containsExactly(tuple(Category.SHADOWED,
                        "dev.gale.examples.ExclamationTopology"));
        assertThat(plan.blocked()).isFalse();
    }

    @Test
    void aLibraryIsAddedToThePomOfTheModuleWhoseSourcesUseIt() throws IOException {
        String stormClient = "<dependency><groupId>org.apache.storm</groupId><artifactId>storm-client</artifactId>"
                + "<version>2.8.3</version></dependency>";
        write("pom.xml", "<project><modules><module>core</module></modules>",
                "<dependencyManagement><dependencies>" + stormClient + "</dependencies></dependencyManagement>",
                "</project>");
        // A POM that sorts before core's and declares storm-client too, but whose sources need nothing.
        write("archetype/pom.xml", "<project><dependencies>" + stormClient + "</dependencies></project>");
        write("core/pom.xml", "<project><dependencies>", stormClient, "</dependencies></project>");
        write("core/src/main/java/com/example/Meta.java", "package com.example;",
                "import com.esotericsoftware.kryo.serializers.DefaultSerializers.StringSerializer;",
                "import org.apache.storm.kafka.spout.KafkaSpout;",
                "class Meta { }");
        PortPlan plan = plan();
        assertThat(plan.newText().get(Path.of("core/pom.xml")))
                .contains("<artifactId>kryo</artifactId>").contains("<artifactId>gale-kafka</artifactId>");
        assertThat(plan.newText().get(Path.of("archetype/pom.xml")))
                .doesNotContain("<artifactId>kryo</artifactId>").doesNotContain("gale-kafka");
        assertThat(plan.newText().get(Path.of("pom.xml"))).doesNotContain("<artifactId>kryo</artifactId>");
    }

    @Test
    void log4jOneApiUsersGetTheBridgeStormClientBrought() throws IOException {
        write("pom.xml", "<project><dependencies>",
                "<dependency><groupId>org.apache.storm</groupId><artifactId>storm-client</artifactId>"
                        + "<version>2.8.3</version></dependency>",
                "</dependencies></project>");
        write("src/main/java/com/example/Bolt.java", "package com.example;", "import org.apache.log4j.Logger;",
                "import org.apache.storm.topology.base.BaseBasicBolt;", "abstract class Bolt extends BaseBasicBolt { }");
        PortPlan plan = plan();
        assertThat(plan.newText().get(Path.of("pom.xml")))
                .contains("<groupId>org.slf4j</groupId>\n    <artifactId>log4j-over-slf4j</artifactId>");
        assertThat(plan.findings()).isEmpty();
    }
}
