package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Storm's REST API and /metrics, read with a real HTTP client while a topology runs. */
class UiRestApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static LocalCluster cluster;
    private static URI base;

    @BeforeAll
    static void start() {
        cluster = new LocalCluster.Builder().withUi(0).build();
        base = cluster.getUiUrl().orElseThrow();
        cluster.submitTopology("words", new Config(), DemoTopology.create());
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(String path) throws Exception {
        return json(path, null);
    }

    private static JsonNode json(String path, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).GET();
        if (token != null) {
            b.header(UiServer.TOKEN_HEADER, token);
        }
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static HttpResponse<String> post(String path, String tokenHeader) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.noBody());
        if (tokenHeader != null) {
            b.header(UiServer.TOKEN_HEADER, tokenHeader);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void listensOnLoopbackOnly() {
        assertThat(base.getHost()).isEqualTo("127.0.0.1");
        assertThat(cluster.getUiToken()).get().asString().hasSizeGreaterThanOrEqualTo(20);
    }

    @Test
    void summaryHasStormsShape() throws Exception {
        JsonNode t = null;
        for (JsonNode each : json("/api/v1/topology/summary").get("topologies")) {
            t = each.get("name").asText().equals("words") ? each : t;
        }
        assertThat(t).as("topology 'words' in the summary").isNotNull();
        assertThat(t.get("id").asText()).isEqualTo("words");
        assertThat(t.get("name").asText()).isEqualTo("words");
        assertThat(t.get("status").asText()).isEqualTo("ACTIVE");
        // 2 + 2 + 2 executors and the acker
        assertThat(t.get("executorsTotal").asInt()).isEqualTo(7);
        assertThat(t.get("tasksTotal").asInt()).isEqualTo(7);
        assertThat(t.has("uptimeSeconds")).isTrue();
    }

    @Test
    void countersMoveAsTuplesFlow() throws Exception {
        long first = json("/api/v1/topology/words").get("topologyStats").get(0).get("acked").asLong();
        await().atMost(Duration.ofSeconds(20)).until(
                () -> json("/api/v1/topology/words").get("topologyStats").get(0).get("acked").asLong() > first + 100);
        JsonNode topo = json("/api/v1/topology/words");
        assertThat(topo.get("spouts")).hasSize(1);
        assertThat(topo.get("spouts").get(0).get("spoutId").asText()).isEqualTo("words");
        assertThat(topo.get("spouts").get(0).get("failed").asLong()).isPositive(); // count fails 1 in 50
        assertThat(topo.get("bolts")).extracting(b -> b.get("boltId").asText()).containsExactlyInAnyOrder("count", "split");
        await().atMost(Duration.ofSeconds(20)).until(
                () -> json("/api/v1/topology/words/history").get("points").size() >= 2);
    }

    @Test
    void componentShowsTasksStreamsAndInputs() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(
                () -> json("/api/v1/topology/words/component/split").get("outputStats").get(0).get("emitted").asLong() > 0);
        JsonNode c = json("/api/v1/topology/words/component/split");
        assertThat(c.get("componentType").asText()).isEqualTo("bolt");
        assertThat(c.get("executorStats")).hasSize(2);
        assertThat(c.get("outputStats").get(0).get("stream").asText()).isEqualTo("default");
        assertThat(c.get("inputStats").get(0).get("grouping").asText()).isEqualTo("shuffle");

        JsonNode graph = json("/api/v1/topology/words/graph");
        assertThat(graph.get("nodes")).extracting(n -> n.get("id").asText()).containsExactly(DemoTopology.COMPONENTS);
        assertThat(graph.get("edges")).extracting(e -> e.get("grouping").asText()).contains("fields[word]");
    }

    @Test
    void unknownTopologyOrComponentIsNotFound() throws Exception {
        assertThat(get("/api/v1/topology/nope").statusCode()).isEqualTo(404);
        HttpResponse<String> r = get("/api/v1/topology/words/component/nope");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("no component 'nope'");
    }

    @Test
    void actionsNeedTheToken() throws Exception {
        String token = cluster.getUiToken().orElseThrow();
        assertThat(post("/api/v1/topology/words/deactivate", null).statusCode()).isEqualTo(401);
        assertThat(post("/api/v1/topology/words/deactivate", "wrong").statusCode()).isEqualTo(401);
        assertThat(post("/api/v1/topology/words/kill/0", null).statusCode()).isEqualTo(401);
        assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");
        assertThat(cluster.getTopologyNames()).contains("words");

        HttpResponse<String> r = post("/api/v1/topology/words/deactivate", token);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(r.body()).get("topologyOperation").asText()).isEqualTo("deactivate");
        assertThat(cluster.getTopologyStatus("words")).isEqualTo("INACTIVE");
        assertThat(json("/api/v1/topology/words").get("status").asText()).isEqualTo("INACTIVE");

        assertThat(post("/api/v1/topology/words/activate", token).statusCode()).isEqualTo(200);
        assertThat(cluster.getTopologyStatus("words")).isEqualTo("ACTIVE");
    }

    @Test
    void killWithTheTokenStopsTheTopology() throws Exception {
        cluster.submitTopology("doomed", new Config(), DemoTopology.create());
        assertThat(post("/api/v1/topology/doomed/kill/0", cluster.getUiToken().orElseThrow()).statusCode()).isEqualTo(200);
        assertThat(cluster.getTopologyNames()).doesNotContain("doomed");
        assertThat(get("/api/v1/topology/doomed").statusCode()).isEqualTo(404);
    }

    @Test
    void errorsCarryTaskTimeAndStackTrace() throws Exception {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("feed", spout);
        b.setBolt("thrower", new ThrowingBolt()).shuffleGrouping("feed");
        cluster.submitTopology("errors", new Config(), b.createTopology());
        try {
            spout.feed(new Values(1), 1);
            await().atMost(Duration.ofSeconds(20)).until(
                    () -> json("/api/v1/topology/errors/component/thrower").get("componentErrors").size() == 1);
            // Stack traces go to the token's holder only (UiAccessTest).
            JsonNode e = json("/api/v1/topology/errors/component/thrower", cluster.getUiToken().orElseThrow())
                    .get("componentErrors").get(0);
            assertThat(e.get("error").asText()).contains("boom on purpose");
            assertThat(e.get("taskId").asInt()).isPositive();
            assertThat(e.get("time").asLong()).isPositive();
            assertThat(e.get("stackTrace").asText()).contains("ThrowingBolt.execute");
            JsonNode bolt = json("/api/v1/topology/errors").get("bolts").get(0);
            assertThat(bolt.get("lastError").asText()).contains("boom on purpose");
        } finally {
            cluster.killTopology("errors");
        }
    }

    /** Throws on every input: user code failing, which the engine reports with component and task. */
    static final class ThrowingBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            throw new IllegalStateException("boom on purpose");
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void metricsAreInPrometheusFormatAndMove() throws Exception {
        HttpResponse<String> r = get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).get().asString().startsWith("text/plain");
        assertThat(r.body()).contains("# TYPE gale_acked_total counter", "# TYPE gale_complete_latency_seconds summary",
                "gale_topology_active{topology=\"words\"} 1", "gale_queue_capacity{component=\"count\",topology=\"words\"}");
        Pattern emitted = Pattern.compile(
                "gale_emitted_total\\{component=\"words\",stream=\"default\",task=\"(\\d+)\",topology=\"words\"} (\\S+)");
        assertThat(emitted.matcher(r.body()).find()).as(r.body()).isTrue();
        double before = sum(emitted, r.body());
        await().atMost(Duration.ofSeconds(20)).until(() -> sum(emitted, get("/metrics").body()) > before + 100);
        assertThat(r.body()).containsPattern(
                "gale_complete_latency_seconds\\{component=\"words\",task=\"\\d+\",topology=\"words\",quantile=\"0.99\"}");
    }

    @Test
    void metricsComponentsRegisterAreServedWithTheirTaskAndMove() throws Exception {
        Pattern counted = Pattern.compile(
                "gale_user_counter_total\\{component=\"count\",metric=\"counted\",task=\"(\\d+)\",topology=\"words\"} (\\S+)");
        String body = get("/metrics").body();
        assertThat(counted.matcher(body).find()).as(body).isTrue();
        double before = sum(counted, body);
        await().atMost(Duration.ofSeconds(20)).until(() -> sum(counted, get("/metrics").body()) > before + 10);
        assertThat(body).contains("# TYPE gale_user_timer_seconds summary", "# TYPE gale_user_gauge gauge")
                .containsPattern("gale_user_timer_seconds\\{component=\"count\",metric=\"work\",task=\"\\d+\","
                        + "topology=\"words\",quantile=\"0.99\"} 2.5E-4")
                .containsPattern("gale_user_gauge\\{component=\"count\",metric=\"seen\",task=\"\\d+\",topology=\"words\"}");
    }

    @Test
    void metricsV1AreServedPerTaskOnMetricsAndTheComponentPage() throws Exception {
        // A one-second bucket: the first values arrive a second after the bolt prepared.
        Pattern counted = Pattern.compile(
                "gale_user_metric_v1\\{component=\"count\",metric=\"counted-v1\",task=\"(\\d+)\",topology=\"words\"} (\\S+)");
        await().atMost(Duration.ofSeconds(20)).until(() -> counted.matcher(get("/metrics").body()).find());
        String body = get("/metrics").body();
        assertThat(body).contains("# TYPE gale_user_metric_v1 gauge").containsPattern(
                "gale_user_metric_v1\\{component=\"count\",key=\"\\w+\",metric=\"words-v1\",task=\"\\d+\",topology=\"words\"}");
        await().atMost(Duration.ofSeconds(20)).until(
                () -> json("/api/v1/topology/words/component/count").get("metricsV1").size() >= 4);
        JsonNode v1 = json("/api/v1/topology/words/component/count").get("metricsV1");
        for (JsonNode m : v1) {
            assertThat(m.get("bucketSecs").asInt()).isEqualTo(1);
            assertThat(m.get("name").asText()).isIn("counted-v1", "words-v1");
            assertThat(m.get("value").isNumber() || m.get("value").isObject()).as(m.toString()).isTrue();
        }
        assertThat(json("/api/v1/topology/words/component/split").get("metricsV1")).isEmpty();
    }

    @Test
    void failuresByReasonAreServedOnMetricsAndTheComponentPage() throws Exception {
        // The count bolt fails one tuple in 50 with collector.fail: FAILED, at the bolt and at the spout.
        Pattern bolt = Pattern.compile(
                "gale_failures_total\\{component=\"count\",reason=\"FAILED\",task=\"(\\d+)\",topology=\"words\"} (\\S+)");
        await().atMost(Duration.ofSeconds(20)).until(() -> sum(bolt, get("/metrics").body()) > 0);
        assertThat(get("/metrics").body()).contains("# TYPE gale_failures_total counter").containsPattern(
                "gale_failures_total\\{component=\"words\",reason=\"FAILED\",task=\"\\d+\",topology=\"words\"}");
        await().atMost(Duration.ofSeconds(20)).until(
                () -> json("/api/v1/topology/words/component/count").path("failures").path("FAILED").asLong() > 0);
        JsonNode count = json("/api/v1/topology/words/component/count");
        assertThat(count.get("failures").size()).as(count.get("failures").toString()).isEqualTo(1);
        assertThat(count.get("executorStats").get(0).has("failures")).isTrue();
        assertThat(json("/api/v1/topology/words/component/split").get("failures").size()).isZero();
    }

    private static double sum(Pattern p, String body) {
        Matcher m = p.matcher(body);
        double s = 0;
        while (m.find()) {
            s += Double.parseDouble(m.group(2));
        }
        return s;
    }
}
