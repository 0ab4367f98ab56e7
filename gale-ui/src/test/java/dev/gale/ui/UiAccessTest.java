package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spi.UiSettings;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Who may read and act, over real HTTP: the token never in the log, a page URL's token traded for
 * a cookie, no Host but loopback names on a loopback bind, reads behind the token beyond loopback.
 */
class UiAccessTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static HttpResponse<String> send(URI base, String method, String path, Map<String, String> headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).method(method, HttpRequest.BodyPublishers.noBody());
        headers.forEach(b::header);
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request with any Host header, which java.net.http does not let a caller set. */
    static Raw raw(int port, String method, String path, String host, String... headers) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
            if (host != null) {
                req.append("Host: ").append(host).append("\r\n");
            }
            for (String h : headers) {
                req.append(h).append("\r\n");
            }
            req.append("Content-Length: 0\r\nConnection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            int status = Integer.parseInt(response.substring(9, 12));
            int bodyAt = response.indexOf("\r\n\r\n");
            return new Raw(status, response.substring(0, bodyAt), response.substring(bodyAt + 4));
        }
    }

    record Raw(int status, String head, String body) {
    }

    /** The default: 127.0.0.1, reads open to this machine, actions behind the token. */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class OnLoopback {
        private LocalCluster cluster;
        private URI base;
        private String token;
        private int port;

        @BeforeAll
        void start() {
            cluster = new LocalCluster.Builder().withUi(0).build();
            base = cluster.getUiUrl().orElseThrow();
            token = cluster.getUiToken().orElseThrow();
            port = base.getPort();
            cluster.submitTopology("words", new Config(), DemoTopology.create());
        }

        @AfterAll
        void stop() {
            cluster.close();
        }

        @Test
        void theLogNamesTheUrlButNotTheToken() throws Exception {
            // slf4j-simple writes this JVM's log there (src/test/resources/simplelogger.properties).
            Path log = Path.of("target", "test.log");
            await().atMost(Duration.ofSeconds(10)).until(
                    () -> Files.exists(log) && Files.readString(log).contains("Gale UI at " + base));
            assertThat(Files.readString(log)).doesNotContain(token);
        }

        @Test
        void aPageUrlsTokenBecomesACookieAndLeavesTheAddress() throws Exception {
            HttpResponse<String> r = send(base, "GET", "/?topology=words&token=" + token, Map.of());
            assertThat(r.statusCode()).isEqualTo(303);
            assertThat(r.headers().firstValue("Location")).hasValue("/?topology=words");
            String cookie = r.headers().firstValue("Set-Cookie").orElseThrow();
            assertThat(cookie).startsWith("gale-ui-token-" + port + "=" + token + ";")
                    .contains("HttpOnly").contains("SameSite=Strict").contains("Path=/");
            assertThat(r.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");

            HttpResponse<String> only = send(base, "GET", "/?token=" + token, Map.of());
            assertThat(only.statusCode()).isEqualTo(303);
            assertThat(only.headers().firstValue("Location")).hasValue("/");
        }

        @Test
        void aWrongTokenInThePageUrlIsDroppedWithoutACookie() throws Exception {
            HttpResponse<String> r = send(base, "GET", "/?token=stale-from-an-earlier-run", Map.of());
            assertThat(r.statusCode()).isEqualTo(303);
            assertThat(r.headers().firstValue("Location")).hasValue("/");
            assertThat(r.headers().firstValue("Set-Cookie")).isEmpty();
        }

        @Test
        void theApiTakesNoTokenFromTheQuery() throws Exception {
            HttpResponse<String> r = send(base, "POST", "/api/v1/topology/words/deactivate?token=" + token, Map.of());
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");
        }

        @Test
        void theCookieActsOnlyWithThePagesHeaderFromItsOwnOrigin() throws Exception {
            String cookie = "gale-ui-token-" + port + "=" + token;
            String path = "/api/v1/topology/words/deactivate";
            // A form another site posts carries neither the header nor (SameSite) the cookie; a page
            // on another port of this host is same-site, so its cookie alone must not do.
            assertThat(send(base, "POST", path, Map.of("Cookie", cookie)).statusCode()).isEqualTo(403);
            assertThat(send(base, "POST", path, Map.of("Cookie", cookie, "X-Gale-Csrf", "1",
                    "Origin", "http://127.0.0.1:1")).statusCode()).isEqualTo(403);
            assertThat(send(base, "POST", path, Map.of("Cookie", "gale-ui-token-" + port + "=wrong",
                    "X-Gale-Csrf", "1")).statusCode()).isEqualTo(401);
            assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");

            HttpResponse<String> ok = send(base, "POST", path, Map.of("Cookie", cookie, "X-Gale-Csrf", "1",
                    "Origin", "http://127.0.0.1:" + port));
            assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
            assertThat(cluster.getTopologyStatus("words")).isEqualTo("INACTIVE");
            assertThat(send(base, "POST", "/api/v1/topology/words/activate", Map.of("Authorization", "Bearer " + token))
                    .statusCode()).isEqualTo(200);
            assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");
        }

        @Test
        void theSessionEndpointTradesTheHeaderForACookie() throws Exception {
            assertThat(send(base, "POST", "/session", Map.of(UiServer.TOKEN_HEADER, "wrong")).statusCode()).isEqualTo(401);
            HttpResponse<String> r = send(base, "POST", "/session", Map.of(UiServer.TOKEN_HEADER, token));
            assertThat(r.statusCode()).isEqualTo(204);
            assertThat(r.headers().firstValue("Set-Cookie")).get().asString()
                    .startsWith("gale-ui-token-" + port + "=" + token + ";").contains("HttpOnly", "SameSite=Strict");
        }

        @Test
        void loopbackNamesAreServed() throws Exception {
            for (String host : new String[] {"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST", "[::1]:" + port,
                "127.0.0.1", "localhost:9999"}) {
                assertThat(raw(port, "GET", "/api/v1/topology/summary", host).status()).as(host).isEqualTo(200);
            }
        }

        @Test
        void anyOtherHostIsRefusedShortly() throws Exception {
            // A page whose DNS name was rebound to 127.0.0.1 sends its own name as the Host.
            for (String host : new String[] {"attacker.example", "attacker.example:" + port, "localhost.attacker.example",
                "127.0.0.1.nip.io:" + port, "10.0.0.1:" + port}) {
                for (String path : new String[] {"/api/v1/topology/summary", "/api/v1/topology/words/component/count",
                    "/metrics", "/", "/app.js"}) {
                    Raw r = raw(port, "GET", path, host);
                    assertThat(r.status()).as("%s %s", host, path).isEqualTo(403);
                    assertThat(r.body()).as("%s %s", host, path).contains("not a loopback name")
                            .doesNotContain("Exception").doesNotContain("words").hasSizeLessThan(300);
                }
            }
            assertThat(raw(port, "POST", "/api/v1/topology/words/deactivate", "attacker.example",
                    UiServer.TOKEN_HEADER + ": " + token).status()).isEqualTo(403);
            assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");
        }

        @Test
        void stackTracesOnlyToTheTokensHolder() throws Exception {
            FeederSpout spout = new FeederSpout(new Fields("n"));
            TopologyBuilder b = new TopologyBuilder();
            b.setSpout("feed", spout);
            b.setBolt("thrower", new UiRestApiTest.ThrowingBolt()).shuffleGrouping("feed");
            cluster.submitTopology("errors", new Config(), b.createTopology());
            try {
                spout.feed(new Values(1), 1);
                String path = "/api/v1/topology/errors/component/thrower";
                await().atMost(Duration.ofSeconds(20)).until(
                        () -> send(base, "GET", path, Map.of(UiServer.TOKEN_HEADER, token)).body().contains("ThrowingBolt.execute"));
                assertThat(send(base, "GET", path, Map.of()).body()).contains("boom on purpose")
                        .doesNotContain("stackTrace").doesNotContain("ThrowingBolt.execute");
            } finally {
                cluster.killTopology("errors");
            }
        }
    }

    /** Bound beyond loopback: any Host (the machine has names), but reads need the token too. */
    @Nested
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    class BeyondLoopback {
        private LocalCluster cluster;
        private URI base;
        private String token;

        @BeforeAll
        void start() {
            cluster = new LocalCluster.Builder().withUi(new UiSettings("0.0.0.0", 0, true)).build();
            base = URI.create("http://127.0.0.1:" + cluster.getUiUrl().orElseThrow().getPort() + "/");
            token = cluster.getUiToken().orElseThrow();
            cluster.submitTopology("words", new Config(), DemoTopology.create());
        }

        @AfterAll
        void stop() {
            cluster.close();
        }

        @Test
        void readsNeedTheToken() throws Exception {
            for (String path : new String[] {"/api/v1/topology/summary", "/api/v1/cluster/summary", "/api/v1/topology/words",
                "/api/v1/topology/words/graph", "/api/v1/topology/nope", "/metrics"}) {
                HttpResponse<String> r = send(base, "GET", path, Map.of());
                assertThat(r.statusCode()).as(path).isEqualTo(401);
                assertThat(r.body()).as(path).doesNotContain("words").doesNotContain("Exception");
                assertThat(send(base, "GET", path, Map.of(UiServer.TOKEN_HEADER, "wrong")).statusCode()).as(path)
                        .isEqualTo(401);
            }
            assertThat(send(base, "GET", "/api/v1/topology/summary", Map.of(UiServer.TOKEN_HEADER, token)).statusCode())
                    .isEqualTo(200);
            assertThat(send(base, "GET", "/api/v1/topology/summary?token=" + token, Map.of()).statusCode()).isEqualTo(401);
            // The page itself is no secret: it loads, then asks for what it shows.
            assertThat(send(base, "GET", "/", Map.of()).statusCode()).isEqualTo(200);
        }

        @Test
        void prometheusScrapesWithABearerToken() throws Exception {
            HttpResponse<String> r = send(base, "GET", "/metrics", Map.of("Authorization", "Bearer " + token));
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).contains("gale_topology_active{topology=\"words\"}");
            assertThat(send(base, "GET", "/metrics", Map.of("Authorization", "Bearer wrong")).statusCode()).isEqualTo(401);
        }

        @Test
        void anyHostNameIsServedWithTheToken() throws Exception {
            int port = base.getPort();
            assertThat(raw(port, "GET", "/api/v1/topology/summary", "gale.example:" + port,
                    UiServer.TOKEN_HEADER + ": " + token).status()).isEqualTo(200);
            assertThat(raw(port, "GET", "/api/v1/topology/summary", "gale.example:" + port).status()).isEqualTo(401);
        }

        @Test
        void theCookieFromThePageUrlReads() throws Exception {
            HttpResponse<String> r = send(base, "GET", "/?token=" + token, Map.of());
            String cookie = r.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
            assertThat(send(base, "GET", "/api/v1/topology/summary", Map.of("Cookie", cookie)).statusCode()).isEqualTo(200);
            assertThat(send(base, "GET", "/metrics", Map.of("Cookie", cookie)).statusCode()).isEqualTo(200);
        }
    }
}
