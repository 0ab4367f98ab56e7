package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
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
        // Tests log to target/test.log (src/test/resources/simplelogger.properties): read what this run adds.
        java.nio.file.Path logFile = java.nio.file.Path.of("target", "test.log");
        org.slf4j.LoggerFactory.getLogger(DebugLoggingTest.class); // opens (and truncates) the file first
        long before = logSize(logFile);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("debug", new Config(), b.createTopology());
            spout.feed(new Values("hello-debug"), 1);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
        }
        String log = logSince(logFile, before);
        assertThat(log).contains("Emitting: bolt 'loud'").contains("[hello-debug]");
        assertThat(log).doesNotContain("Emitting: spout 'spout'");
    }

    private static long logSize(java.nio.file.Path file) {
        try {
            return java.nio.file.Files.exists(file) ? java.nio.file.Files.size(file) : 0;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String logSince(java.nio.file.Path file, long offset) {
        try {
            byte[] all = java.nio.file.Files.readAllBytes(file);
            offset = Math.min(offset, all.length);
            return new String(all, (int) offset, all.length - (int) offset, StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
