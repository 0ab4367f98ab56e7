package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** SIGTERM (as Ctrl-C) while 'gale run' runs drains the topology, says so, and the JVM exits. */
class ShutdownDrainTest {

    @Test
    void sigtermDrainsTheTopologyAndTheJvmExits() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", Fixtures.Endless.class.getName(), "--seconds", "120", "--progress", "log", "--interval", "0.1",
                "--conf", "topology.max.spout.pending=100")
                .redirectErrorStream(true).start();
        try {
            List<String> lines = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> running = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        lines.add(line);
                        if (line.startsWith("gale run endless: ") && !line.contains("acked 0 ")) {
                            running.complete(null);
                        }
                    }
                } catch (Exception e) {
                    running.completeExceptionally(e);
                }
            });
            reader.setDaemon(true);
            reader.start();
            running.get(30, TimeUnit.SECONDS); // trees are being acked

            // SIGTERM, as Ctrl-C would be SIGINT. Not p.destroy(): that also closes our end of the pipes.
            assertThat(p.toHandle().destroy()).isTrue();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exited; output: %s", lines).isTrue();
            reader.join(5_000);
            assertThat(lines).as("output, exit status %d", p.exitValue()).anySatisfy(l -> assertThat(l)
                    .matches("gale: interrupted; drained endless for up to 3 s: 0 tuple trees still pending"));
        } finally {
            p.destroyForcibly();
        }
    }
}
