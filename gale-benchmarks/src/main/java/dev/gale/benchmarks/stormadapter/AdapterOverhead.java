package dev.gale.benchmarks.stormadapter;

import dev.gale.storm.StormRunner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.TopologySummary;

/**
 * The adapter's cost without a cluster: the reliable word count on one Storm {@code LocalCluster}
 * in this JVM, written against Gale's API and run through gale-storm ({@link GaleWordCount}), and
 * the same code against Storm's API ({@link StormWordCount}), in alternating runs. By default both
 * sides run in one worker, so no tuple is serialized: what differs is the adapter's work per tuple,
 * which is what a profiler attached to this JVM should look at ({@code --workers 2} adds Storm's
 * serialization between workers, as on a cluster). Prints trees/s, complete latency and CPU
 * time per tree ({@link CpuMeter}: the whole JVM's and each component's executors') per run, and
 * the medians. On a busy machine, CPU per tree is the figure to compare. Run by {@code bench/adapter-overhead.sh} (see {@code --help}).
 */
public final class AdapterOverhead {
    private AdapterOverhead() {
    }

    /** One side's run: trees acked per second over the measured window, its latencies, its failures. */
    record Run(String side, int index, double treesPerSec, long p50, long p99, long p999, long failed,
               Map<String, Double> cpuMicrosPerTree) {
        String line() {
            StringBuilder cpu = new StringBuilder();
            cpuMicrosPerTree.forEach((k, v) -> cpu.append(String.format(Locale.ROOT, " %s %.2f", k, v)));
            return String.format(Locale.ROOT, "%-5s run %d: %,10.0f trees/s  p50 %6.2f ms  p99 %7.2f ms  p99.9 %7.2f ms"
                    + "  failed %d  CPU us/tree:%s", side, index, treesPerSec, p50 / 1e6, p99 / 1e6, p999 / 1e6, failed, cpu);
        }
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        if (o == null) {
            return;
        }
        List<Run> gale = new ArrayList<>();
        List<Run> storm = new ArrayList<>();
        try (LocalCluster cluster = new LocalCluster()) {
            // The first runs in a JVM compile Storm's code (and the adapter's): whichever side ran first
            // came out far slower. They are run and shown, not counted.
            for (int i = 1; i <= o.discard; i++) {
                for (String side : o.order) {
                    System.out.println(run(cluster, side, -i, o).line() + "  (JIT warm-up, not counted)");
                }
            }
            for (int i = 1; i <= o.runs; i++) {
                for (String side : o.order) {
                    Run r = run(cluster, side, i, o);
                    System.out.println(r.line());
                    (side.equals("gale") ? gale : storm).add(r);
                }
            }
        }
        System.out.println();
        if (!gale.isEmpty()) {
            System.out.println(median("gale", gale).line().replaceFirst("run \\d+", "median"));
        }
        if (!storm.isEmpty()) {
            System.out.println(median("storm", storm).line().replaceFirst("run \\d+", "median"));
        }
        if (!gale.isEmpty() && !storm.isEmpty()) {
            Run g = median("gale", gale);
            Run s = median("storm", storm);
            System.out.printf(Locale.ROOT, "adapter: %.1f%% of Storm's trees/s, %+.2f ms at p99 (medians; goal: under 10%%, under 1 ms)%n",
                    100.0 * (s.treesPerSec() - g.treesPerSec()) / s.treesPerSec(), (g.p99() - s.p99()) / 1e6);
            StringBuilder cpu = new StringBuilder();
            g.cpuMicrosPerTree().forEach((k, v) -> cpu.append(String.format(Locale.ROOT, " %s %+.1f%%", k,
                    100.0 * (v - s.cpuMicrosPerTree().get(k)) / s.cpuMicrosPerTree().get(k))));
            System.out.println("adapter: CPU per tree against Storm's API (medians):" + cpu);
            System.out.println("adapter: the same, each component's CPU per tree over the acker's in its run (the acker runs"
                    + " Storm's code on both sides: this takes out what the machine's load did to the run):"
                    + overAcker(gale, storm));
        }
        // Storm's local daemons leave non-daemon threads behind.
        System.exit(0);
    }

    private static Run run(LocalCluster cluster, String side, int index, Options o) throws Exception {
        boolean isGale = side.equals("gale");
        Probe probe = Probe.of(isGale);
        String name = side + "-" + index;
        if (isGale) {
            StormRunner.Translation t = StormRunner.translate(GaleWordCount.conf(o.workers, o.maxPending),
                    GaleWordCount.topology(o.spouts, o.splits, o.counts));
            cluster.submitTopology(name, t.conf(), t.topology());
        } else {
            cluster.submitTopology(name, StormWordCount.conf(o.workers, o.maxPending), StormWordCount.topology(o.spouts, o.splits, o.counts));
        }
        long deadline = System.nanoTime() + 120_000_000_000L;
        long before = probe.acked();
        while (probe.acked() == before) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + ": no tree acked within 120 s");
            }
            Thread.sleep(50); // polling the spout's counter, not waiting for a condition's timing
        }
        Thread.sleep(o.warmupMs);
        CpuMeter cpu = new CpuMeter();
        probe.takeLatencies();
        long failed0 = probe.failedSoFar();
        long acked0 = probe.acked();
        Map<String, Long> cpu0 = cpu.sample();
        long t0 = System.nanoTime();
        Thread.sleep(o.measureMs);
        long acked1 = probe.acked();
        Map<String, Long> cpu1 = cpu.sample();
        long t1 = System.nanoTime();
        Histogram h = probe.takeLatencies();
        long failed = probe.failedSoFar() - failed0;
        cluster.killTopologyWithOpts(name, LocalCluster.KILL_NOW);
        awaitGone(cluster, name, probe);
        return new Run(side, index, (acked1 - acked0) * 1e9 / (t1 - t0), h.getValueAtPercentile(50),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), failed, CpuMeter.perTree(cpu0, cpu1, acked1 - acked0));
    }

    /** Until the topology is gone from Nimbus and its spouts have stopped acking. */
    private static void awaitGone(LocalCluster cluster, String name, Probe probe) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            boolean listed = false;
            for (TopologySummary s : cluster.getTopologySummaries()) {
                listed |= s.get_name().equals(name);
            }
            long a = probe.acked();
            Thread.sleep(500);
            if (!listed && probe.acked() == a) {
                return;
            }
        }
        throw new IllegalStateException(name + " still runs 60 s after it was killed");
    }

    private static Run median(String side, List<Run> runs) {
        return new Run(side, 0, median(runs.stream().mapToDouble(Run::treesPerSec).toArray()),
                (long) median(runs.stream().mapToDouble(Run::p50).toArray()),
                (long) median(runs.stream().mapToDouble(Run::p99).toArray()),
                (long) median(runs.stream().mapToDouble(Run::p999).toArray()),
                runs.stream().mapToLong(Run::failed).sum(), medianCpu(runs));
    }

    private static String overAcker(List<Run> gale, List<Run> storm) {
        StringBuilder out = new StringBuilder();
        for (String k : CpuMeter.COMPONENTS) {
            if (k.equals("__acker")) {
                continue;
            }
            double g = median(gale.stream().mapToDouble(r -> r.cpuMicrosPerTree().get(k) / r.cpuMicrosPerTree().get("__acker")).toArray());
            double s = median(storm.stream().mapToDouble(r -> r.cpuMicrosPerTree().get(k) / r.cpuMicrosPerTree().get("__acker")).toArray());
            out.append(String.format(Locale.ROOT, " %s %+.1f%%", k, 100.0 * (g - s) / s));
        }
        return out.toString();
    }

    private static Map<String, Double> medianCpu(List<Run> runs) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String k : runs.get(0).cpuMicrosPerTree().keySet()) {
            out.put(k, median(runs.stream().mapToDouble(r -> r.cpuMicrosPerTree().get(k)).toArray()));
        }
        return out;
    }

    private static double median(double[] v) {
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The command line. */
    static final class Options {
        int runs = 3;
        long warmupMs = 10_000;
        long measureMs = 20_000;
        List<String> order = List.of("gale", "storm");
        int maxPending = 1000;
        int workers = 1;
        int discard = 1;
        int spouts = 1;
        int splits = 2;
        int counts = 2;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--help", "-h" -> {
                        System.out.println(USAGE);
                        return null;
                    }
                    case "--quick" -> {
                        o.runs = 1;
                        o.discard = 0;
                        o.warmupMs = 2_000;
                        o.measureMs = 3_000;
                    }
                    case "--runs" -> o.runs = Integer.parseInt(value(args, ++i, a));
                    case "--warmup" -> o.warmupMs = (long) (Double.parseDouble(value(args, ++i, a)) * 1000);
                    case "--measure" -> o.measureMs = (long) (Double.parseDouble(value(args, ++i, a)) * 1000);
                    case "--order" -> o.order = List.of(value(args, ++i, a).split(","));
                    case "--max-pending" -> o.maxPending = Integer.parseInt(value(args, ++i, a));
                    case "--workers" -> o.workers = Integer.parseInt(value(args, ++i, a));
                    case "--discard" -> o.discard = Integer.parseInt(value(args, ++i, a));
                    case "--parallelism" -> {
                        String[] p = value(args, ++i, a).split(",");
                        if (p.length != 3) {
                            throw new IllegalArgumentException("--parallelism takes spouts,splits,counts, e.g. 1,2,2");
                        }
                        o.spouts = Integer.parseInt(p[0]);
                        o.splits = Integer.parseInt(p[1]);
                        o.counts = Integer.parseInt(p[2]);
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + a + "'\n" + USAGE);
                }
            }
            for (String s : o.order) {
                if (!Map.of("gale", 1, "storm", 1).containsKey(s)) {
                    throw new IllegalArgumentException("--order takes gale and/or storm, comma-separated, not '" + s + "'");
                }
            }
            return o;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        static final String USAGE = """
                usage: bench/adapter-overhead.sh [options]
                  --quick              smoke run: 1 run each, none discarded, warm-up 2 s, measure 3 s
                  --runs N             runs of each side (default 3), alternating in --order
                  --discard N          rounds run first and not counted, for the JIT (default 1)
                  --warmup SECS        after the run's first ack (default 10)
                  --measure SECS       measured window (default 20)
                  --order LIST         gale,storm (default), storm,gale, or one side alone (for a profile)
                  --max-pending N      max spout pending per spout task (default 1000)
                  --workers N          workers (default 1); with 2, tuples between the two are serialized,
                                       as on a cluster (the LocalCluster's workers share this JVM)
                  --parallelism S,B,C  spout, split and count tasks (default 1,2,2)
                environment: JFR=<file.jfr> records the whole run with Java Flight Recorder (profile settings);
                  SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o)""";
    }
}
