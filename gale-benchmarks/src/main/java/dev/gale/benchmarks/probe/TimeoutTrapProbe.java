package dev.gale.benchmarks.probe;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;

/**
 * The timeout trap (issue 10, item 4): a bolt taking 5 ms per tuple, message timeout 2 s, no max
 * spout pending set, the spout replaying whatever fails. Prints acks and fails per second, wall
 * clock. Usage: TimeoutTrapProbe [seconds] [maxSpoutPending, unset if absent]
 */
public final class TimeoutTrapProbe {
    private TimeoutTrapProbe() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new CountingSpout(true));
        b.setBolt("slow", new SlowBolt(5_000_000L)).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(2);
        if (args.length > 1) {
            conf.setMaxSpoutPending(Integer.parseInt(args[1]));
        }
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("trap", conf, b.createTopology());
            long acked = 0;
            long failed = 0;
            long total = 0;
            long start = System.nanoTime();
            for (int s = 1; s <= seconds; s++) {
                long wake = start + s * 1_000_000_000L;
                while (System.nanoTime() < wake) {
                    Thread.sleep(Math.max(1, (wake - System.nanoTime()) / 1_000_000));
                }
                long a = CountingSpout.ACKED.get();
                long f = CountingSpout.FAILED.get();
                System.out.printf("t=%2ds acks/s=%4d fails/s=%5d%n", s, a - acked, f - failed);
                if (s > 10) {
                    total += a - acked;
                }
                acked = a;
                failed = f;
            }
            System.out.printf("mean acks/s from 10 s on: %.1f%n", total / (double) Math.max(1, seconds - 10));
        }
    }
}
