package dev.gale.generated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.FeederSpout;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Utils;
import org.junit.jupiter.api.Test;

/** StormTopology's Thrift-style getters show the built graph as Storm's do. */
class StormTopologyViewTest {

    static final class TwoStreams extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("a"));
            declarer.declareStream("direct", true, new Fields("b", "c"));
        }
    }

    @Test
    void spoutsBoltsInputsAndStreamsAreVisible() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout(), 2);
        b.setSpout("feed", new FeederSpout(new Fields("x")));
        b.setBolt("bolt", new TwoStreams(), 3).shuffleGrouping("words").fieldsGrouping("feed", new Fields("x"));
        StormTopology t = b.createTopology();

        assertThat(t.get_spouts()).containsOnlyKeys("words", "feed");
        assertThat(t.get_bolts()).containsOnlyKeys("bolt");
        assertThat(t.get_spouts_size()).isEqualTo(2);
        assertThat(t.get_worker_hooks()).isEmpty();
        assertThat(t.is_set_worker_hooks()).isFalse();

        ComponentCommon bolt = t.get_bolts().get("bolt").get_common();
        assertThat(bolt.get_inputs().keySet()).containsExactlyInAnyOrder(new GlobalStreamId("words", "default"),
                new GlobalStreamId("feed", "default"));
        assertThat(bolt.get_inputs().get(Utils.getGlobalStreamId("feed", null)).fields()).containsExactly("x");
        assertThat(bolt.get_parallelism_hint()).isEqualTo(3);
        assertThat(bolt.get_streams().get("default").get_output_fields()).containsExactly("a");
        assertThat(bolt.get_streams().get("direct").is_direct()).isTrue();
        assertThat(t.get_spouts().get("words").get_common().get_parallelism_hint()).isEqualTo(2);
        assertThat(Utils.getSetComponentObject(t.get_spouts().get("words").get_spout_object()))
                .isInstanceOf(TestWordSpout.class);
    }
}
