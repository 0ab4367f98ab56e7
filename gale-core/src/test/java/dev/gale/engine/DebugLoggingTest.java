package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

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
        Path logFile = Path.of("target", "test.log");
        LoggerFactory.getLogger(DebugLoggingTest.class); // opens (and truncates) the file first
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

    private static long logSize(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String logSince(Path file, long offset) {
        try {
            byte[] all = Files.readAllBytes(file);
            offset = Math.min(offset, all.length);
            return new String(all, (int) offset, all.length - (int) offset, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
