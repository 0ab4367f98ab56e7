package dev.gale.benchmarks.topology;

import com.sun.management.OperatingSystemMXBean;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.benchmarks.compare.IdBolt;
import dev.gale.benchmarks.compare.NullBolt;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.lang.management.ManagementFactory;

/** Process CPU used by an idle topology of 50 executors over a few seconds. Usage: IdleCpu [seconds] */
public final class IdleCpu {
    private IdleCpu() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("str")), 10);
        b.setBolt("id", new IdBolt(), 20).shuffleGrouping("spout");
        b.setBolt("null", new NullBolt(), 19).shuffleGrouping("id");
        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("idle", new Config(), b.createTopology());
            Thread.sleep(2000);
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            double cpu = (os.getProcessCpuTime() - cpu0) / (double) (System.nanoTime() - t0);
            System.out.printf("idle topology, 50 executors: %.2f%% of one core%n", cpu * 100);
        }
    }
}
