package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A metric v1 map that flags something stuck (a Kafka spout's {@code kafkaOffset}, here from a
 * spout that publishes the same names) shows on /metrics, as a series with its reason, and in the
 * REST component page's {@code stuck} list, and goes once the flag clears.
 */
class UiStuckFlagTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static LocalCluster cluster;
    private static URI base;

    @BeforeAll
    static void start() {
        cluster = new LocalCluster.Builder().withUi(0).build();
        base = cluster.getUiUrl().orElseThrow();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new FlaggingSpout());
        cluster.submitTopology("flags", new Config(), b.createTopology());
    }

    @AfterAll
    static void stop() {
        cluster.close();
    }

    private static String get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.body();
    }

    private static JsonNode stuck() throws Exception {
        return JSON.readTree(get("/api/v1/topology/flags/component/kafka")).get("stuck");
    }

    @Test
    void aStuckFlagAndItsReasonShowOnMetricsAndTheComponentPageUntilItClears() throws Exception {
        FlaggingSpout.reason = "offset 7 uncommitted for 31 s: waiting for retry 2 of 5";
        await().atMost(Duration.ofSeconds(20)).until(() -> stuck().size() == 1);
        JsonNode s = stuck().get(0);
        assertThat(s.get("metric").asText()).isEqualTo("kafkaOffset");
        assertThat(s.get("subject").asText()).isEqualTo("t/partition_0");
        assertThat(s.get("reason").asText()).isEqualTo("offset 7 uncommitted for 31 s: waiting for retry 2 of 5");
        assertThat(s.get("taskId").isInt()).isTrue();

        String metrics = get("/metrics");
        assertThat(metrics).containsPattern("gale_user_metric_v1\\{component=\"kafka\",key=\"t/partition_0/stuck\","
                + "metric=\"kafkaOffset\",task=\"\\d+\",topology=\"flags\"} 1.0");
        assertThat(metrics).containsPattern("gale_user_metric_v1_info\\{component=\"kafka\",key=\"t/partition_0/stuckReason\","
                + "metric=\"kafkaOffset\",task=\"\\d+\",topology=\"flags\",value=\"offset 7 uncommitted for 31 s: waiting"
                + " for retry 2 of 5\"} 1.0");
        assertThat(metrics).containsPattern("gale_user_gauge_info\\{component=\"kafka\","
                + "metric=\"kafkaOffset.t/partition_0/stuckReason\",task=\"\\d+\",topology=\"flags\",value=\"offset 7");
        // Not stuck: a 0 flag, and no reason series for an empty text.
        assertThat(metrics).containsPattern("gale_user_metric_v1\\{component=\"kafka\",key=\"t/partition_1/stuck\","
                + "metric=\"kafkaOffset\",task=\"\\d+\",topology=\"flags\"} 0.0");
        assertThat(metrics).doesNotContain("key=\"t/partition_1/stuckReason\"");

        FlaggingSpout.reason = null;
        await().atMost(Duration.ofSeconds(20)).until(() -> stuck().isEmpty());
        assertThat(get("/metrics")).doesNotContain("gale_user_metric_v1_info{").containsPattern(
                "key=\"t/partition_0/stuck\",metric=\"kafkaOffset\",task=\"\\d+\",topology=\"flags\"} 0.0");
    }
}
