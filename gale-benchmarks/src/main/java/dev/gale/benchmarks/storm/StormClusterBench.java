package dev.gale.benchmarks.storm;

import dev.gale.benchmarks.compare.ClusterWordCount;
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
 * Storm's API (gale-benchmarks-storm). For each: trees/s and complete latency (p50, p99, p99.9)
 * over the measured window after a warm-up, and the time from submit to the first ack; for the
 * cluster: its start time and the peak resident memory of all its processes together. Submits
 * from child JVMs (the same {@code main}, each on its own class path). Runs itself inside a
 * private network namespace when the machine allows (the cluster binds the wildcard address).
 * Prints a table and writes it to the output directory. See bench/compare-storm-cluster.sh.
 */
public final class StormClusterBench {
    private StormClusterBench() {
    }

    record Settings(int warmupSecs, int measureSecs, int repeats, int maxPending, String order, Path out,
                    String stormClasspath, Path stormClasses, int workerHeapMb) {
    }

    record Result(String engine, int repeat, double treesPerSec, double p50Ms, double p99Ms, double p999Ms,
                  long failed, double submitToFirstAckSecs) {
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
                .workerHeapMb(s.workerHeapMb()).workerJvmOptions("-XX:+UseG1GC").keepFiles(true).log(out).start()) {
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
            for (int r = 1; r <= s.repeats(); r++) {
                for (String engine : s.order().split(",")) {
                    boolean gale = engine.equals("gale");
                    results.add(runOne(cluster, s, engine, r, gale ? galeJar : stormJar,
                            gale ? System.getProperty("java.class.path") : s.stormClasspath(), nimbusPort, out));
                }
            }
            sampling.set(false);
        }
        String table = table(results, start, peakRss.get(), s);
        out.print(table);
        Files.writeString(s.out().resolve("table.txt"), table, StandardCharsets.UTF_8);
        return 0;
    }

    private static Result runOne(StormProcessCluster cluster, Settings s, String engine, int repeat, Path jar,
                                 String classpath, int nimbusPort, PrintStream out) throws Exception {
        cluster.awaitIdle(Duration.ofMinutes(2));
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
        long firstAck = 0;
        long deadline = System.currentTimeMillis() + 180_000;
        while (firstAck == 0) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException(name + ": no ack within 3 minutes; logs in " + cluster.home());
            }
            sleep(250);
            firstAck = read(reports).stream().mapToLong(Line::firstAckMs).filter(t -> t > 0).min().orElse(0);
        }
        double toFirstAck = (firstAck - submitMs) / 1000.0;
        out.printf("%s: first ack %.1f s after submit; warming up %d s, measuring %d s%n", name, toFirstAck,
                s.warmupSecs(), s.measureSecs());
        sleep(s.warmupSecs() * 1000L);
        long t1 = System.currentTimeMillis();
        sleep(s.measureSecs() * 1000L);
        long t2 = System.currentTimeMillis();
        sleep(1500); // the reports of the last second
        Result r = measure(engine, repeat, read(reports), t1, t2, toFirstAck);
        out.printf("%s: %.0f trees/s, p99 %.2f ms%n", name, r.treesPerSec(), r.p99Ms());
        cluster.kill(name, Duration.ofMinutes(2));
        return r;
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
    static Result measure(String engine, int repeat, List<Line> lines, long t1, long t2, double toFirstAck) {
        Map<String, List<Line>> byWorker = new LinkedHashMap<>();
        for (Line l : lines) {
            byWorker.computeIfAbsent(l.worker(), k -> new ArrayList<>()).add(l);
        }
        double rate = 0;
        long failed = 0;
        Histogram all = new Histogram(3);
        for (List<Line> w : byWorker.values()) {
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
            if (!w.isEmpty()) {
                failed += w.get(w.size() - 1).failed();
            }
        }
        return new Result(engine, repeat, rate, all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6,
                all.getValueAtPercentile(99.9) / 1e6, failed, toFirstAck);
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
                + " of %d MB heap), max spout pending %d per spout task, warm-up %d s, measured %d s%n",
                s.workerHeapMb(), s.maxPending(), s.warmupSecs(), s.measureSecs()));
        sb.append(String.format("%-6s %3s %12s %9s %9s %9s %7s %16s%n", "engine", "run", "trees/s", "p50 ms", "p99 ms",
                "p99.9 ms", "failed", "submit->ack s"));
        for (Result r : results) {
            sb.append(String.format("%-6s %3d %12.0f %9.2f %9.2f %9.2f %7d %16.1f%n", r.engine(), r.repeat(), r.treesPerSec(),
                    r.p50Ms(), r.p99Ms(), r.p999Ms(), r.failed(), r.submitToFirstAckSecs()));
        }
        double gale = results.stream().filter(r -> r.engine().equals("gale")).mapToDouble(Result::treesPerSec).average()
                .orElse(Double.NaN);
        double storm = results.stream().filter(r -> r.engine().equals("storm")).mapToDouble(Result::treesPerSec).average()
                .orElse(Double.NaN);
        double galeP99 = results.stream().filter(r -> r.engine().equals("gale")).mapToDouble(Result::p99Ms).average()
                .orElse(Double.NaN);
        double stormP99 = results.stream().filter(r -> r.engine().equals("storm")).mapToDouble(Result::p99Ms).average()
                .orElse(Double.NaN);
        sb.append(String.format("adapter cost: %.1f%% of trees/s (goal < 10%%), %+.2f ms at p99 (goal < 1 ms)%n",
                100 * (1 - gale / storm), galeP99 - stormP99));
        sb.append(String.format("cluster start: %.1f s; peak RSS of the whole cluster: %d MB%n", start.toMillis() / 1000.0,
                peakRss >> 20));
        sb.append(NetworkIsolation.describe()).append('\n');
        return sb.toString();
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
        int repeats = 1;
        int maxPending = 1000;
        int heap = 1024;
        String order = "gale,storm";
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
        return new Settings(warmup, measure, repeats, maxPending, order, out.toAbsolutePath(), stormCp, stormClasses, heap);
    }
}
