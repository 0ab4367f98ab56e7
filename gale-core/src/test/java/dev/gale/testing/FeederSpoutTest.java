package dev.gale.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.impl.topology.ComponentCopier;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FeederSpoutTest {

    /** Acks every word but "bad", which it fails. */
    static class FailBad extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (input.getString(0).equals("bad")) {
                throw new FailedException("bad");
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void feedWithoutAnIdTracksTheTupleUnderARandomUuidAsStormDoes() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("bolt", new FailBad()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("feeder", new Config(), b.createTopology());
            spout.feed(new Values("good"));
            spout.feed(new Values("fine"));
            spout.feed(new Values("bad"));
            cluster.waitForIdle();
        }
        assertThat(spout.getAcked()).hasSize(2).doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(UUID.fromString((String) id)).isNotNull());
        assertThat(spout.getFailed()).singleElement()
                .satisfies(id -> assertThat(UUID.fromString((String) id)).isNotNull());
    }

    @Test
    void copiesShareTheOriginalsState() {
        FeederSpout original = new FeederSpout(new Fields("word"));
        FeederSpout copy = ComponentCopier.copy("spout", original);
        original.feed(new Values("x"), 1);
        assertThat(copy.hasPendingInput()).isTrue();
        copy.ack(7);
        assertThat(original.getAcked()).containsExactly(7);
    }

    @Test
    void theStateGoesAwayWithTheLastInstanceThatRefersToIt() {
        FeederSpout original = new FeederSpout(new Fields("word"));
        String id = original.id();
        FeederSpout copy = ComponentCopier.copy("spout", original);
        original = null;
        // The copy keeps the state alive (a running task still uses it).
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        assertThat(FeederSpout.isRegistered(id)).isTrue();
        copy.feed(new Values("y"), 2);
        assertThat(copy.getQueueSize()).isEqualTo(1);

        copy = null;
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            System.gc();
            return !FeederSpout.isRegistered(id);
        });
    }
}
