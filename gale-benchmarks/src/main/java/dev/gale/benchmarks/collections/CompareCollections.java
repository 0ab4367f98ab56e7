package dev.gale.benchmarks.collections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs the collections comparison (JMH with the GC profiler, then JOL footprints) and prints one
 * table: ns and bytes allocated per life cycle, retained bytes per entry, and the ratios against
 * the reference each Gale collection replaces. Raw JMH JSON and a summary JSON go to the output
 * directory.
 *
 * <p>Usage: {@code CompareCollections [--quick] [--forks N] [--sizes 65536,1048576] [--only REGEX]
 * [--out DIR]}. {@code --quick} runs one fork of short iterations, for development on a busy
 * machine; without it each benchmark runs in 2 forks (JVM runs differ more than iterations do on a
 * shared machine) and the run takes about fifteen minutes. Times are the median over every
 * measured iteration of every fork, with the lowest and highest as the spread; speed-ups are
 * ratios of medians.
 */
public final class CompareCollections {

    /** One row: a family, an implementation, a size. */
    private static final class Row {
        final String family;
        final String impl;
        final int live;
        double ns = Double.NaN;
        double nsMin = Double.NaN;
        double nsMax = Double.NaN;
        double allocBytes = Double.NaN;
        double retainedBytes = Double.NaN;

        Row(String family, String impl, int live) {
            this.family = family;
            this.impl = impl;
            this.live = live;
        }
    }

    private CompareCollections() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        boolean quick = false;
        int forks = 2;
        String sizes = "65536,1048576";
        String only = null;
        Path out = Path.of("gale-benchmarks/target/collections");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick":
                    quick = true;
                    break;
                case "--forks":
                    forks = Integer.parseInt(args[++i]);
                    break;
                case "--sizes":
                    sizes = args[++i];
                    break;
                case "--only":
                    only = args[++i];
                    break;
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                default:
                    throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Files.createDirectories(out);
        Path jmhJson = out.resolve("jmh.json");

        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(only != null ? only : CompareCollections.class.getPackageName() + ".*Bench")
                .param("live", sizes.split(","))
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(jmhJson.toString())
                .forks(quick ? 1 : forks);
        if (quick) {
            options.warmupIterations(2).measurementIterations(3)
                    .warmupTime(TimeValue.seconds(1)).measurementTime(TimeValue.seconds(1));
        } else {
            options.warmupIterations(3).measurementIterations(5)
                    .warmupTime(TimeValue.seconds(2)).measurementTime(TimeValue.seconds(2));
        }
        Collection<RunResult> results = new Runner(options.build()).run();

        Map<String, Row> rows = new LinkedHashMap<>();
        for (RunResult r : results) {
            String bench = r.getParams().getBenchmark();
            String family = family(bench.substring(bench.lastIndexOf('.', bench.lastIndexOf('.') - 1) + 1,
                    bench.lastIndexOf('.')));
            String impl = r.getParams().getParam("impl");
            if (impl == null) {
                impl = "gale";
            }
            int live = Integer.parseInt(r.getParams().getParam("live"));
            Row row = new Row(family, impl, live);
            Statistics stats = r.getPrimaryResult().getStatistics();
            row.ns = stats.getPercentile(50);
            row.nsMin = stats.getMin();
            row.nsMax = stats.getMax();
            Result alloc = r.getSecondaryResults().get("·gc.alloc.rate.norm");
            if (alloc == null) {
                alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
            }
            if (alloc != null) {
                row.allocBytes = alloc.getScore();
            }
            rows.put(key(family, impl, live), row);
        }

        for (Row row : rows.values()) {
            String what = row.family + "/" + row.impl + "/" + row.live;
            switch (row.family) {
                case "RotatingMap":
                    row.retainedBytes = Footprint.safely(what, () -> Footprint.rotatingMap(row.impl, row.live));
                    break;
                case "PendingTrees":
                    row.retainedBytes = Footprint.safely(what, () -> Footprint.pendingTrees(row.live));
                    break;
                case "ExpiryQueue":
                    row.retainedBytes = Footprint.safely(what, () -> Footprint.expiryQueue(row.impl, row.live));
                    break;
                case "TimeCacheMap":
                    row.retainedBytes = Footprint.safely(what, () -> Footprint.timeCacheMap(row.impl, row.live));
                    break;
                default:
                    break;
            }
        }

        String load = loadAverage();
        StringBuilder table = new StringBuilder();
        table.append(String.format(Locale.ROOT, "load average after the run: %s%n", load));
        table.append(String.format(Locale.ROOT, "%-13s %-10s %8s %22s %10s %10s %9s %9s%n",
                "family", "impl", "live", "ns/lifecycle [min-max]", "B alloc", "B/entry", "speed-up", "mem ratio"));
        List<Map<String, Object>> json = new ArrayList<>();
        for (Row row : rows.values()) {
            Row ref = rows.get(key(reference(row.family), referenceImpl(row.family), row.live));
            double speedUp = ref == null ? Double.NaN : ref.ns / row.ns;
            double memRatio = ref == null ? Double.NaN : row.retainedBytes / ref.retainedBytes;
            table.append(String.format(Locale.ROOT, "%-13s %-10s %8d %7.0f [%5.0f-%5.0f]  %10.1f %10.1f %8.2fx %9.2f%n",
                    row.family, row.impl, row.live, row.ns, row.nsMin, row.nsMax, row.allocBytes, row.retainedBytes,
                    speedUp, memRatio));
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("family", row.family);
            o.put("impl", row.impl);
            o.put("live", row.live);
            o.put("nsPerLifecycleMedian", row.ns);
            o.put("nsPerLifecycleMin", row.nsMin);
            o.put("nsPerLifecycleMax", row.nsMax);
            o.put("bytesAllocatedPerLifecycle", row.allocBytes);
            o.put("retainedBytesPerEntryExcludingKeysAndValues", row.retainedBytes);
            o.put("reference", ref == null ? null : reference(row.family) + "/" + referenceImpl(row.family));
            o.put("speedUpVsReference", speedUp);
            o.put("retainedRatioVsReference", memRatio);
            json.add(o);
        }
        table.append("speed-up = reference median / this median; mem ratio = this B/entry / reference B/entry.\n");
        table.append("References: RotatingMap and PendingTrees vs storm, ExpiryQueue vs zookeeper, "
                + "TimeCacheMap vs caffeine. B/entry excludes the key and value objects.\n");
        System.out.print(table);
        Files.writeString(out.resolve("table.txt"), table);
        Files.writeString(out.resolve("summary.json"), toJson(load, json));
        System.out.println("raw JMH results: " + jmhJson + "; summary: " + out.resolve("summary.json"));
    }

    private static String family(String benchClass) {
        return benchClass.replace("Bench", "");
    }

    private static String key(String family, String impl, int live) {
        return family + "/" + impl + "/" + live;
    }

    private static String reference(String family) {
        return family.equals("PendingTrees") ? "RotatingMap" : family;
    }

    private static String referenceImpl(String family) {
        switch (family) {
            case "RotatingMap":
            case "PendingTrees":
                return "storm";
            case "ExpiryQueue":
                return "zookeeper";
            default:
                return "caffeine";
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String toJson(String load, List<Map<String, Object>> rows) {
        StringBuilder sb = new StringBuilder("{\n  \"loadAverageAfter\": \"").append(load).append("\",\n  \"rows\": [\n");
        for (int i = 0; i < rows.size(); i++) {
            sb.append("    {");
            int j = 0;
            for (Map.Entry<String, Object> e : rows.get(i).entrySet()) {
                sb.append(j++ == 0 ? "" : ", ").append('"').append(e.getKey()).append("\": ");
                Object v = e.getValue();
                if (v == null || (v instanceof Double && ((Double) v).isNaN())) {
                    sb.append("null");
                } else if (v instanceof Number) {
                    sb.append(v);
                } else {
                    sb.append('"').append(v).append('"');
                }
            }
            sb.append(i + 1 < rows.size() ? "},\n" : "}\n");
        }
        return sb.append("  ]\n}\n").toString();
    }
}
