package dev.gale.benchmarks.storm;

import dev.gale.benchmarks.compare.ClusterWordCount;
import dev.gale.benchmarks.compare.Pace;
import dev.gale.storm.TopologyJar;
import dev.gale.storm.cluster.NetworkIsolation;
import dev.gale.storm.cluster.StormProcessCluster;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Gale on a Storm cluster against Storm itself, in one run: the reliable word count
 * ({@link ClusterWordCount}) on a real multi-process Storm cluster with 2 workers, once written
 * against Gale's API and run through gale-storm's adapter, once the same source compiled against
 * Storm's API (gale-benchmarks-storm). Each submission has two phases: saturated (the spouts emit
 * as fast as max spout pending lets them) for trees/s, then paced ({@link Pace}: a fixed rate well
 * below saturation) for complete latency (p50, p99, p99.9) and the rate achieved; at saturation
 * the latency is queueing time, whose noise is far larger than the adapter's cost. Rounds
 * alternate which engine goes first (the cluster slows over a run), and the summary works from
 * each round's ratios: Gale's trees/s over Storm's and the difference of p99 at the fixed rate.
 * With {@code --together}, each round runs both sides at once on a cluster of 4 worker slots and
 * measures them over the same windows: what drifts on the machine during a run (the cluster,
 * other load, the virtual machine's share of the host) then weighs on both sides alike, where
 * rounds run one after the other compare two different moments. Saturated, the two share the
 * cores, so their ratio of trees/s is the ratio of what a tree costs each; paced, each runs at the
 * rate on its own while the other does too.
 * Also: the time from submit to the first ack; for the cluster, its start time and the peak
 * resident memory of all its processes together. Submits from child JVMs (the same {@code main},
 * each on its own class path). Runs itself inside a private network namespace when the machine
 * allows (the cluster binds the wildcard address). Prints the tables and writes them to the output
 * directory. See bench/compare-storm-cluster.sh.
 */
public final class StormClusterBench {
    private StormClusterBench() {
    }

    /** The share of the asked rate a paced phase must achieve to count as having run at that rate. */
    static final double RATE_REACHED = 0.95;
    /** The goals of issue 34: the adapter costs under 10% of trees/s and adds under 1 ms to p99. */
    static final double GOAL_RATIO = 0.90;
    static final double GOAL_P99_MS = 1.0;

    /**
     * @param rate            trees/s of the paced phase for the whole topology; 0: no paced phase
     * @param order           the engines of the first round; later rounds alternate it
     */
    record Settings(int warmupSecs, int measureSecs, int rate, int pacedWarmupSecs, int pacedMeasureSecs, int repeats,
                    int maxPending, String order, Path out, String stormClasspath, Path stormClasses, int workerHeapMb,
                    boolean together, boolean control) {
    }

    /** What one window measured: trees acked per second and their complete latencies. */
    record Phase(double treesPerSec, double p50Ms, double p99Ms, double p999Ms) {
    }

    /** One submission: its saturated phase, its paced phase (null without one). */
    record Result(String engine, int repeat, Phase saturated, Phase paced, long failed, double submitToFirstAckSecs,
                  int workers) {
    }

    public static void main(String[] args) throws Exception {
        Settings s = parse(args);
        if (!NetworkIsolation.loopbackOnly() && System.getProperty(NetworkIsolation.INSIDE_PROPERTY) == null) {
            List<String> self = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx512m", "-D" + NetworkIsolation.INSIDE_PROPERTY + "=private", "-cp",
                    System.getProperty("java.class.path"), StormClusterBench.class.getName()));
            self.addAll(List.of(args));
            List<String> inside = NetworkIsolation.privateNetworkCommand(self);
            if (inside != null) {
                System.exit(new ProcessBuilder(inside).inheritIO().start().waitFor());
            }
            System.setProperty(NetworkIsolation.INSIDE_PROPERTY, "unavailable: unshare -n is not permitted here");
        }
        System.exit(run(s, System.out));
    }

    static int run(Settings s, PrintStream out) throws Exception {
        Files.createDirectories(s.out());
        Path galeJar = TopologyJar.builder().withGale().addEntryOf(ClusterWordCount.class, Histogram.class)
                .write(s.out().resolve("gale-topology.jar"));
        Path stormJar = TopologyJar.builder().addEntry(s.stormClasses()).addEntryOf(Histogram.class)
                .write(s.out().resolve("storm-topology.jar"));
        List<Result> results = new ArrayList<>();
        AtomicLong peakRss = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Duration start;
        try (StormProcessCluster cluster = StormProcessCluster.builder().home(s.out().resolve("storm-cluster"))
                .slots(s.together() ? 4 : 2).workerHeapMb(s.workerHeapMb()).workerJvmOptions("-XX:+UseG1GC").keepFiles(true).log(out).start()) {
            start = cluster.startDuration();
            Thread sampler = new Thread(() -> {
                while (sampling.get()) {
                    peakRss.accumulateAndGet(cluster.rssBytes(), Math::max);
                    sleep(500);
                }
            }, "rss-sampler");
            sampler.setDaemon(true);
            sampler.start();
            int nimbusPort = ((Number) cluster.clientConf().get("nimbus.thrift.port")).intValue();
            // The A/A control runs Storm's API on the side labelled gale too: what the method reports when the sides are equal.
            Map<String, Path> jars = Map.of("gale", s.control() ? stormJar : galeJar, "storm", stormJar);
            Map<String, String> classpaths = Map.of("gale", s.control() ? s.stormClasspath()
                    : System.getProperty("java.class.path"), "storm", s.stormClasspath());
            for (int r = 1; r <= s.repeats(); r++) {
                List<String> engines = orderOf(s.order(), r);
                if (s.together()) {
                    results.addAll(runRound(cluster, s, engines, r, jars, classpaths, nimbusPort, out));
                } else {
                    for (String engine : engines) {
                        results.addAll(runRound(cluster, s, List.of(engine), r, jars, classpaths, nimbusPort, out));
                    }
                }
            }
            sampling.set(false);
        }
        String table = table(results, start, peakRss.get(), s);
        out.print(table);
        Files.writeString(s.out().resolve("table.txt"), table, StandardCharsets.UTF_8);
        return 0;
    }

    /** The engines in the order of round {@code round} (from 1): the first round's, reversed every other round. */
    static List<String> orderOf(String firstRound, int round) {
        List<String> engines = new ArrayList<>(List.of(firstRound.split(",")));
        if (round % 2 == 0) {
            Collections.reverse(engines);
        }
        return engines;
    }

    /** A submitted topology: where its workers report, when it was submitted and (once known) when it first acked. */
    private record Submission(String engine, int repeat, String name, Path reports, long submitMs,
                              double submitToFirstAckSecs) {
    }

    /**
     * Runs one submission of each of {@code engines} on one timeline (one side, or with
     * {@code --together} both): all are submitted and acking before the warm-up starts, and every
     * phase measures all of them over the same window.
     */
    private static List<Result> runRound(StormProcessCluster cluster, Settings s, List<String> engines, int repeat,
                                            Map<String, Path> jars, Map<String, String> classpaths, int nimbusPort,
                                            PrintStream out) throws Exception {
        cluster.awaitIdle(Duration.ofMinutes(2));
        List<Submission> subs = new ArrayList<>();
        for (String engine : engines) {
            subs.add(submit(engine, repeat, jars.get(engine), classpaths.get(engine), nimbusPort, s, out));
        }
        for (int i = 0; i < subs.size(); i++) {
            subs.set(i, awaitFirstAck(cluster, subs.get(i), out));
        }
        out.printf("%s: warming up %d s, measuring %d s at saturation%n", names(subs), s.warmupSecs(), s.measureSecs());
        sleep(s.warmupSecs() * 1000L);
        long t1 = System.currentTimeMillis();
        sleep(s.measureSecs() * 1000L);
        long t2 = System.currentTimeMillis();
        long t3 = 0;
        long t4 = 0;
        if (s.rate() > 0) {
            // The workers read the pace once a second; the settling time also drains what saturation left pending.
            for (Submission sub : subs) {
                Pace.write(sub.reports(), s.rate());
            }
            out.printf("%s: paced at %d trees/s each; settling %d s, measuring %d s%n", names(subs), s.rate(),
                    s.pacedWarmupSecs(), s.pacedMeasureSecs());
            sleep(s.pacedWarmupSecs() * 1000L);
            t3 = System.currentTimeMillis();
            sleep(s.pacedMeasureSecs() * 1000L);
            t4 = System.currentTimeMillis();
        }
        sleep(1500); // the reports of the last second
        List<Result> results = new ArrayList<>();
        for (Submission sub : subs) {
            List<Line> lines = read(sub.reports());
            Phase paced = s.rate() > 0 ? measure(lines, t3, t4) : null;
            Result r = new Result(sub.engine(), repeat, measure(lines, t1, t2), paced, failed(lines),
                    sub.submitToFirstAckSecs(), byWorker(lines).size());
            out.printf("%s: %d workers, %.0f trees/s at saturation%s%n", sub.name(), r.workers(), r.saturated().treesPerSec(),
                    paced == null ? "" : String.format(", at %d/s: %.0f/s achieved%s, p99 %.2f ms", s.rate(),
                            paced.treesPerSec(), reached(paced, s.rate()) ? "" : " (the rate was NOT reached)", paced.p99Ms()));
            results.add(r);
        }
        cluster.kill(subs.stream().map(Submission::name).toList(), Duration.ofMinutes(2));
        return results;
    }

    private static String names(List<Submission> subs) {
        return String.join(" and ", subs.stream().map(Submission::name).toList());
    }

    /** Submits from a child JVM on the engine's class path. */
    private static Submission submit(String engine, int repeat, Path jar, String classpath, int nimbusPort, Settings s,
                                     PrintStream out) throws Exception {
        String name = "wordcount-" + engine + "-" + repeat;
        Path reports = s.out().resolve(name);
        Files.createDirectories(reports);
        out.printf("%s: submitting (%s)%n", name, engine.equals("gale") ? "Gale's API through gale-storm" : "Storm's API");
        long submitMs = System.currentTimeMillis();
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Dstorm.jar=" + jar, "-cp", classpath, ClusterWordCount.class.getName(), name, reports.toString(),
                Integer.toString(nimbusPort), Integer.toString(s.maxPending()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(reports.resolve("submit.log").toFile()).start();
        if (!p.waitFor(2, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException(name + ": the submitting JVM failed, see " + reports.resolve("submit.log"));
        }
        return new Submission(engine, repeat, name, reports, submitMs, Double.NaN);
    }

    /** Waits for the submitted topology's first ack. */
    private static Submission awaitFirstAck(StormProcessCluster cluster, Submission sub, PrintStream out) throws IOException {
        String name = sub.name();
        Path reports = sub.reports();
        long firstAck = 0;
        long deadline = System.currentTimeMillis() + 180_000;
        while (firstAck == 0) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException(name + ": no ack within 3 minutes; logs in " + cluster.home());
            }
            sleep(250);
            firstAck = read(reports).stream().mapToLong(Line::firstAckMs).filter(t -> t > 0).min().orElse(0);
        }
        double toFirstAck = (firstAck - sub.submitMs()) / 1000.0;
        out.printf("%s: first ack %.1f s after submit%n", name, toFirstAck);
        return new Submission(sub.engine(), sub.repeat(), name, reports, sub.submitMs(), toFirstAck);
    }

    record Line(String worker, long wallMs, long acked, long failed, long firstAckMs, String histogram) {
    }

    private static List<Line> read(Path dir) throws IOException {
        List<Line> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "report-*.txt")) {
            for (Path f : files) {
                for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    String[] w = l.split(" ");
                    if (w.length == 5) {
                        out.add(new Line(f.getFileName().toString(), Long.parseLong(w[0]), Long.parseLong(w[1]),
                                Long.parseLong(w[2]), Long.parseLong(w[3]), w[4]));
                    }
                }
            }
        }
        return out;
    }

    /** Trees/s per worker over its reports between t1 and t2, summed; latencies of the seconds in between, merged. */
    static Phase measure(List<Line> lines, long t1, long t2) {
        double rate = 0;
        Histogram all = new Histogram(3);
        for (List<Line> w : byWorker(lines).values()) {
            Line before = null;
            Line last = null;
            for (Line l : w) {
                if (l.wallMs() <= t1) {
                    before = l;
                } else if (l.wallMs() <= t2) {
                    last = l;
                    all.add(decode(l));
                }
            }
            if (before != null && last != null) {
                rate += (last.acked() - before.acked()) * 1000.0 / (last.wallMs() - before.wallMs());
            }
        }
        return new Phase(rate, all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6,
                all.getValueAtPercentile(99.9) / 1e6);
    }

    /** Trees failed so far, over every worker's last report. */
    static long failed(List<Line> lines) {
        long failed = 0;
        for (List<Line> w : byWorker(lines).values()) {
            failed += w.get(w.size() - 1).failed();
        }
        return failed;
    }

    private static Map<String, List<Line>> byWorker(List<Line> lines) {
        Map<String, List<Line>> byWorker = new LinkedHashMap<>();
        for (Line l : lines) {
            byWorker.computeIfAbsent(l.worker(), k -> new ArrayList<>()).add(l);
        }
        return byWorker;
    }

    private static Histogram decode(Line l) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(l.histogram())), 0);
        } catch (DataFormatException e) {
            throw new IllegalStateException("a corrupt latency histogram in " + l.worker() + " at " + l.wallMs(), e);
        }
    }

    static String table(List<Result> results, Duration start, long peakRss, Settings s) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%nReliable word count on a Storm 2.8.3 cluster (ZooKeeper, Nimbus, 1 Supervisor, 2 workers"
                + " of %d MB heap), max spout pending %d per spout task%n", s.workerHeapMb(), s.maxPending()));
        sb.append(String.format("saturated: warm-up %d s, measured %d s", s.warmupSecs(), s.measureSecs()));
        if (s.rate() > 0) {
            sb.append(String.format("; then paced at %d trees/s: settling %d s, measured %d s", s.rate(), s.pacedWarmupSecs(),
                    s.pacedMeasureSecs()));
        }
        sb.append(String.format("; rounds alternate the order, first %s%n", s.order()));
        if (s.control()) {
            sb.append(String.format("A/A CONTROL: the side labelled gale runs Storm's API too (the same jar as the storm side)%n"));
        }
        if (s.together()) {
            sb.append(String.format("both sides at once in each round (4 worker slots): submitted one after the other, then"
                    + " measured over the same windows, each paced at the rate on its own%n"));
        }
        sb.append(String.format("%-6s %3s %7s %12s %9s %9s %9s %12s %9s %9s %9s %7s %14s%n", "engine", "run", "workers",
                "sat trees/s", "p50 ms", "p99 ms", "p99.9 ms", "paced /s", "p50 ms", "p99 ms", "p99.9 ms", "failed",
                "submit->ack s"));
        for (Result r : results) {
            Phase a = r.saturated();
            Phase p = r.paced() == null ? new Phase(Double.NaN, Double.NaN, Double.NaN, Double.NaN) : r.paced();
            sb.append(String.format("%-6s %3d %7d %12.0f %9.2f %9.2f %9.2f %12.0f %9.2f %9.2f %9.2f %7d %14.1f%n", r.engine(),
                    r.repeat(), r.workers(), a.treesPerSec(), a.p50Ms(), a.p99Ms(), a.p999Ms(), p.treesPerSec(), p.p50Ms(), p.p99Ms(),
                    p.p999Ms(), r.failed(), r.submitToFirstAckSecs()));
        }
        sb.append(rounds(results, s));
        sb.append(String.format("cluster start: %.1f s; peak RSS of the whole cluster: %d MB%n", start.toMillis() / 1000.0,
                peakRss >> 20));
        sb.append(NetworkIsolation.describe()).append('\n');
        return sb.toString();
    }

    /** One round's comparison: Gale's side over Storm's. */
    record Round(int round, String first, double ratio, double p99DiffMs, boolean rateReached) {
    }

    /** The per-round ratio table and its summary (medians, spread, rounds meeting each goal). */
    static String rounds(List<Result> results, Settings s) {
        List<Round> rounds = new ArrayList<>();
        for (int r = 1; r <= s.repeats(); r++) {
            Result gale = find(results, "gale", r);
            Result storm = find(results, "storm", r);
            if (gale == null || storm == null) {
                continue;
            }
            double ratio = gale.saturated().treesPerSec() / storm.saturated().treesPerSec();
            double diff = Double.NaN;
            boolean reached = false;
            if (gale.paced() != null && storm.paced() != null) {
                diff = gale.paced().p99Ms() - storm.paced().p99Ms();
                reached = reached(gale.paced(), s.rate()) && reached(storm.paced(), s.rate());
            }
            rounds.add(new Round(r, orderOf(s.order(), r).get(0), ratio, diff, reached));
        }
        StringBuilder sb = new StringBuilder();
        boolean paced = s.rate() > 0;
        sb.append(String.format("%nper round, Gale through gale-storm against Storm's API%n"));
        sb.append(String.format("%5s %6s %18s %26s %13s%n", "round", "first", "Gale/Storm trees/s",
                paced ? "p99 at " + s.rate() + "/s, Gale-Storm" : "p99 (no paced phase)", "rate reached"));
        for (Round r : rounds) {
            sb.append(String.format("%5d %6s %18.3f %23s ms %13s%n", r.round(), r.first(), r.ratio(),
                    paced ? String.format("%+.2f", r.p99DiffMs()) : "-", paced ? (r.rateReached() ? "yes" : "NO") : "-"));
        }
        if (rounds.isEmpty()) {
            return sb.toString();
        }
        double[] ratios = rounds.stream().mapToDouble(Round::ratio).sorted().toArray();
        long ratioMet = rounds.stream().filter(r -> r.ratio() >= GOAL_RATIO).count();
        sb.append(String.format("trees/s: median Gale/Storm %.3f (adapter cost %.1f%%, goal < 10%%), spread %.3f to %.3f;"
                + " %d of %d rounds within 10%%%n", median(ratios), 100 * (1 - median(ratios)), ratios[0],
                ratios[ratios.length - 1], ratioMet, rounds.size()));
        if (paced) {
            List<Round> reached = rounds.stream().filter(Round::rateReached).toList();
            if (reached.isEmpty()) {
                sb.append(String.format("p99 at %d/s: the rate was not reached in any round (achieved under %.0f%% of it on a"
                        + " side): no latency comparison; try a lower --rate%n", s.rate(), 100 * RATE_REACHED));
            } else {
                double[] diffs = reached.stream().mapToDouble(Round::p99DiffMs).sorted().toArray();
                long diffMet = reached.stream().filter(r -> r.p99DiffMs() < GOAL_P99_MS).count();
                sb.append(String.format("p99 at %d/s: median Gale-Storm %+.2f ms (goal < 1 ms), spread %+.2f to %+.2f ms;"
                        + " %d of %d rounds under 1 ms", s.rate(), median(diffs), diffs[0], diffs[diffs.length - 1], diffMet,
                        reached.size()));
                if (reached.size() < rounds.size()) {
                    sb.append(String.format(" (%d rounds left out: the rate was not reached)", rounds.size() - reached.size()));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static boolean reached(Phase p, int rate) {
        return p.treesPerSec() >= RATE_REACHED * rate;
    }

    private static Result find(List<Result> results, String engine, int round) {
        return results.stream().filter(r -> r.engine().equals(engine) && r.repeat() == round).findFirst().orElse(null);
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms); // measurement windows of the wall clock
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static Settings parse(String[] args) {
        int warmup = 20;
        int measure = 40;
        int rate = 5000;
        int pacedWarmup = 5;
        Integer pacedMeasure = null;
        int repeats = 1;
        int maxPending = 1000;
        int heap = 1024;
        String order = "storm,gale";
        boolean together = false;
        boolean control = false;
        Path out = Path.of("target/bench-results/storm-cluster-" + System.currentTimeMillis());
        String stormCp = null;
        Path stormClasses = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--warmup" -> {
                    warmup = Integer.parseInt(v);
                    i++;
                }
                case "--measure" -> {
                    measure = Integer.parseInt(v);
                    i++;
                }
                case "--rate" -> {
                    rate = Integer.parseInt(v);
                    i++;
                }
                case "--paced-warmup" -> {
                    pacedWarmup = Integer.parseInt(v);
                    i++;
                }
                case "--paced-measure" -> {
                    pacedMeasure = Integer.parseInt(v);
                    i++;
                }
                case "--repeats" -> {
                    repeats = Integer.parseInt(v);
                    i++;
                }
                case "--max-pending" -> {
                    maxPending = Integer.parseInt(v);
                    i++;
                }
                case "--worker-heap-mb" -> {
                    heap = Integer.parseInt(v);
                    i++;
                }
                case "--together" -> together = true;
                case "--control" -> control = true;
                case "--order" -> {
                    order = v;
                    i++;
                }
                case "--out" -> {
                    out = Path.of(v);
                    i++;
                }
                case "--storm-classpath" -> {
                    stormCp = v;
                    i++;
                }
                case "--storm-classes" -> {
                    stormClasses = Path.of(v);
                    i++;
                }
                default -> throw new IllegalArgumentException("unknown option " + a + " (see bench/compare-storm-cluster.sh --help)");
            }
        }
        if (stormCp == null || stormClasses == null) {
            throw new IllegalArgumentException("--storm-classpath and --storm-classes are required (the ported topology,"
                    + " built by gale-benchmarks-storm with -Pstorm): use bench/compare-storm-cluster.sh");
        }
        if (rate < 0 || repeats < 1 || !(order.equals("storm,gale") || order.equals("gale,storm"))) {
            throw new IllegalArgumentException("--rate must be 0 or more, --repeats 1 or more, --order storm,gale or"
                    + " gale,storm; got " + rate + ", " + repeats + ", " + order);
        }
        return new Settings(warmup, measure, rate, pacedWarmup, pacedMeasure == null ? measure : pacedMeasure, repeats,
                maxPending, order, out.toAbsolutePath(), stormCp, stormClasses, heap, together, control);
    }
}
