package dev.gale.benchmarks.probe;

import com.sun.management.OperatingSystemMXBean;
import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU of a topology whose spout is held back by a full downstream queue (issue 10, item 10): an
 * unreliable spout emitting as fast as it may into a bolt that sleeps 1.1 ms per tuple (~900
 * tuples/s). Prints the process CPU over the measured window as a share of one core.
 * Usage: CongestedSpoutCpu [seconds]
 */
public final class CongestedSpoutCpu {
    private CongestedSpoutCpu() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new CountingSpout(false));
        b.setBolt("slow", new SlowBolt(1_100_000L)).shuffleGrouping("spout");
        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("congested", new Config(), b.createTopology());
            Thread.sleep(2000);
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long spoutThread = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().contains("-spout-")).findFirst().orElseThrow().getId();
            long spoutCpu0 = threads.getThreadCpuTime(spoutThread);
            long cpu0 = os.getProcessCpuTime();
            long emitted0 = CountingSpout.EMITTED.get();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000L);
            long elapsed = System.nanoTime() - t0;
            double cpu = (os.getProcessCpuTime() - cpu0) / (double) elapsed;
            double spoutCpu = (threads.getThreadCpuTime(spoutThread) - spoutCpu0) / (double) elapsed;
            double rate = (CountingSpout.EMITTED.get() - emitted0) * 1e9 / elapsed;
            System.out.printf("spout held by a full queue: %.0f tuples/s, process CPU %.2f%% of one core"
                    + " (spout thread %.2f%%)%n", rate, cpu * 100, spoutCpu * 100);
        }
    }
}
