package dev.gale.daemon.nimbus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.LocalCluster;
import dev.gale.StormSubmitter;
import dev.gale.generated.BoltStats;
import dev.gale.generated.ClusterSummary;
import dev.gale.generated.ExecutorSummary;
import dev.gale.generated.GetInfoOptions;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.KillOptions;
import dev.gale.generated.Nimbus;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.NumErrorsChoice;
import dev.gale.generated.SpoutStats;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologySummary;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.NimbusClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Nimbus-shaped view of a LocalCluster: summaries and executor stats built from the cluster's stats. */
class NimbusViewTest {

    /** Acks every input but "bad", which it fails after reporting an error. */
    static final class Judge extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (input.getString(0).equals("bad")) {
                collector.reportError(new IllegalStateException("bad input"));
                collector.fail(input);
            } else {
                collector.emit(input, new Values(input.getString(0)));
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    @Test
    void topologyInfoShowsEachExecutorsTasksAndAllTimeCounts() {
        SimulatedClock clock = new SimulatedClock();
        FeederSpout feeder = new FeederSpout(new Fields("word"));
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", feeder);
        builder.setBolt("judge", new Judge(), 2).setNumTasks(4).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("judged", Map.of(), builder.createTopology());
            feeder.feed(new Values("good"), 1);
            feeder.feed(new Values("fine"), 2);
            feeder.feed(new Values("bad"), 3);
            cluster.waitForIdle();

            Nimbus.Iface nimbus = cluster.getNimbus();
            TopologyInfo info = nimbus.getTopologyInfoByName("judged");
            assertThat(info.get_id()).isEqualTo("judged");
            assertThat(info.get_status()).isEqualTo("ACTIVE");
            assertThat(info.get_uptime_secs()).isBetween(0, (int) (cluster.getTopologyStats("judged").uptimeMillis() / 1000));
            List<ExecutorSummary> judges = info.get_executors().stream()
                    .filter(e -> e.get_component_id().equals("judge")).toList();
            assertThat(judges).hasSize(2).allSatisfy(e -> assertThat(e.get_executor_info().get_task_end()
                    - e.get_executor_info().get_task_start()).isEqualTo(1));

            long acked = 0;
            long failed = 0;
            for (ExecutorSummary e : info.get_executors()) {
                if (e.get_component_id().equals("spout")) {
                    SpoutStats s = e.get_stats().get_specific().get_spout();
                    acked += s.get_acked().get(":all-time").get("default");
                    failed += s.get_failed().get(":all-time").get("default");
                    assertThat(s.get_complete_ms_avg().get(":all-time")).containsKey("default");
                    assertThat(e.get_stats().get_emitted().get(":all-time")).containsEntry("default", 3L);
                }
            }
            assertThat(acked).isEqualTo(2);
            assertThat(failed).isEqualTo(1);
            long executed = judges.stream().mapToLong(e -> {
                BoltStats b = e.get_stats().get_specific().get_bolt();
                return b.get_executed().get(":all-time").get(new GlobalStreamId("spout", "default"));
            }).sum();
            assertThat(executed).isEqualTo(3);
            assertThat(info.get_errors().get("judge")).singleElement()
                    .satisfies(err -> assertThat(err.get_error()).contains("bad input"));
            GetInfoOptions none = new GetInfoOptions();
            none.set_num_err_choice(NumErrorsChoice.NONE);
            assertThat(nimbus.getTopologyInfoWithOpts("judged", none).get_errors().get("judge")).isEmpty();
        }
    }

    /** Storm's resource-aware sum: each executor asks for its component's load, else Storm's default load. */
    @Test
    void aSummaryAddsTheResourcesEveryExecutorAsksForWithStormsDefaultsForUnsetOnes() throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FeederSpout(new Fields("word")), 2);
        builder.setBolt("judge", new Judge(), 1).shuffleGrouping("spout").setMemoryLoad(256.0, 8.0).setCPULoad(50.0);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("loads", Map.of(), builder.createTopology());
            TopologySummary s = cluster.getNimbus().getTopologySummaryByName("loads");
            // Storm 2.8's defaults.yaml: 128 MB on heap, 0 off heap, 10 % of a core per executor.
            assertThat(s.get_requested_memonheap()).isEqualTo(2 * 128.0 + 256.0);
            assertThat(s.get_requested_memoffheap()).isEqualTo(8.0);
            assertThat(s.get_requested_cpu()).isEqualTo(2 * 10.0 + 50.0);
        }
    }

    @Test
    void clusterSummaryListsTopologiesAndNimbusClientTalksToTheSubmitTarget() throws Exception {
        SimulatedClock clock = new SimulatedClock();
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FeederSpout(new Fields("word")), 2);
        builder.setBolt("judge", new Judge(), 3).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            StormSubmitter.submitTopology("b", Map.of(), builder.createTopology());
            cluster.submitTopology("a", Map.of(), builder.createTopology());
            cluster.deactivate("b");

            Nimbus.Iface client = NimbusClient.Builder.withConf(Map.of()).build().getClient();
            assertThat(client).isSameAs(cluster.getNimbus());
            ClusterSummary summary = client.getClusterInfo();
            assertThat(summary.get_topologies()).extracting(TopologySummary::get_name).containsExactly("a", "b");
            TopologySummary b = summary.get_topologies().get(1);
            assertThat(b.get_status()).isEqualTo("INACTIVE");
            assertThat(b.get_num_executors()).isEqualTo(2 + 3 + cluster.getTopologyStats("b").component("__acker")
                    .map(c -> c.tasks().size()).orElse(0));
            assertThat(summary.get_nimbuses()).singleElement().satisfies(n -> assertThat(n.is_isLeader()).isTrue());
            assertThat(summary.get_supervisors()).hasSize(1);
            assertThat(client.isTopologyNameAllowed("a")).isFalse();
            assertThat(client.isTopologyNameAllowed("c")).isTrue();

            KillOptions now = new KillOptions();
            now.set_wait_secs(0);
            client.killTopologyWithOpts("a", now);
            assertThat(cluster.getTopologyNames()).containsExactly("b");
            assertThatThrownBy(() -> client.getTopologyInfo("a")).isInstanceOf(NotAliveException.class);
            NimbusClient.withConfiguredClient(nimbus -> nimbus.activate("b"));
            assertThat(cluster.getTopologyStatus("b")).isEqualTo("ACTIVE");
        }
    }
}
