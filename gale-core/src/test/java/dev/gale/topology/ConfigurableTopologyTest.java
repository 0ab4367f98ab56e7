package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigurableTopologyTest {

    static class Probe extends ConfigurableTopology {
        @Override
        protected int run(String[] args) {
            return 0;
        }
    }

    @Test
    void parsesConfFilesAndLeavesOtherArgumentsToRun(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("conf.yaml");
        Files.writeString(file, "# comment\ntopology.workers: 3\ntopology.debug: true\nname: \"word count\"\nratio: 0.5\n");
        Probe p = new Probe();
        String[] rest = p.parse(new String[] {"-local", "-conf", file.toString(), "input.txt"});
        assertThat(rest).containsExactly("input.txt");
        assertThat(p.getConf()).containsEntry("topology.workers", 3).containsEntry("topology.debug", true)
                .containsEntry("name", "word count").containsEntry("ratio", 0.5);
    }

    @Test
    void aConfFileMayHoldListsAndMaps(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("conf.yaml");
        Files.writeString(file, String.join("\n",
                "topology.auto.task.hooks:",
                "  - com.example.Hook",
                "  - com.example.Other",
                "topology.metrics.consumer.register:",
                "  - class: org.apache.storm.metric.LoggingMetricsConsumer",
                "    parallelism.hint: 1",
                "    argument: {level: info}",
                "es.addresses: [\"http://a:9200\", \"http://b:9200\"]",
                ""));
        Probe p = new Probe();
        p.parse(new String[] {"-conf", file.toString()});
        assertThat(p.getConf()).containsEntry("topology.auto.task.hooks", List.of("com.example.Hook", "com.example.Other"))
                .containsEntry("es.addresses", List.of("http://a:9200", "http://b:9200"))
                .containsEntry("topology.metrics.consumer.register", List.of(Map.of(
                        "class", "org.apache.storm.metric.LoggingMetricsConsumer", "parallelism.hint", 1,
                        "argument", Map.of("level", "info"))));
    }

    @Test
    void aFluxStyleFileGivesTheMapUnderItsConfigKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flux-conf.yaml");
        Files.writeString(file, "config:\n  topology.workers: 2\n  fetcher.threads: 50\n");
        Config conf = ConfigurableTopology.loadConf(file.toString(), new Config());
        assertThat(conf).isEqualTo(Map.of("topology.workers", 2, "fetcher.threads", 50));
    }

    @Test
    void anEmptyFileAddsNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty.yaml");
        Files.writeString(file, "# nothing yet\n");
        assertThat(ConfigurableTopology.loadConf(file.toString(), new Config())).isEmpty();
    }

    @Test
    void aMissingValueMissingFileOrBadYamlIsAClearError(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-ttl"})).hasMessageContaining("-ttl needs a value");
        assertThatThrownBy(() -> ConfigurableTopology.loadConf(dir.resolve("none.yaml").toString(), new Config()))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("none.yaml");
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-conf", dir.resolve("none.yaml").toString()}))
                .hasMessageContaining("-conf").hasMessageContaining("no such file");

        Path words = dir.resolve("words.yaml");
        Files.writeString(words, "just words\n");
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-conf", words.toString()}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("words.yaml")
                .hasMessageContaining("key: value");

        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "topology.workers: 1\nhooks: a: b\nother: 2\n");
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-conf", bad.toString()}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad.yaml line 2, column 9")
                .hasMessageContaining("mapping values are not allowed here");

        Path twice = dir.resolve("twice.yaml");
        Files.writeString(twice, "topology.workers: 1\ntopology.workers: 2\n");
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-conf", twice.toString()}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice.yaml line 2")
                .hasMessageContaining("topology.workers");
    }

    @Test
    void submitWithoutANameAsksForTopologyName() {
        assertThatThrownBy(() -> new Probe().submit(new Config(), new TopologyBuilder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Config.TOPOLOGY_NAME);
    }
}
