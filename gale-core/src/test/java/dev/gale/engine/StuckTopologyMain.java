package dev.gale.engine;

import dev.gale.Config;
import dev.gale.LocalCluster;
import java.time.Duration;

/**
 * Run in a child JVM by {@link KillTest}: a topology whose spout sleeps in nextTuple and whose
 * bolt never returns from execute, closed as a user's main would. The JVM must then exit.
 */
public final class StuckTopologyMain {
    private StuckTopologyMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        Stuck.SleepingSpout spout = new Stuck.SleepingSpout();
        Stuck.LoopingBolt bolt = new Stuck.LoopingBolt();
        LocalCluster cluster = new LocalCluster.Builder().withKillGracePeriod(Duration.ofMillis(100)).build();
        cluster.submitTopology("stuck", new Config(), Stuck.topology(spout, bolt));
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (spout.calls().stuck.get() == 0 || bolt.calls().stuck.get() == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the topology never got stuck");
            }
            Thread.sleep(10);
        }
        cluster.close();
        System.out.println("closed; spout closed " + spout.calls().closed.get() + " time(s)");
    }
}
