package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.TopologyStats;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * An Error from user code (OutOfMemoryError, StackOverflowError, AssertionError...) is fatal: the
 * topology stops, the error is reported once with its component and task, and waits throw.
 */
class FatalErrorTest {

    @Test
    void anOutOfMemoryErrorInABoltStopsTheTopologyAndIsReportedOnce() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Fn oom = new Bolts.Fn((in, c, ctx) -> {
            if (in.getString(0).equals("big")) {
                throw new OutOfMemoryError("Java heap space (thrown by the test)");
            }
            c.ack(in);
        });
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("oom", oom).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .withKillGracePeriod(Duration.ofMillis(200)).build()) {
            cluster.submitTopology("fatal", new Config(), b.createTopology());
            spout.feed(new Values("small"), 1);
            cluster.waitForIdle();
            spout.feed(new Values("big"), 2);
            for (int i = 3; i < 300; i++) {
                spout.feed(new Values("after"), i); // none of these may reach the bolt
            }

            await().atMost(Duration.ofSeconds(10)).until(() -> cluster.getTopologyStats("fatal").fatal().isPresent());
            // Every scheduler thread of the topology ends with the stop.
            await().atMost(Duration.ofSeconds(10)).until(() -> Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.isAlive() && t.getName().startsWith("gale-fatal-")));

            TopologyStats stats = cluster.getTopologyStats("fatal");
            ErrorInfo fatal = stats.fatal().orElseThrow();
            int boltTask = oom.record.componentTasks().get(0);
            assertThat(fatal.componentId()).isEqualTo("oom");
            assertThat(fatal.taskId()).isEqualTo(boltTask);
            assertThat(fatal.message()).contains("FATAL", "execute", "OutOfMemoryError", "Java heap space");
            assertThat(fatal.stackTrace()).contains("FatalErrorTest");
            assertThat(stats.component("oom").orElseThrow().lastErrors()).as("reported once").containsExactly(fatal);
            assertThat(oom.record.seen()).as("not one tuple after the error").extracting(s -> s.values().get(0))
                    .containsExactly("small", "big");
            assertThatThrownBy(cluster::waitForIdle).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("topology 'fatal' was stopped by a fatal error in component 'oom', task "
                            + boltTask).hasCauseInstanceOf(OutOfMemoryError.class);
            assertThat(spout.getAcked()).containsExactly(1);
            assertThat(cluster.getTopologyNames()).as("listed until killed").containsExactly("fatal");
            cluster.killTopology("fatal");
            assertThat(cluster.getTopologyNames()).isEmpty();
        }
    }

    /** A spout whose ack fails an assertion. */
    static final class AssertingSpout extends FeederSpout {
        private static final long serialVersionUID = 1L;

        AssertingSpout(Fields fields) {
            super(fields);
        }

        @Override
        public void ack(Object msgId) {
            throw new AssertionError("ack of " + msgId + " broke an invariant");
        }
    }

    @Test
    void anErrorInASpoutIsFatalToo() {
        FeederSpout spout = new AssertingSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false).build()) {
            cluster.submitTopology("fatal-spout", new Config(), b.createTopology());
            spout.feed(new Values("a"), "m1");
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> cluster.getTopologyStats("fatal-spout").fatal().isPresent());
            ErrorInfo fatal = cluster.getTopologyStats("fatal-spout").fatal().orElseThrow();
            assertThat(fatal.componentId()).isEqualTo("spout");
            assertThat(fatal.message()).contains("ack(m1) threw", "AssertionError");
            assertThatThrownBy(cluster::waitForIdle).isInstanceOf(IllegalStateException.class);
        }
    }
}
