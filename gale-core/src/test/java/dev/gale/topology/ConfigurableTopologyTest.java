package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
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
    void aMissingValueOrBadLineIsAClearError(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-ttl"})).hasMessageContaining("-ttl needs a value");
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "just words\n");
        assertThatThrownBy(() -> new Probe().parse(new String[] {"-conf", file.toString()}))
                .hasMessageContaining("line 1").hasMessageContaining("key: value");
    }
}
