package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gale list}, {@code deactivate}, {@code activate} and {@code kill}, each its own
 * {@code ./gale} process, against a {@code gale run --ui} running in another, as two terminals would.
 */
class OpsIT {
    private static final Pattern UI_LINE = Pattern.compile("Gale UI: (http://127\\.0\\.0\\.1:\\d+/)\\?token=(\\S+)");

    @TempDir
    Path dir;

    @Test
    void listDeactivateActivateAndKillARunningTopologyThroughItsUi() throws IOException {
        Launcher launcher = new Launcher(dir).timeout(Duration.ofSeconds(60));
        Launcher.Started running = launcher.start("run", "exclamation", "--name", "ops-it", "--seconds", "300",
                "--ui", "0", "--progress", "off");
        Matcher ui = UI_LINE.matcher("");
        await().atMost(Duration.ofSeconds(60)).until(() -> ui.reset(running.outSoFar()).find());
        String url = ui.group(1);
        String token = ui.group(2);

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                launcher.run("list", "--url", url, "--token", token).succeeded().out).containsPattern("ops-it +ACTIVE "));

        assertThat(launcher.run("deactivate", "ops-it", "--url", url, "--token", token).succeeded().out)
                .isEqualTo("Deactivated topology 'ops-it'" + System.lineSeparator());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                launcher.run("list", "--url", url, "--token", token).succeeded().out).containsPattern("ops-it +INACTIVE "));
        assertThat(launcher.env("GALE_UI_URL", url).env("GALE_UI_TOKEN", token).run("activate", "ops-it").succeeded().out)
                .isEqualTo("Activated topology 'ops-it'" + System.lineSeparator());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(
                launcher.run("list").succeeded().out).containsPattern("ops-it +ACTIVE "));

        Run kill = launcher.run("kill", "ops-it", "--wait", "0").succeeded();
        assertThat(kill.out).contains("Killed topology 'ops-it'");
        kill.leftNothingBehind();

        // The run whose topology was killed ends by itself, saying so, long before its 300 s.
        Run run = running.await(Duration.ofSeconds(60));
        assertThat(run.status).as("%s", run).isZero();
        assertThat(run.out).contains("ops-it was killed");
        assertThat(run.errorLines()).isEmpty();
        run.leftNothingBehind();
        int port = URI.create(url).getPort();
        try (ServerSocket free = new ServerSocket(port)) {
            assertThat(free.getLocalPort()).isEqualTo(port);
        }
    }
}
