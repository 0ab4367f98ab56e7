package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The launcher tests' check that nothing outlived a command sees a process that did. */
class LeftoverDetectionTest {

    @Test
    void aProcessCarryingTheRunsMarkerIsFoundUntilItEnds() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "reads /proc");
        String marker = UUID.randomUUID().toString();
        ProcessBuilder pb = new ProcessBuilder("sleep", "300");
        pb.environment().put(Launcher.MARKER, marker);
        Process orphan = pb.start();
        try {
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(Launcher.processesMarked(marker)).singleElement().asString()
                            .startsWith(orphan.pid() + " ").contains("sleep"));
            assertThat(Launcher.processesMarked(UUID.randomUUID().toString())).isEmpty();
        } finally {
            Launcher.killTree(orphan.toHandle());
        }
        orphan.waitFor();
        assertThat(Launcher.processesMarked(marker)).isEmpty();
    }
}
