package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** topology.debug logs every emit of the components it is set for, as Storm's does. */
class DebugLoggingTest {

    @Test
    void debugOnOneComponentLogsItsEmitsOnly() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("loud", new Bolts.Forward("word")).shuffleGrouping("spout").setDebug(true);
        b.setBolt("end", new Bolts.Sink()).shuffleGrouping("loud");
        // slf4j-simple writes to System.err as it is at each call: capture it around the run.
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("debug", new Config(), b.createTopology());
            spout.feed(new Values("hello-debug"), 1);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("Emitting: bolt 'loud'").contains("[hello-debug]");
        assertThat(log).doesNotContain("Emitting: spout 'spout'");
    }
}
