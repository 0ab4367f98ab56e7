package dev.gale.benchmarks.topology;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.benchmarks.compare.ConstSpout;
import dev.gale.benchmarks.compare.IdBolt;
import dev.gale.benchmarks.compare.NullBolt;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.TopologyStats;
import dev.gale.topology.TopologyBuilder;

/**
 * A first, Gale-only look at spout -> bolt -> bolt throughput with acking. The side-by-side
 * comparison with Apache Storm lives elsewhere; this one is for quick iterations.
 * Usage: QuickThroughput [maxPending] [seconds] [ackers] [receiveQueueSize]
 */
public final class QuickThroughput {
    private QuickThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int maxPending = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int ackers = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ConstSpout(ackers > 0));
        b.setBolt("id", new IdBolt()).localOrShuffleGrouping("spout");
        b.setBolt("null", new NullBolt()).localOrShuffleGrouping("id");
        Config conf = new Config();
        conf.setNumAckers(ackers);
        conf.setMaxSpoutPending(maxPending);
        if (args.length > 3) {
            conf.put(Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE, Integer.parseInt(args[3]));
        }
        // -Dgale.scheduler.threads=0 and the like: Gale settings for A/B runs.
        System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith("gale."))
                .forEach(k -> conf.put(k, System.getProperty(k)));
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("quick", conf, b.createTopology());
            long lastAcked = 0;
            long lastT = System.nanoTime();
            for (int s = 0; s < seconds; s++) {
                Thread.sleep(1000);
                TopologyStats st = cluster.getTopologyStats("quick");
                ComponentStats spout = st.component("spout").orElseThrow();
                ComponentStats sink = st.component("null").orElseThrow();
                long acked = ackers > 0 ? spout.acked() : sink.executed();
                long now = System.nanoTime();
                System.out.printf("%3d s  %,12.0f %s/s   complete latency %s%n", s + 1,
                        (acked - lastAcked) * 1e9 / (now - lastT), ackers > 0 ? "acked trees" : "tuples",
                        st.completeLatency());
                lastAcked = acked;
                lastT = now;
            }
            if (ackers > 0) {
                ComponentStats acker = cluster.getTopologyStats("quick").components(ComponentKind.ACKER).get(0);
                System.out.printf("acker table: %,d B, %d trees pending now; at max pending %d: %.1f B/tree%n",
                        acker.trackingBytes(), acker.pendingTrees(), maxPending,
                        acker.trackingBytes() / (double) maxPending);
            }
        }
    }
}
