package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.generated.StormTopology;
import dev.gale.spi.RemoteSubmitter;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.utils.NimbusClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** StormSubmitter hands a topology to a remote engine that accepts it (registered as a service), else runs it embedded. */
class RemoteSubmitterRoutingTest {
    static final String REMOTE = "test.remote";

    /** A remote engine for this test: accepts configurations with {@value #REMOTE} set; records what it is asked. */
    public static final class Recorder implements RemoteSubmitter {
        static final List<String> CALLS = new CopyOnWriteArrayList<>();

        @Override
        public boolean accepts(Map<String, Object> topoConf) {
            return topoConf != null && Boolean.TRUE.equals(topoConf.get(REMOTE));
        }

        @Override
        public void submit(String name, Map<String, Object> topoConf, StormTopology topology) {
            CALLS.add("submit " + name);
        }

        @Override
        public void kill(String name) {
            CALLS.add("kill " + name);
        }

        @Override
        public String describe() {
            return "test remote";
        }
    }

    private static StormTopology topology() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        b.setBolt("count", new TestWordCounter()).fieldsGrouping("words", new Fields("word"));
        return b.createTopology();
    }

    @Test
    void anAcceptingRemoteEngineGetsTheSubmitAndTheKill() {
        Recorder.CALLS.clear();
        Config conf = new Config();
        conf.put(REMOTE, true);
        StormSubmitter.submitTopology("remote-one", conf, topology());
        StormSubmitter.killTopology("remote-one");
        assertThat(Recorder.CALLS).containsExactly("submit remote-one", "kill remote-one");
        assertThat(StormSubmitter.remote(conf)).isInstanceOf(Recorder.class);
        assertThat(StormSubmitter.remote(null)).isNull();
        assertThat(NimbusClient.isLocalOverride()).isTrue();
    }

    @Test
    void anOpenLocalClusterTakesPrecedenceAsStormsLocalModeDoes() {
        Recorder.CALLS.clear();
        Config conf = new Config();
        conf.put(REMOTE, true);
        try (LocalCluster cluster = new LocalCluster()) {
            StormSubmitter.submitTopology("local-one", conf, topology());
            assertThat(cluster.getTopologyStats("local-one")).isNotNull();
            StormSubmitter.killTopology("local-one");
        }
        assertThat(Recorder.CALLS).isEmpty();
    }
}
