package dev.gale.storm.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Storm home laid out from jars, and the jar lists it comes from (the cluster itself runs in gale-storm's tests). */
class ClusterHomeTest {
    @TempDir
    Path dir;

    @Test
    void theBuildListedStormsJarsForTheDaemonsAndTheWorkers() {
        StormLibraries libs = StormLibraries.fromBuild();
        assertThat(libs.daemonJars()).anyMatch(p -> p.getFileName().toString().startsWith("storm-server-"));
        assertThat(libs.workerJars()).anyMatch(p -> p.getFileName().toString().startsWith("storm-client-"))
                .noneMatch(p -> p.getFileName().toString().startsWith("storm-server-"));
        assertThat(libs.daemonJars()).containsAll(libs.workerJars());
    }

    @Test
    void layoutHasLibLibWorkerConfAndLog4j2() throws Exception {
        Map<String, Object> yaml = new LinkedHashMap<>();
        yaml.put("nimbus.seeds", List.of("127.0.0.1"));
        yaml.put("nimbus.thrift.port", 6627);
        yaml.put("storm.local.dir", "/tmp/a \"quoted\" dir");
        ClusterHome home = new ClusterHome(dir.resolve("home"));
        home.create(StormLibraries.fromBuild(), yaml);
        assertThat(Files.list(home.dir().resolve("lib")).count()).isEqualTo(StormLibraries.fromBuild().daemonJars().size());
        assertThat(Files.isSymbolicLink(Files.list(home.dir().resolve("lib-worker")).findFirst().orElseThrow())).isTrue();
        assertThat(Files.readString(home.dir().resolve("conf/storm.yaml"))).contains("nimbus.seeds: [\"127.0.0.1\"]")
                .contains("nimbus.thrift.port: 6627").contains("storm.local.dir: \"/tmp/a \\\"quoted\\\" dir\"");
        assertThat(home.dir().resolve("log4j2/worker.xml")).exists();
        assertThat(home.dir().resolve("log4j2/cluster.xml")).exists();
    }

    @Test
    void theNetworkDescriptionSaysWhereTheWildcardBindsAreReachableFrom() {
        String d = NetworkIsolation.describe();
        assertThat(d).contains(NetworkIsolation.loopbackOnly() ? "private network namespace" : "does NOT run in a private");
    }
}
