package dev.gale.drpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.LocalDRPC;
import dev.gale.coordination.BatchOutputCollector;
import dev.gale.generated.DRPCExceptionType;
import dev.gale.generated.DRPCExecutionException;
import dev.gale.generated.StormTopology;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseBatchBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Linear DRPC topologies: the pipeline's shape, a batch bolt told when it has seen every tuple of a
 * request through CoordinatedBolt's counts, and failures reaching the caller.
 */
class LinearDRPCTopologyBuilderTest {

    /** Emits (id, letter) for each letter of the argument. */
    static final class Letters extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple tuple, BasicOutputCollector collector) {
            String arg = tuple.getString(1);
            if (arg.equals("fail")) {
                throw new FailedException("asked to fail");
            }
            for (char c : arg.toCharArray()) {
                collector.emit(new Values(tuple.getValue(0), String.valueOf(c)));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "letter"));
        }
    }

    /** Counts the letters of one request; emits (id, count) once it has seen them all. */
    static final class CountLetters extends BaseBatchBolt<Object> {
        private static final long serialVersionUID = 1L;
        private transient BatchOutputCollector collector;
        private transient Object id;
        private int count;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, BatchOutputCollector collector, Object id) {
            this.collector = collector;
            this.id = id;
        }

        @Override
        public void execute(Tuple tuple) {
            count++;
        }

        @Override
        public void finishBatch() {
            collector.emit(new Values(id, count));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "count"));
        }
    }

    @Test
    void aBatchBoltAnswersOnceItHasSeenEveryTupleOfTheRequest() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder("letters");
        builder.addBolt(new Letters(), 3);
        builder.addBolt(new CountLetters(), 4).fieldsGrouping(new Fields("id"));
        try (LocalDRPC drpc = new LocalDRPC(); LocalCluster cluster = new LocalCluster()) {
            StormTopology topology = builder.createLocalTopology(drpc);
            assertThat(topology.get_bolts()).containsOnlyKeys("prepare-request", "bolt0", "bolt1", "bolt2", "bolt3");
            cluster.submitTopology("letters", Map.of(), topology);

            assertThat(drpc.execute("letters", "gale")).isEqualTo("4");
            assertThat(drpc.execute("letters", "")).isEqualTo("0");
            assertThat(drpc.execute("letters", "storm-compatible")).isEqualTo("16");
        }
    }

    @Test
    void aFailedTupleFailsTheRequestAtOnce() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder("letters");
        builder.addBolt(new Letters(), 2);
        builder.addBolt(new CountLetters(), 2).fieldsGrouping(new Fields("id"));
        try (LocalDRPC drpc = new LocalDRPC(); LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("letters", Map.of(), builder.createLocalTopology(drpc));
            assertThatThrownBy(() -> drpc.execute("letters", "fail")).isInstanceOf(DRPCExecutionException.class)
                    .satisfies(e -> assertThat(((DRPCExecutionException) e).get_type()).isEqualTo(DRPCExceptionType.FAILED_REQUEST));
            assertThat(drpc.execute("letters", "ok")).isEqualTo("2");
        }
    }

    @Test
    void theLastBoltMustDeclareOneStreamOfIdAndResult() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder("f");
        builder.addBolt(new BaseBasicBolt() {
            private static final long serialVersionUID = 1L;

            @Override
            public void execute(Tuple input, BasicOutputCollector collector) {
            }

            @Override
            public void declareOutputFields(OutputFieldsDeclarer declarer) {
                declarer.declare(new Fields("id", "a", "b"));
            }
        });
        assertThatThrownBy(builder::createRemoteTopology).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must have exactly two fields, the request id and the result; it has [id, a, b]");
        assertThatThrownBy(() -> new LinearDRPCTopologyBuilder("g").createRemoteTopology())
                .hasMessageContaining("add at least one bolt");
    }

    private static final UnaryOperator<String> COORD = bolt -> bolt + "/" + Constants.COORDINATED_STREAM_ID;

    /** Each bolt's subscriptions, as "component/stream" to grouping. */
    private static Map<String, String> inputsOf(StormTopology topology, String bolt) {
        Map<String, String> inputs = new TreeMap<>();
        topology.get_bolts().get(bolt).get_common().get_inputs()
                .forEach((stream, grouping) -> inputs.put(stream.get_componentId() + "/" + stream.get_streamId(),
                        grouping.toString()));
        return inputs;
    }

    @Test
    void thePipelineIsWiredThroughCoordinationStreams() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder("letters");
        builder.addBolt(new Letters(), 3).addConfiguration("letters.conf", 7);
        builder.addBolt(new Letters(), 2).shuffleGrouping().allGrouping("side");
        builder.addBolt(new CountLetters(), 4).fieldsGrouping(new Fields("id"));
        StormTopology topology = builder.createRemoteTopology();

        assertThat(topology.get_spouts()).containsOnlyKeys("spout");
        assertThat(inputsOf(topology, "prepare-request")).containsOnly(entry("spout/default", "none"));
        assertThat(inputsOf(topology, "bolt0")).containsOnly(entry("prepare-request/default", "none"));
        assertThat(topology.get_bolts().get("bolt0").get_common().get_parallelism_hint()).isEqualTo(3);
        assertThat(topology.get_bolts().get("bolt0").get_common().get_json_conf()).contains("\"letters.conf\":7");
        assertThat(inputsOf(topology, "bolt1")).containsOnly(entry(COORD.apply("bolt0"), "direct"),
                entry("bolt0/default", "shuffle"), entry("bolt0/side", "all"));
        assertThat(inputsOf(topology, "bolt2")).containsOnly(entry(COORD.apply("bolt1"), "direct"),
                entry("bolt1/default", "fields[id]"), entry("prepare-request/id", "fields[request]"));
        assertThat(inputsOf(topology, "bolt3")).containsOnly(entry("bolt2/default", "fields[id]"),
                entry("prepare-request/ret", "fields[request]"));
        assertThat(inputsOf(topology, "bolt4")).containsOnly(entry("bolt3/default", "none"));
        assertThat(topology.get_bolts().get("bolt2").get_common().get_streams())
                .containsOnlyKeys("default", Constants.COORDINATED_STREAM_ID);
    }

    @Test
    void aBoltThatIsNotTheLastIsNotToldOfRequestIds() {
        LinearDRPCTopologyBuilder builder = new LinearDRPCTopologyBuilder("letters");
        builder.addBolt(new CountLetters(), 1);
        builder.addBolt(new Letters(), 1).noneGrouping();
        StormTopology topology = builder.createRemoteTopology();
        assertThat(inputsOf(topology, "bolt0")).containsOnly(entry("prepare-request/default", "none"));
        // Letters is no batch bolt: it cannot be told a request finished, so it gets no id stream.
        assertThat(inputsOf(topology, "bolt1")).containsOnly(entry(COORD.apply("bolt0"), "direct"),
                entry("bolt0/default", "none"));
    }
}
