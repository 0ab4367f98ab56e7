package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.KillReport;
import dev.gale.LocalCluster;
import dev.gale.generated.KillOptions;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A kill stops user code that does not return: interrupts it, reports it, and leaves no thread holding the JVM. */
class KillTest {
    private static final Duration GRACE = Duration.ofMillis(200);

    private static List<Thread> threadsOf(String topology) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("gale-" + topology + "-")).toList();
    }

    @Test
    void aKillInterruptsStuckUserCodeReportsWhereItWasAndLeavesNoThreadHoldingTheJvm() {
        Stuck.SleepingSpout spout = new Stuck.SleepingSpout();
        Stuck.LoopingBolt bolt = new Stuck.LoopingBolt();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock())
                .withKillGracePeriod(GRACE).withStepScheduler(false).build()) {
            cluster.submitTopology("stuck", new Config(), Stuck.topology(spout, bolt));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> spout.calls().stuck.get() == 1 && bolt.calls().stuck.get() == 1);
            assertThat(threadsOf("stuck")).as("a running topology keeps the JVM alive")
                    .anyMatch(t -> !t.isDaemon());

            KillOptions now = new KillOptions();
            now.set_wait_secs(0);
            long start = System.nanoTime();
            KillReport report = cluster.killTopologyAndReport("stuck", now);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            // Two grace periods at most (before and after the interrupt), plus a margin for a busy machine.
            assertThat(tookMs).isLessThan(2 * GRACE.toMillis() + 1_500);
            assertThat(report.stuckExecutors()).hasSize(2);
            assertThat(report.stuckExecutors()).filteredOn(s -> s.componentId().equals("sleeper")).singleElement()
                    .satisfies(s -> {
                        assertThat(s.stopped()).as("the sleep ends on interrupt").isTrue();
                        assertThat(s.taskIds()).hasSize(1);
                        assertThat(s.stackTrace()).contains("Thread.sleep", "SleepingSpout.nextTuple");
                    });
            assertThat(report.stuckExecutors()).filteredOn(s -> s.componentId().equals("looper")).singleElement()
                    .satisfies(s -> {
                        assertThat(s.stopped()).as("the bolt ignores interrupts").isFalse();
                        assertThat(s.stackTrace()).contains("LoopingBolt.execute");
                        assertThat(s.threadName()).startsWith("gale-stuck-worker-");
                    });
            assertThat(spout.calls().closed.get()).as("the interrupted spout was closed").isEqualTo(1);
            assertThat(report.pendingTrees()).as("the tree stuck in the bolt").isEqualTo(1);
            // What is left is the abandoned bolt, and it cannot keep the JVM alive.
            String looperThread = report.stuckExecutors().stream().filter(s -> s.componentId().equals("looper"))
                    .findFirst().orElseThrow().threadName();
            assertThat(threadsOf("stuck")).allMatch(Thread::isDaemon)
                    .extracting(Thread::getName).containsOnly(looperThread);
            assertThat(cluster.getTopologyNames()).isEmpty();

            // Should the bolt ever return, its thread cleans it up and ends.
            assertThat(bolt.calls().closed.get()).isZero();
            bolt.release();
            await().atMost(Duration.ofSeconds(10)).until(() -> bolt.calls().closed.get() == 1);
            await().atMost(Duration.ofSeconds(10)).until(() -> threadsOf("stuck").isEmpty());
        } finally {
            bolt.release();
        }
    }

    @Test
    void aTopologyThatStopsByItselfIsReportedCleanAndLeavesNoThread() {
        Stuck.SleepingSpout spout = new Stuck.SleepingSpout();
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("feeder", new FeederSpout(new Fields("word")));
        b.setBolt("sink", sink).shuffleGrouping("feeder");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock())
                .withKillGracePeriod(GRACE).withStepScheduler(false).build()) {
            cluster.submitTopology("clean", new Config(), b.createTopology());
            KillReport report = cluster.killTopologyAndReport("clean", new KillOptions());
            assertThat(report.stuckExecutors()).isEmpty();
            assertThat(report.pendingTrees()).isZero();
            assertThat(threadsOf("clean")).isEmpty();
        }
    }

    @Test
    void aJvmRunningAStuckTopologyExitsAfterTheClusterIsClosed() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        Process p = new ProcessBuilder(java, "-Dorg.slf4j.simpleLogger.logFile=System.err", // its log is what we read
                "-cp", System.getProperty("java.class.path"),
                StuckTopologyMain.class.getName()).redirectErrorStream(true).start();
        boolean exited = p.waitFor(30, TimeUnit.SECONDS);
        if (!exited) {
            p.destroyForcibly();
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(exited).as("child JVM exited; its output:%n%s", output).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("closed; spout closed 1 time(s)")
                .contains("executor looper-", "ignored that too: abandoned", "LoopingBolt.execute");
    }
}
