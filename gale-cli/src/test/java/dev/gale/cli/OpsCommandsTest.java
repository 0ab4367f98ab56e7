package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.cli.MainTest.Result;
import dev.gale.spi.UiSettings;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** gale list, kill, activate and deactivate against a LocalCluster serving its UI in this JVM. */
class OpsCommandsTest {

    private static TopologyBuilder words() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout(), 2);
        return builder;
    }

    @Test
    void listsActivatesDeactivatesAndKillsThroughTheUi() {
        try (LocalCluster cluster = new LocalCluster.Builder().withUi(0).build()) {
            cluster.submitTopology("first", Map.of(), words().createTopology());
            cluster.submitTopology("second one", Map.of(), words().createTopology());
            String url = cluster.getUiUrl().orElseThrow().toString();
            String token = cluster.getUiToken().orElseThrow();
            UnaryOperator<String> env = name -> name.equals("GALE_UI_URL") ? url : null;

            // The UI serves what its sampler last read: wait for a sample that has both.
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                Result list = MainTest.gale(env, "list");
                assertThat(list.status()).as(list.err()).isZero();
                assertThat(list.out()).containsPattern("NAME +STATUS +UPTIME +TASKS +EXECUTORS +EMITTED +ACKED +FAILED")
                        .containsPattern("first +ACTIVE ").containsPattern("second one +ACTIVE ");
            });

            assertThat(MainTest.gale(env, "deactivate", "second one", "--token", token).out())
                    .isEqualTo("Deactivated topology 'second one'" + System.lineSeparator());
            assertThat(cluster.getTopologyStatus("second one")).isEqualTo("INACTIVE");
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(MainTest.gale(env, "list").out()).containsPattern("second one +INACTIVE "));
            assertThat(MainTest.gale(name -> name.equals("GALE_UI_TOKEN") ? token : null, "activate", "second one",
                    "--url", url).status()).isZero();
            assertThat(cluster.getTopologyStatus("second one")).isEqualTo("ACTIVE");

            Result kill = MainTest.gale(env, "kill", "first", "--wait", "0", "--token", token);
            assertThat(kill.status()).as(kill.err()).isZero();
            assertThat(kill.out()).contains("Killed topology 'first'");
            assertThat(cluster.getTopologyNames()).containsExactly("second one");

            Result killWithWait = MainTest.gale(env, "kill", "second one", "-w", "1", "--token", token);
            assertThat(killWithWait.out()).contains("Deactivated topology 'second one'; it is killed in 1 s",
                    "Killed topology 'second one'");
            assertThat(cluster.getTopologyNames()).isEmpty();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(MainTest.gale(env, "list").out())
                    .isEqualTo("No topologies running." + System.lineSeparator()));
        }
    }

    @Test
    void aWrongOrMissingTokenAndAnUnknownTopologyAreOneLineErrors() {
        try (LocalCluster cluster = new LocalCluster.Builder().withUi(0).build()) {
            cluster.submitTopology("t", Map.of(), words().createTopology());
            String url = cluster.getUiUrl().orElseThrow().toString();

            Result wrong = MainTest.gale("kill", "t", "--wait", "0", "--url", url, "--token", "not-the-token");
            assertThat(wrong.status()).isEqualTo(Main.FAILED);
            assertThat(wrong.oneLineError()).isEqualTo("gale kill: kill refused: the token is wrong; give the token the"
                    + " Gale process printed when its UI started (--token or GALE_UI_TOKEN)");
            assertThat(cluster.getTopologyNames()).containsExactly("t");

            Result missing = MainTest.gale("deactivate", "t", "--url", url);
            assertThat(missing.status()).isEqualTo(Main.USAGE);
            assertThat(missing.oneLineError()).startsWith("gale deactivate: deactivate needs the token");

            Result unknown = MainTest.gale("activate", "nope", "--url", url, "--token", cluster.getUiToken().orElseThrow());
            assertThat(unknown.status()).isEqualTo(Main.FAILED);
            assertThat(unknown.oneLineError()).isEqualTo("gale activate: no topology named 'nope' is running; running: [t]");
        }
    }

    @Test
    void beyondLoopbackListNeedsTheTokenToo() {
        try (LocalCluster cluster = new LocalCluster.Builder().withUi(new UiSettings("0.0.0.0", 0, true)).build()) {
            cluster.submitTopology("t", Map.of(), words().createTopology());
            String url = "http://127.0.0.1:" + cluster.getUiUrl().orElseThrow().getPort() + "/";

            Result missing = MainTest.gale("list", "--url", url);
            assertThat(missing.status()).isEqualTo(Main.FAILED);
            assertThat(missing.oneLineError()).isEqualTo("gale list: list needs the token the Gale process printed when"
                    + " its UI started (its UI listens beyond loopback, where reading needs it too): give it with --token"
                    + " or the GALE_UI_TOKEN environment variable");
            assertThat(MainTest.gale("list", "--url", url, "--token", "not-the-token").oneLineError()).isEqualTo(
                    "gale list: list refused: the token is wrong; give the token the Gale process printed when its UI"
                    + " started (--token or GALE_UI_TOKEN)");

            String token = cluster.getUiToken().orElseThrow();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                Result list = MainTest.gale("list", "--url", url, "--token", token);
                assertThat(list.status()).as(list.err()).isZero();
                assertThat(list.out()).containsPattern("t +ACTIVE ");
            });
            // kill then reads the summary until the topology is gone: with the token as well.
            Result kill = MainTest.gale("kill", "t", "--wait", "0", "--url", url, "--token", token);
            assertThat(kill.status()).as(kill.err()).isZero();
            assertThat(cluster.getTopologyNames()).isEmpty();
        }
    }

    @Test
    void nothingListeningIsOneLineNamingTheAddress() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // free once closed: nothing listens there
        }
        Result r = MainTest.gale("list", "--url", "http://127.0.0.1:" + port + "/");
        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.oneLineError()).isEqualTo("gale list: nothing is listening at http://127.0.0.1:" + port
                + "/ (is a Gale process running with --ui? give its address with --url or the GALE_UI_URL environment variable)");
        assertThat(MainTest.gale("list", "--url", "ftp://x").oneLineError())
                .startsWith("gale list: --url must be the UI's address, like http://127.0.0.1:8080/");
    }
}
