package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.codahale.metrics.Counter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.StormSpouts;
import dev.gale.topology.TopologyBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import org.apache.storm.metric.api.CountMetric;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A spout and a bolt written against Storm's API, run through gale-storm-bridge, show in the UI
 * like any other component: their stats, the errors the bolt reports, the reasons of its failures,
 * and the metrics v1 and v2 it registers through Storm's context, on the REST pages and /metrics.
 */
class UiBridgedComponentTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static LocalCluster cluster;
    private static URI base;

    /** Storm's spout: numbers, each its own message id. */
    static class NumberSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values(next), next);
            next++;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Storm's bolt writing like storm-jdbc: every 10th write is refused, reported, then failed. */
    static class WriterBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient CountMetric writtenV1;
        private transient Counter written;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            writtenV1 = context.registerMetric("written-v1", new CountMetric(), 1);
            written = context.registerCounter("written");
        }

        @Override
        public void execute(Tuple input) {
            long n = input.getLongByField("n");
            if (n % 10 == 9) {
                collector.reportError(new SQLException("duplicate key value violates unique constraint \"t_pkey\""));
                collector.fail(input);
                return;
            }
            writtenV1.incr();
            written.inc();
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @BeforeAll
    static void start() {
        cluster = new LocalCluster.Builder().withUi(0).build();
        base = cluster.getUiUrl().orElseThrow();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("numbers", StormSpouts.of(new NumberSpout()));
        b.setBolt("writer", StormBolts.of(new WriterBolt()), 2).shuffleGrouping("numbers");
        Config conf = new Config();
        conf.setMaxSpoutPending(100);
        cluster.submitTopology("bridged", conf, b.createTopology());
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

    private static JsonNode json(String path) throws Exception {
        return JSON.readTree(get(path));
    }

    @Test
    void bridgedComponentsShowTheirStatsErrorsAndFailuresOnTheRestPages() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> json("/api/v1/topology/bridged").get("spouts").get(0)
            .get("failed").asLong() > 0);
        JsonNode topology = json("/api/v1/topology/bridged");
        assertThat(topology.get("spouts").get(0).get("spoutId").asText()).isEqualTo("numbers");
        assertThat(topology.get("spouts").get(0).get("acked").asLong()).isPositive();
        assertThat(topology.get("bolts").get(0).get("boltId").asText()).isEqualTo("writer");
        assertThat(topology.get("bolts").get(0).get("lastError").asText()).contains("duplicate key value");

        JsonNode writer = json("/api/v1/topology/bridged/component/writer");
        assertThat(writer.get("componentType").asText()).isEqualTo("bolt");
        assertThat(writer.get("executorStats")).hasSize(2);
        assertThat(writer.get("inputStats").get(0).get("grouping").asText()).isEqualTo("shuffle");
        assertThat(writer.get("componentErrors").get(0).get("error").asText())
            .contains("java.sql.SQLException: duplicate key value violates unique constraint");
    }

    @Test
    void bridgedComponentsMetricsAndFailureReasonsAreOnMetrics() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> get("/metrics").contains("metric=\"written-v1\""));
        String body = get("/metrics");
        assertThat(body)
            .containsPattern("gale_user_counter_total\\{component=\"writer\",metric=\"written\",task=\"\\d+\",topology=\"bridged\"}")
            .containsPattern("gale_user_metric_v1\\{component=\"writer\",metric=\"written-v1\",task=\"\\d+\",topology=\"bridged\"}")
            .containsPattern("gale_failures_total\\{component=\"writer\",reason=\"FAILED\",task=\"\\d+\",topology=\"bridged\"}")
            .containsPattern("gale_failures_total\\{component=\"numbers\",reason=\"FAILED\",task=\"\\d+\",topology=\"bridged\"}");
    }
}
