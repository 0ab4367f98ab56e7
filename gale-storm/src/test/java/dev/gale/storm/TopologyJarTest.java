package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import org.apache.storm.StormSubmitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology jar built from class-path entries. */
class TopologyJarTest {
    @TempDir
    Path dir;

    private Path tree(String name, String service) throws Exception {
        Path root = dir.resolve(name);
        Files.createDirectories(root.resolve("com/example"));
        Files.writeString(root.resolve("com/example/" + name + ".class"), name);
        Files.createDirectories(root.resolve("META-INF/services"));
        Files.writeString(root.resolve("META-INF/services/com.example.Spi"), service);
        Files.writeString(root.resolve("META-INF/SIGNER.SF"), "signature");
        return root;
    }

    @Test
    void mergesEntriesConcatenatesServicesAndDropsSignatures() throws Exception {
        Path jar = TopologyJar.builder().addEntry(tree("A", "com.example.First")).addEntry(tree("B", "com.example.Second"))
                .write(dir.resolve("out/topology.jar"));
        try (JarFile j = new JarFile(jar.toFile())) {
            List<String> names = Collections.list(j.entries()).stream().map(e -> e.getName()).toList();
            assertThat(names).contains("com/example/A.class", "com/example/B.class", "META-INF/services/com.example.Spi")
                    .doesNotContain("META-INF/SIGNER.SF");
            String services = new String(j.getInputStream(j.getEntry("META-INF/services/com.example.Spi")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertThat(services.lines().filter(l -> !l.isBlank())).containsExactly("com.example.First", "com.example.Second");
            assertThat(j.getManifest().getMainAttributes().getValue("Created-By")).contains("gale-storm");
        }
    }

    @Test
    void withGaleAddsGaleCoreAndGaleStormButNoStorm() {
        List<Path> entries = TopologyJar.builder().withGale().entries();
        assertThat(entries).contains(TopologyJar.entryOf(Config.class), TopologyJar.entryOf(StormRunner.class));
        assertThat(entries).doesNotContain(TopologyJar.entryOf(StormSubmitter.class));
    }
}
