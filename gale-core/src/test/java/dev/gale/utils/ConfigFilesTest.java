package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.io.ByteArrayInputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Storm's configuration file readers: YAML from the classpath or a file, the defaults, storm.options. */
class ConfigFilesTest {

    /** Runs {@code body} with {@code dir} as the context class loader's classpath. */
    private static void withClasspath(Path dir, Runnable body) throws Exception {
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, previous)) {
            t.setContextClassLoader(loader);
            body.run();
        } finally {
            t.setContextClassLoader(previous);
        }
    }

    @Test
    void aResourceOnTheClasspathIsReadBeforeAFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("my-topology.yaml"), "topology.workers: 4\nseeds: [a, b]\nes: {port: 9200}\n");
        withClasspath(dir, () -> assertThat(Utils.findAndReadConfigFile("my-topology.yaml"))
                .isEqualTo(Map.of("topology.workers", 4, "seeds", List.of("a", "b"), "es", Map.of("port", 9200))));
        Path file = dir.resolve("file.yaml");
        Files.writeString(file, "x: 1\n");
        assertThat(Utils.findAndReadConfigFile(file.toString(), true)).isEqualTo(Map.of("x", 1));
    }

    @Test
    void aMissingOrEmptyFileIsAnErrorOnlyWhenItMustExist(@TempDir Path dir) throws Exception {
        assertThat(Utils.findAndReadConfigFile(dir.resolve("none.yaml").toString(), false)).isEmpty();
        assertThatThrownBy(() -> Utils.findAndReadConfigFile(dir.resolve("none.yaml").toString()))
                .hasMessageContaining("could not find the configuration file").hasMessageContaining("none.yaml");
        Path empty = dir.resolve("empty.yaml");
        Files.writeString(empty, "");
        assertThat(Utils.findAndReadConfigFile(empty.toString(), false)).isEmpty();
        assertThatThrownBy(() -> Utils.findAndReadConfigFile(empty.toString(), true))
                .hasMessageContaining("holds no configuration");
    }

    @Test
    void badYamlNamesTheFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "a: 1\nb: \"unclosed\n");
        assertThatThrownBy(() -> Utils.findAndReadConfigFile(bad.toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad.yaml line");
        Path list = dir.resolve("list.yaml");
        Files.writeString(list, "- a\n- b\n");
        assertThatThrownBy(() -> Utils.findAndReadConfigFile(list.toString()))
                .hasMessageContaining("list.yaml: the top level must be a map").hasMessageContaining("a list");
        assertThat(Utils.readYamlFile(list.toString())).isEqualTo(List.of("a", "b"));
        assertThat(Utils.readYamlFile(dir.resolve("none.yaml").toString())).isNull();
        assertThat(Utils.readYamlFile(bad.toString())).isNull();
    }

    @Test
    void theDefaultsAreStormsAsGaleAppliesThem() {
        Map<String, Object> defaults = Utils.readDefaultConfig();
        assertThat(defaults).containsEntry(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 30L)
                .containsEntry(Config.TOPOLOGY_DEBUG, false).containsKey(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        defaults.put("mine", 1); // a copy
        assertThat(Utils.readDefaultConfig()).doesNotContainKey("mine");
    }

    @Test
    void stormConfigLayersTheFileAndTheCommandLineOverTheDefaults(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("storm.yaml");
        Files.writeString(file, "topology.message.timeout.secs: 60\nnimbus.seeds: [\"nimbus1\"]\n");
        String oldFile = System.getProperty("storm.conf.file");
        String oldOptions = System.getProperty("storm.options");
        try {
            System.setProperty("storm.conf.file", file.toString());
            System.setProperty("storm.options", "topology.debug=true,topology.workers=3,"
                    + "es.hosts=[\"a\",\"b\"],name=my%20topology");
            Map<String, Object> conf = Utils.readStormConfig();
            assertThat(conf).containsEntry(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 60)
                    .containsEntry("nimbus.seeds", List.of("nimbus1")).containsEntry(Config.TOPOLOGY_DEBUG, true)
                    .containsEntry(Config.TOPOLOGY_WORKERS, 3).containsEntry("es.hosts", List.of("a", "b"))
                    .containsEntry("name", "my topology").containsKey(Config.TOPOLOGY_MAX_TASK_PARALLELISM);
        } finally {
            restore("storm.conf.file", oldFile);
            restore("storm.options", oldOptions);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @Test
    void aValueThatIsNoYamlStaysText() {
        assertThat(ConfigYaml.parseValue("plain words")).isEqualTo("plain words");
        assertThat(ConfigYaml.parseValue("12")).isEqualTo(12);
        assertThat(ConfigYaml.parseValue("[1, 2")).isEqualTo("[1, 2");
    }

    @Test
    void keysMustBeStrings() throws Exception {
        assertThatThrownBy(() -> ConfigYaml.readMap(new ByteArrayInputStream("1: one\n".getBytes(StandardCharsets.UTF_8)),
                "keys.yaml")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keys.yaml: configuration keys must be strings, got the key 1");
    }
}
