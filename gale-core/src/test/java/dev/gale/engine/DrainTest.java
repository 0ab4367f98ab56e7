package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.KillReport;
import dev.gale.LocalCluster;
import dev.gale.generated.KillOptions;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * killTopologyWithOpts: deactivate the spouts, wait (on the topology's clock) for the trees in
 * flight, no longer than needed, then kill, and tell how many were still pending.
 */
class DrainTest {
    private final SimulatedClock clock = new SimulatedClock();
    private final LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
            .withKillGracePeriod(Duration.ofMillis(200)).withStepScheduler(false).build();
    private final FeederSpout spout = new FeederSpout(new Fields("word"));
    private final Bolts.Gated gated = new Bolts.Gated();

    @AfterEach
    void tearDown() {
        gated.open();
        cluster.close();
    }

    /** Submits spout -> gated bolt, feeds five tracked tuples, returns once one is held in execute. */
    private RunningTopology submitWithFiveInFlight(Config conf) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("gated", gated).shuffleGrouping("spout");
        cluster.submitTopology("drain", conf, b.createTopology());
        for (int i = 0; i < 5; i++) {
            spout.feed(new Values("w" + i), i);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> gated.entered() == 1);
        return Internals.running(cluster, "drain");
    }

    private static KillOptions waitSecs(int secs) {
        KillOptions o = new KillOptions();
        o.set_wait_secs(secs);
        return o;
    }

    private CompletableFuture<KillReport> drainAsync(KillOptions options) {
        return CompletableFuture.supplyAsync(() -> cluster.killTopologyAndReport("drain", options));
    }

    /** True once the spout executor has been deactivated by the drain and counts this many pending trees. */
    private static boolean drainingWith(RunningTopology t, long pending) {
        return t.executors().stream().filter(e -> e instanceof SpoutExecutor)
                .allMatch(e -> ((SpoutExecutor) e).pendingWhileInactive() == pending);
    }

    @Test
    void treesInFlightThatCompleteAreWaitedForAndTheKillEndsAsSoonAsTheyHave() throws Exception {
        RunningTopology t = submitWithFiveInFlight(new Config());
        CompletableFuture<KillReport> kill = drainAsync(waitSecs(60));
        await().atMost(Duration.ofSeconds(10)).until(() -> drainingWith(t, 5));
        assertThat(kill).as("the drain waits for the trees in flight").isNotDone();
        assertThat(cluster.getTopologyNames()).as("still listed while it drains").containsExactly("drain");

        gated.open();
        KillReport report = kill.get(10, TimeUnit.SECONDS);
        assertThat(report.pendingTrees()).isZero();
        assertThat(report.stuckExecutors()).isEmpty();
        assertThat(spout.getAcked()).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        assertThat(spout.getFailed()).isEmpty();
        assertThat(clock.nanos()).as("no simulated time passed: the drain did not wait for its deadline").isZero();
        assertThat(cluster.getTopologyNames()).isEmpty();
    }

    @Test
    void aStuckBoltKeepsTreesPendingAndTheKillComesAtTheEndOfTheWaitReportingThem() throws Exception {
        RunningTopology t = submitWithFiveInFlight(new Config()); // message timeout 30 s: no tree times out
        CompletableFuture<KillReport> kill = drainAsync(waitSecs(10));
        await().atMost(Duration.ofSeconds(10)).until(() -> drainingWith(t, 5));

        clock.advance(Duration.ofSeconds(9));
        assertThat(kill).as("9 s of a 10 s wait").isNotDone();
        clock.advance(Duration.ofSeconds(1));
        KillReport report = kill.get(10, TimeUnit.SECONDS);

        assertThat(report.topologyName()).isEqualTo("drain");
        assertThat(report.pendingTrees()).isEqualTo(5);
        assertThat(report.stuckExecutors()).extracting(KillReport.StuckExecutor::componentId).containsExactly("gated");
        assertThat(spout.getAcked()).isEmpty();
        assertThat(spout.getFailed()).isEmpty();
        assertThat(cluster.getTopologyNames()).isEmpty();
    }

    @Test
    void withoutWaitSecsTheDrainWaitsUpToTheMessageTimeoutAsInStorm() throws Exception {
        Config conf = new Config();
        conf.setMessageTimeoutSecs(20);
        RunningTopology t = submitWithFiveInFlight(conf);
        CompletableFuture<KillReport> kill = drainAsync(new KillOptions());
        await().atMost(Duration.ofSeconds(10)).until(() -> drainingWith(t, 5));

        clock.advance(Duration.ofSeconds(19));
        assertThat(kill).as("19 s of the 20 s message timeout").isNotDone();
        clock.advance(Duration.ofSeconds(1));
        assertThat(kill.get(10, TimeUnit.SECONDS).topologyName()).isEqualTo("drain");
    }

    @Test
    void killOptionsHaveStormsShape() {
        KillOptions o = new KillOptions();
        assertThat(o.is_set_wait_secs()).isFalse();
        o.set_wait_secs(7);
        assertThat(o.is_set_wait_secs()).isTrue();
        assertThat(o.get_wait_secs()).isEqualTo(7);
        assertThat(o).isEqualTo(new KillOptions(o)).isEqualTo(o.deepCopy()).isNotEqualTo(new KillOptions());
        assertThat(o).hasToString("KillOptions(wait_secs:7)");
        o.unset_wait_secs();
        assertThat(o.is_set_wait_secs()).isFalse();
        assertThat(o).isEqualTo(new KillOptions());
    }
}
