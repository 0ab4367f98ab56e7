package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.bolt.JoinBolt;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.windowing.WindowFixtures.Recorder;
import org.junit.jupiter.api.Test;

/** Windows are checked at submit, as Storm checks them when the bolt is prepared, with messages naming the bolt. */
class WindowValidationTest {

    private static void submit(BaseWindowedBolt window, Config conf) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("n", "ts")));
        b.setBolt("window", window).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("t", conf, b.createTopology());
        }
    }

    @Test
    void aTimeWindowLongerThanTheMessageTimeoutIsRefused() {
        Recorder window = new Recorder();
        window.withWindow(Duration.seconds(25), Duration.seconds(10));
        assertThatThrownBy(() -> submit(window, new Config())).isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("bolt 'window'").hasMessageContaining("35000 ms")
                .hasMessageContaining("topology.message.timeout.secs (30 s)");
        Config longer = new Config();
        longer.setMessageTimeoutSecs(40);
        assertThatCode(() -> submit(window, longer)).doesNotThrowAnyException();
        Config noTimeouts = new Config();
        noTimeouts.put(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS, false);
        assertThatCode(() -> submit(window, noTimeouts)).doesNotThrowAnyException();
    }

    @Test
    void aCountWindowLongerThanMaxSpoutPendingIsRefused() {
        Recorder window = new Recorder();
        window.withWindow(Count.of(1000), Count.of(100));
        Config small = new Config();
        small.setMaxSpoutPending(500);
        assertThatThrownBy(() -> submit(window, small)).isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("bolt 'window'").hasMessageContaining("1100 tuples")
                .hasMessageContaining("topology.max.spout.pending (500)");
        // Unset, Storm has no limit, but Gale's limit starts at 1000: refused too, saying so.
        assertThatThrownBy(() -> submit(window, new Config())).isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("bolt 'window'").hasMessageContaining("unset")
                .hasMessageContaining("at least 1100");
        Config enough = new Config();
        enough.setMaxSpoutPending(1100);
        assertThatCode(() -> submit(window, enough)).doesNotThrowAnyException();
        Config noAckers = new Config();
        noAckers.setNumAckers(0);
        assertThatCode(() -> submit(window, noAckers)).doesNotThrowAnyException();
    }

    @Test
    void aLateTupleStreamNeedsEventTime() {
        Recorder window = new Recorder();
        window.withTumblingWindow(Count.of(3)).withLateTupleStream("late");
        assertThatThrownBy(() -> submit(window, new Config())).isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("bolt 'window'").hasMessageContaining("timestamp field");
    }

    @Test
    void aWindowNeedsALength() {
        assertThatThrownBy(() -> submit(new Recorder(), new Config())).isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("bolt 'window'").hasMessageContaining("Window length is not specified");
    }

    @Test
    void aJoinWithoutSelectIsRefusedWhenTheTopologyIsBuilt() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("id")));
        b.setBolt("join", new JoinBolt("spout", "id").withTumblingWindow(Count.of(2))).shuffleGrouping("spout");
        assertThatThrownBy(b::createTopology).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bolt 'join'").hasMessageContaining("select()");
    }
}
