package dev.gale.multilang;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.ShellSpout;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * ShellSpout against a subprocess speaking Storm's multilang protocol ({@link FakeSubprocess}):
 * next, emit with message ids and task ids, acks and fails passed back, and a subprocess that exits.
 */
class ShellSpoutTest {

    /** A shell spout running {@link FakeSubprocess} in {@code mode}: numbers on "default", outcomes on "outcomes". */
    static final class FakeSpout extends ShellSpout implements IRichSpout {
        private static final long serialVersionUID = 1L;

        FakeSpout(String mode) throws Exception {
            super(FakeSubprocess.command(mode));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
            declarer.declareStream("outcomes", new Fields("outcome", "id"));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }

    /** Records what it gets by stream; acks numbers, except {@code failing}, which it fails. */
    static final class Sink extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<List<Object>>> SEEN = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private final long failing;
        private transient OutputCollector collector;

        Sink(long failing) {
            this.failing = failing;
            SEEN.put(id, new ConcurrentLinkedQueue<>());
        }

        List<List<Object>> seen() {
            return List.copyOf(SEEN.get(id));
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            SEEN.get(id).add(List.of(input.getSourceStreamId(), input.getValues()));
            if (input.getSourceStreamId().equals("default") && ((Number) input.getValue(0)).longValue() == failing) {
                collector.fail(input);
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void emitsWithMessageIdsAndGetsTheirAcksAndFailsBack() throws Exception {
        Sink sink = new Sink(2);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FakeSpout("count-spout"));
        builder.setBolt("sink", sink).shuffleGrouping("spout").shuffleGrouping("spout", "outcomes");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("counting", Map.of(), builder.createTopology());
            cluster.waitForIdle();

            assertThat(sink.seen()).contains(List.of("default", List.of(1L)), List.of("default", List.of(2L)),
                    List.of("default", List.of(3L)));
            // The subprocess learnt each outcome by its own message id (it emits them back on "outcomes").
            assertThat(sink.seen()).contains(List.of("outcomes", List.of("acked", 1L)),
                    List.of("outcomes", List.of("failed", 2L)), List.of("outcomes", List.of("acked", 3L)));
            assertThat(cluster.getTopologyStats("counting").component("spout").orElseThrow().acked()).isEqualTo(2);
            assertThat(cluster.getTopologyStats("counting").component("spout").orElseThrow().failed()).isEqualTo(1);
            assertThat(cluster.getTopologyStats("counting").component("spout").orElseThrow().lastErrors()).isEmpty();
        }
    }

    @Test
    void aSubprocessThatExitsIsReportedWithItsCommandExitCodeAndStderr() throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FakeSpout("exit-on-next"));
        builder.setBolt("sink", new Sink(-1)).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("crashing", Map.of(), builder.createTopology());
            cluster.waitForIdle();

            assertThat(cluster.getTopologyStats("crashing").component("spout").orElseThrow().lastErrors())
                    .extracting(ErrorInfo::message).anySatisfy(m -> assertThat(m)
                            .contains("component 'spout' task ", "exit-on-next]", "exit code 7", "spout crashed"));
        }
    }

    @Test
    void aSubprocessThatNeverAnswersTheHandshakeFailsTheOpen() throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FakeSpout("silent"));
        builder.setBolt("sink", new Sink(-1)).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("silent", Map.of(Config.TOPOLOGY_SUBPROCESS_TIMEOUT_SECS, 1), builder.createTopology());
            cluster.waitForIdle();

            assertThat(cluster.getTopologyStats("silent").component("spout").orElseThrow().lastErrors())
                    .extracting(ErrorInfo::message).anySatisfy(m -> assertThat(m)
                            .contains("silent]", "did not answer the handshake (its pid) within 1.0 s"));
        }
    }
}
