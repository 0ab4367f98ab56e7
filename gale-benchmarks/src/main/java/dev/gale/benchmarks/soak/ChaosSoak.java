package dev.gale.benchmarks.soak;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;

/**
 * The random-loss soak: 2 spout tasks emit ids 0..N-1 (each its half, replaying failures first)
 * into {@code chaos1} (2 tasks: 1% throw, 2% fail, 2% dropped, else 2 anchored children on a
 * fields grouping) into {@code chaos2} (2 tasks: the same rates, else ack). It runs until every
 * id is acked or the deadline passes, on real time, and prints progress every 5 s and one result
 * line: whether every id was acked exactly once, and how long it took.
 *
 * <p>Usage: {@code ChaosSoak [--ids N] [--max-pending N|unset] [--adaptive true|false|unset]
 * [--timeout-secs S] [--deadline-secs S] [--seed N]}. Defaults: 1,000,000 ids, max pending unset,
 * adaptation unset, message timeout 3 s, deadline 120 s.
 */
public final class ChaosSoak {
    private ChaosSoak() {
    }

    public static void main(String[] args) throws Exception {
        int ids = 1_000_000;
        String maxPending = "unset";
        String adaptive = "unset";
        int timeoutSecs = 3;
        int deadlineSecs = 120;
        long seed = 1;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--ids": ids = Integer.parseInt(v); break;
                case "--max-pending": maxPending = v; break;
                case "--adaptive": adaptive = v; break;
                case "--timeout-secs": timeoutSecs = Integer.parseInt(v); break;
                case "--deadline-secs": deadlineSecs = Integer.parseInt(v); break;
                case "--seed": seed = Long.parseLong(v); break;
                default: throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Ledger ledger = new Ledger(ids);
        Ledger.current = ledger;
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ChaosSpout(), 2);
        b.setBolt("chaos1", new ChaosBolt(true, seed), 2).shuffleGrouping("spout");
        b.setBolt("chaos2", new ChaosBolt(false, seed + 1), 2).fieldsGrouping("chaos1", new Fields("child"));
        Config conf = new Config();
        conf.setMessageTimeoutSecs(timeoutSecs);
        if (!maxPending.equals("unset")) {
            conf.setMaxSpoutPending(Integer.parseInt(maxPending));
        }
        if (!adaptive.equals("unset")) {
            conf.put(Config.GALE_SPOUT_PENDING_ADAPTIVE, Boolean.parseBoolean(adaptive));
        }
        String label = "max-pending=" + maxPending + " adaptive=" + adaptive;
        long start = System.nanoTime();
        long deadline = start + deadlineSecs * 1_000_000_000L;
        long doneAt = -1;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("chaos", conf, b.createTopology());
            long nextReport = start + 5_000_000_000L;
            while (System.nanoTime() < deadline) {
                if (ledger.acked.get() == ids) {
                    doneAt = System.nanoTime();
                    break;
                }
                Thread.sleep(10);
                if (System.nanoTime() >= nextReport) {
                    System.out.printf("%s  t=%3.0f s  acked %,9d  failed %,9d  emitted %,10d%n", label,
                            (System.nanoTime() - start) / 1e9, ledger.acked.get(), ledger.failed.get(),
                            ledger.emitted.get());
                    nextReport += 5_000_000_000L;
                }
            }
            cluster.killTopology("chaos");
        }
        long missing = ledger.missing();
        boolean exact = missing == 0 && ledger.doubled.get() == 0;
        System.out.printf("RESULT %s ids=%d acked=%d missing=%d doubled=%d emitted=%d failed=%d exactly-once=%s"
                        + " seconds=%s%n", label, ids, ledger.acked.get(), missing, ledger.doubled.get(),
                ledger.emitted.get(), ledger.failed.get(), exact,
                doneAt < 0 ? "timeout(>" + deadlineSecs + ")" : String.format("%.1f", (doneAt - start) / 1e9));
    }
}
