package dev.gale.benchmarks.topology;

import dev.gale.benchmarks.compare.TopologyRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the side-by-side comparison of Gale, Apache Storm and Apache Flink: every scenario each engine
 * has ({@link TopologyRun} for Gale and Storm, {@code FlinkRun} of gale-benchmarks-flink for Flink), in
 * a child JVM of its own (same JVM flags for all), a few times, interleaved so that a noisy machine
 * hurts every engine alike. Prints one table (median and min-max per engine, Gale's advantage over
 * each peer, and what each engine guarantees) and the targets, and writes every raw result as
 * JSON. This class never loads a peer: it gets the child classpaths as arguments
 * ({@code bench/compare-topologies.sh} builds them).
 */
public final class CompareTopologies {
    private static final List<String> ALL_SCENARIOS = List.of("ack-1000", "ack-5000", "noack", "wordcount", "wide",
            "idle", "pass-through-chained", "pass-through-unfused", "window-count", "window-time", "state-memory",
            "state-redis", "state-rocksdb", "ack-1000-traced", "ack-1000-bridged", "wordcount-python");
    /** Gale's sampled tree tracing (issue 35): ack-1000 with one tree in 1000 traced; run when asked for. */
    private static final List<String> TRACED = List.of("ack-1000-traced");
    /** Storm's API through gale-storm-bridge (issue 49): ack-1000 with Storm-API bolts; run when asked for. */
    private static final List<String> BRIDGED = List.of("ack-1000-bridged");
    /** Storm's windowing (issue 30): a sliding count window and a sliding time window, acked. */
    private static final List<String> WINDOWS = List.of("window-count", "window-time");
    /** Stateful word counts (issue 31): checkpointed state in memory, in Redis, in RocksDB (Gale only). */
    private static final List<String> STATE = List.of("state-memory", "state-redis", "state-rocksdb");
    /** The word count with a Python splitter (multilang): needs python3, so it runs when asked for. */
    private static final List<String> MULTILANG = List.of("wordcount-python");
    private static final List<String> ENGINES = List.of("gale", "storm", "flink");
    private static final List<String> STORM_SHAPED = List.of("ack-1000", "ack-5000", "noack", "wordcount", "wide",
            "idle", "window-count", "window-time");
    /** The scenarios each engine runs; the others are skipped for it (a "-" in the table). */
    private static final Map<String, List<String>> SCENARIOS_OF = Map.of(
            "gale", concat(concat(concat(concat(STORM_SHAPED, STATE), TRACED), BRIDGED), MULTILANG),
            "storm", concat(concat(STORM_SHAPED, List.of("state-memory", "state-redis")), MULTILANG),
            "flink", List.of("wordcount", "pass-through-chained", "pass-through-unfused"));
    /** The child's main class per engine; both Storm-shaped engines run the same (ported) TopologyRun. */
    private static final Map<String, String> MAIN_OF = Map.of(
            "gale", TopologyRun.class.getName(),
            "storm", TopologyRun.class.getName(),
            "flink", "dev.gale.benchmarks.flink.FlinkRun");
    private static final Map<String, String> NAME_OF = Map.of("gale", "Gale", "storm", "Storm", "flink", "Flink");
    /** What a completed tree (or record) means on each engine: printed under the table. */
    private static final Map<String, String> GUARANTEE_OF = Map.of(
            "gale", "per-tuple acking: every tree confirmed (or failed and replayed) on its own",
            "storm", "per-tuple acking: every tree confirmed (or failed and replayed) on its own",
            "flink", "at-least-once checkpoints every 1 s (hashmap state backend): nothing confirmed per record;"
                    + " a failure replays from the last completed checkpoint");

    private CompareTopologies() {
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    /** A table row: a metric of the child's RESULT line and which way is better. */
    private record Metric(String key, String label, int better) {
        static final int HIGHER = 1;
        static final int LOWER = -1;
        static final int NEITHER = 0;
    }

    private static final List<Metric> METRICS = List.of(
            new Metric("acked_per_s", "acked trees/s", Metric.HIGHER),
            new Metric("confirmed_per_s", "confirmed by checkpoint /s", Metric.HIGHER),
            new Metric("sink_per_s", "tuples/s at last bolt", Metric.HIGHER),
            new Metric("lat_mean_ms", "complete latency mean (ms)", Metric.LOWER),
            new Metric("lat_p50_ms", "complete latency p50 (ms)", Metric.LOWER),
            new Metric("lat_p99_ms", "complete latency p99 (ms)", Metric.LOWER),
            new Metric("lat_p999_ms", "complete latency p99.9 (ms)", Metric.LOWER),
            new Metric("window_lat_p50_ms", "emit -> first window p50 (ms)", Metric.LOWER),
            new Metric("window_lat_p99_ms", "emit -> first window p99 (ms)", Metric.LOWER),
            new Metric("window_tuples", "tuples in the window", Metric.NEITHER),
            new Metric("bytes_per_windowed_tuple", "heap per windowed tuple (bytes)", Metric.LOWER),
            new Metric("checkpoint_ms_mean", "checkpoint prepare round mean (ms)", Metric.LOWER),
            new Metric("checkpoint_ms_max", "checkpoint prepare round max (ms)", Metric.LOWER),
            new Metric("state_keys", "keys in the state", Metric.NEITHER),
            new Metric("state_bytes_per_key", "state bytes per key", Metric.LOWER),
            new Metric("cpu_pct_core", "process CPU (% of one core)", Metric.LOWER),
            new Metric("cpu_pct_core_settled", "same, once the JIT is quiet (%)", Metric.LOWER),
            new Metric("cpu_cores", "process CPU (cores)", Metric.NEITHER),
            new Metric("cpu_us_per_tuple", "CPU per tree/tuple (us)", Metric.LOWER),
            new Metric("peak_rss_mb", "peak RSS (MB)", Metric.LOWER),
            new Metric("first_ms", "submit -> first ack/tuple (ms)", Metric.LOWER),
            new Metric("cluster_start_ms", "new LocalCluster() (ms)", Metric.LOWER),
            new Metric("gc_ms", "GC time in window (ms)", Metric.LOWER),
            new Metric("threads", "JVM threads", Metric.NEITHER),
            new Metric("steal_pct", "host steal, whole run (% of CPU)", Metric.NEITHER),
            new Metric("probe_us", "host probe, fixed work, median (us)", Metric.NEITHER));

    record Run(String engine, String scenario, int repeat, double wallSecs, Map<String, Object> result,
               String error, Path log) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Figures.options(args, CompareTopologies::usage);
        boolean quick = opt.containsKey("quick");
        double warmup = Double.parseDouble(opt.getOrDefault("warmup", quick ? "2" : "10"));
        double measure = Double.parseDouble(opt.getOrDefault("measure", quick ? "3" : "10"));
        int repeats = Integer.parseInt(opt.getOrDefault("repeats", quick ? "1" : "3"));
        List<String> scenarios = new ArrayList<>();
        // The windows run when asked for (bench/compare-windows.sh), not by default.
        List<String> defaults = ALL_SCENARIOS.stream()
                .filter(s -> !WINDOWS.contains(s) && !STATE.contains(s) && !TRACED.contains(s) && !BRIDGED.contains(s)
                        && !MULTILANG.contains(s))
                .toList();
        for (String s : opt.getOrDefault("scenarios", String.join(",", defaults)).split(",")) {
            if (s.equals("pass-through")) {
                scenarios.addAll(List.of("pass-through-chained", "pass-through-unfused"));
            } else if (!ALL_SCENARIOS.contains(s)) {
                usage("unknown scenario '" + s + "'");
            } else {
                scenarios.add(s);
            }
        }
        String jvmOpts = opt.getOrDefault("jvm-opts", "-Xms1g -Xmx1g -XX:+UseG1GC");
        Map<String, String> classpaths = Map.of("gale", opt.getOrDefault("gale-cp", ""),
                "storm", opt.getOrDefault("storm-cp", ""), "flink", opt.getOrDefault("flink-cp", ""));
        // Default: every engine whose classpath was given (Flink's only when its module was built).
        String defaultEngines = String.join(",", ENGINES.stream().filter(e -> !classpaths.get(e).isEmpty()).toList());
        List<String> engines = List.of(opt.getOrDefault("engines", defaultEngines).split(","));
        for (String e : engines) {
            if (!ENGINES.contains(e)) {
                usage("unknown engine '" + e + "'");
            }
            if (classpaths.get(e).isEmpty()) {
                usage("--" + e + "-cp is needed");
            }
        }
        Path out = Path.of(opt.getOrDefault("out", "target/bench-results/compare-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
        Files.createDirectories(out.resolve("logs"));

        String loadBefore = Figures.loadAverage();
        String started = LocalDateTime.now().toString();
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("storm", version(classpaths.get("storm"), "storm-server"));
        versions.put("flink", version(classpaths.get("flink"), "flink-streaming-java"));
        System.err.printf(Locale.ROOT, "comparing %s on %s; warm-up %.0f s, measure %.0f s, %d repeat(s); JVM %s;"
                        + " load average before: %s%n", engines, scenarios, warmup, measure, repeats, jvmOpts,
                loadBefore);

        List<Run> runs = new ArrayList<>();
        int total = 0;
        for (String scenario : scenarios) {
            for (String engine : engines) {
                total += SCENARIOS_OF.get(engine).contains(scenario) ? repeats : 0;
            }
        }
        try (HostProbe probe = HostProbe.start()) {
            for (int rep = 1; rep <= repeats; rep++) {
                for (String scenario : scenarios) {
                    List<String> order = new ArrayList<>(engines);
                    Collections.rotate(order, rep - 1); // each engine goes first in turn
                    for (String engine : order) {
                        if (!SCENARIOS_OF.get(engine).contains(scenario)) {
                            continue;
                        }
                        Run r = runChild(engine, classpaths.get(engine), jvmOpts, scenario, rep, warmup, measure, out,
                                probe);
                        runs.add(r);
                        System.err.printf(Locale.ROOT, "[%d/%d] %-5s %-20s #%d  %s  (%.0f s%s)%n", runs.size(), total,
                                engine, scenario, rep, r.error != null ? "FAILED: " + r.error : brief(r.result),
                                r.wallSecs, hostNote(r.result));
                    }
                }
            }
        }
        String loadAfter = Figures.loadAverage();

        StringBuilder table = new StringBuilder();
        List<Map<String, Object>> summary = new ArrayList<>();
        // Columns only for the engines that ran something (Flink has none in, say, --scenarios wide).
        List<String> ran = engines.stream().filter(e -> runs.stream().anyMatch(r -> r.engine.equals(e))).toList();
        renderTable(table, summary, runs, scenarios, ran);
        List<String> targets = targets(runs);
        table.append('\n').append("Targets (issue 11; steadiness and placement: issue 29; windows: issue 30):\n");
        targets.forEach(t -> table.append("  ").append(t).append('\n'));
        table.append(String.format(Locale.ROOT,
                "%nmedian (min-max) of %d run(s) per cell; warm-up %.0f s after the first completed tuple, then %.0f s"
                        + " measured; JVM %s; Storm %s; Flink %s; load average before %s, after %s%n",
                repeats, warmup, measure, jvmOpts, versions.get("storm"), versions.get("flink"), loadBefore,
                loadAfter));
        System.out.print(table);

        Path json = out.resolve("results.json");
        Files.writeString(json, json(started, loadBefore, loadAfter, warmup, measure, repeats, jvmOpts, versions,
                runs, summary, targets), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("table.txt"), table, StandardCharsets.UTF_8);
        System.out.println("raw results: " + json + "  (child logs in " + out.resolve("logs") + ")");
    }

    private static Run runChild(String engine, String cp, String jvmOpts, String scenario, int rep,
                                double warmup, double measure, Path out, HostProbe probe)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(jvmOpts.trim().split("\\s+")));
        cmd.add("-cp");
        cmd.add(cp);
        cmd.add(MAIN_OF.get(engine));
        cmd.add(scenario);
        cmd.add(Double.toString(warmup));
        cmd.add(Double.toString(measure));
        Path log = out.resolve("logs").resolve(engine + "-" + scenario + "-" + rep + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        long t0 = System.nanoTime();
        HostSteal stealBefore = HostSteal.now();
        int probeMark = probe.mark();
        Process p = pb.start();
        long limitSecs = (long) (warmup + measure) + 180;
        String error = null;
        if (!p.waitFor(limitSecs, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            error = "no result within " + limitSecs + " s";
        } else if (p.exitValue() != 0) {
            error = "exit code " + p.exitValue();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        HostSteal stealAfter = HostSteal.now();
        Map<String, Object> result = null;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith(TopologyRun.RESULT_PREFIX)) {
                result = parseResult(line.substring(TopologyRun.RESULT_PREFIX.length()));
            }
        }
        double steal = stealAfter == null ? Double.NaN : stealAfter.percentSince(stealBefore);
        if (result != null && !Double.isNaN(steal)) {
            result.put("steal_pct", steal);
        }
        double probeMicros = probe.medianMicrosSince(probeMark);
        if (result != null && !Double.isNaN(probeMicros)) {
            result.put("probe_us", probeMicros);
        }
        if (result == null && error == null) {
            error = "no RESULT line";
        }
        if (error != null) {
            error += " (see " + log + ")";
        }
        return new Run(engine, scenario, rep, wall, result, error, log);
    }

    /** What the host did during a run, for its progress line: ", host steal 3%, probe 110 us". */
    static String hostNote(Map<String, Object> result) {
        if (result == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        if (result.containsKey("steal_pct")) {
            b.append(String.format(Locale.ROOT, ", host steal %.0f%%", d(result, "steal_pct")));
        }
        if (result.containsKey("probe_us")) {
            b.append(String.format(Locale.ROOT, ", probe %.0f us", d(result, "probe_us")));
        }
        return b.toString();
    }

    private static Map<String, Object> parseResult(String s) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String kv : s.trim().split("\\s+")) {
            int eq = kv.indexOf('=');
            String k = kv.substring(0, eq);
            String v = kv.substring(eq + 1);
            try {
                m.put(k, Double.parseDouble(v));
            } catch (NumberFormatException e) {
                m.put(k, v);
            }
        }
        return m;
    }

    private static String brief(Map<String, Object> r) {
        if (r.containsKey("cpu_pct_core") && "idle".equals(r.get("scenario"))) {
            return String.format(Locale.ROOT, "idle: %.2f%% of one core, %.2f%% once the JIT is quiet%s, peak RSS %s MB,"
                            + " %s threads", d(r, "cpu_pct_core"), d(r, "cpu_pct_core_settled"),
                    "true".equals(r.get("jit_quiet")) ? "" : " (it never was, within 30 s)",
                    Figures.num(d(r, "peak_rss_mb")), Figures.num(d(r, "threads")));
        }
        if (r.containsKey("state_keys")) {
            return String.format(Locale.ROOT, "%s sentences/s, %s words/s counted, checkpoint mean %.3g ms, %s bytes per"
                    + " key", Figures.num(d(r, "acked_per_s")), Figures.num(d(r, "sink_per_s")),
                    d(r, "checkpoint_ms_mean"), Figures.num(d(r, "state_bytes_per_key")));
        }
        if (r.containsKey("window_tuples")) {
            return String.format(Locale.ROOT, "%s windowed tuples/s, first window p99 %.3g ms, %s bytes per windowed tuple",
                    Figures.num(d(r, "acked_per_s")), d(r, "window_lat_p99_ms"), Figures.num(d(r, "bytes_per_windowed_tuple")));
        }
        boolean acking = r.containsKey("lat_p99_ms");
        if (acking && "flink".equals(r.get("engine"))) {
            return String.format(Locale.ROOT, "%s sentences/s at source, p99 to checkpoint %.3g ms, first checkpoint"
                    + " %.0f ms", Figures.num(d(r, "acked_per_s")), d(r, "lat_p99_ms"), d(r, "first_confirm_ms"));
        }
        return acking
                ? String.format(Locale.ROOT, "%s trees/s, p99 %.3g ms, first ack %.0f ms", Figures.num(d(r, "acked_per_s")),
                        d(r, "lat_p99_ms"), d(r, "first_ms"))
                : String.format(Locale.ROOT, "%s tuples/s, first tuple %.0f ms", Figures.num(d(r, "sink_per_s")),
                        d(r, "first_ms"));
    }

    private static double d(Map<String, Object> r, String k) {
        Object v = r.get(k);
        return v instanceof Double x ? x : Double.NaN;
    }

    /** Values of one metric over the successful runs of an engine and scenario, sorted. */
    private static double[] values(List<Run> runs, String engine, String scenario, String key) {
        if (key == null) {
            return new double[0];
        }
        return runs.stream()
                .filter(r -> r.engine.equals(engine) && r.scenario.equals(scenario) && r.result != null)
                .mapToDouble(r -> d(r.result, key)).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }

    /**
     * The RESULT key an engine reports a table row's metric under, or null where it has no comparable
     * figure: Flink's word count is "first ack" at its first completed checkpoint, and a Flink child's
     * cluster starts inside its submit call, so it has no LocalCluster time of its own.
     */
    private static String keyFor(String engine, String scenario, String metric) {
        if (engine.equals("flink")) {
            if (metric.equals("first_ms") && scenario.equals("wordcount")) {
                return "first_confirm_ms";
            }
            if (metric.equals("cluster_start_ms")) {
                return null;
            }
        }
        return metric;
    }

    /** Whether a metric has a row in a scenario (the others repeat a row or mean nothing there). */
    private static boolean shown(String scenario, String metric) {
        boolean idle = scenario.equals("idle");
        boolean acking = List.of("ack-1000", "ack-5000", "wordcount", "wide", "ack-1000-traced", "ack-1000-bridged").contains(scenario)
                || WINDOWS.contains(scenario) || STATE.contains(scenario) || MULTILANG.contains(scenario);
        return switch (metric) {
            case "checkpoint_ms_mean", "checkpoint_ms_max", "state_keys", "state_bytes_per_key" -> STATE.contains(scenario);
            case "acked_per_s", "lat_mean_ms", "lat_p50_ms", "lat_p99_ms", "lat_p999_ms" -> acking;
            case "window_lat_p50_ms", "window_lat_p99_ms", "window_tuples", "bytes_per_windowed_tuple" -> WINDOWS.contains(scenario);
            case "confirmed_per_s" -> scenario.equals("wordcount");
            case "sink_per_s" -> !acking && !idle || scenario.startsWith("wordcount") || STATE.contains(scenario);
            case "cpu_pct_core", "cpu_pct_core_settled" -> idle;
            case "cpu_cores", "cpu_us_per_tuple", "gc_ms" -> !idle;
            default -> true;
        };
    }

    private static String label(String scenario, Metric m) {
        boolean acking = List.of("ack-1000", "ack-5000", "wordcount", "wide", "ack-1000-traced", "ack-1000-bridged").contains(scenario)
                || WINDOWS.contains(scenario) || MULTILANG.contains(scenario);
        boolean wordcount = scenario.equals("wordcount");
        boolean idle = scenario.equals("idle");
        if (STATE.contains(scenario) && m.key.equals("acked_per_s")) {
            return "sentences/s (acked at commit)";
        }
        if (STATE.contains(scenario) && m.key.equals("sink_per_s")) {
            return "words/s counted";
        }
        if (MULTILANG.contains(scenario) && m.key.equals("acked_per_s")) {
            return "sentences/s (acked)";
        }
        if (MULTILANG.contains(scenario) && m.key.equals("sink_per_s")) {
            return "words/s counted";
        }
        return switch (m.key) {
            case "acked_per_s" -> wordcount ? "sentences/s (Flink: at source)"
                    : WINDOWS.contains(scenario) ? "windowed tuples/s (acked)" : m.label;
            case "sink_per_s" -> wordcount ? "words/s counted" : scenario.startsWith("pass-through")
                    ? "records/s at sink" : m.label;
            case "first_ms" -> idle ? "submit -> every task ready (ms)" : acking ? (wordcount ? "submit -> first ack/checkpoint (ms)"
                    : "submit -> first ack (ms)")
                    : "submit -> first tuple at sink (ms)";
            default -> wordcount && m.key.startsWith("lat_") ? m.label.replace("complete", "confirm") : m.label;
        };
    }

    private static void renderTable(StringBuilder t, List<Map<String, Object>> summary, List<Run> runs,
                                    List<String> scenarios, List<String> engines) {
        List<String> peers = engines.contains("gale") ? engines.stream().filter(e -> !e.equals("gale")).toList()
                : List.of();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-21s %-36s", "scenario", "metric"));
        for (String e : engines) {
            head.append(String.format(Locale.ROOT, " %-24s", NAME_OF.get(e)));
        }
        for (String p : peers) {
            head.append(String.format(Locale.ROOT, " %-14s", "Gale vs " + NAME_OF.get(p)));
        }
        t.append(head.toString().stripTrailing()).append('\n');
        t.append("-".repeat(head.length())).append('\n');
        for (String scenario : scenarios) {
            boolean any = false;
            for (Metric m : METRICS) {
                if (!shown(scenario, m.key)) {
                    continue;
                }
                Map<String, double[]> v = new LinkedHashMap<>();
                boolean has = false;
                for (String e : engines) {
                    double[] x = values(runs, e, scenario, keyFor(e, scenario, m.key));
                    v.put(e, x);
                    has |= x.length > 0;
                }
                if (!has) {
                    continue;
                }
                any = true;
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-21s %-36s", scenario,
                        label(scenario, m)));
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("scenario", scenario);
                row.put("metric", m.key);
                for (String e : engines) {
                    line.append(String.format(Locale.ROOT, " %-24s", Figures.cell(v.get(e))));
                    row.put(e, Figures.stats(v.get(e)));
                }
                for (String p : peers) {
                    double adv = advantage(m, Figures.median(v.get("gale")), Figures.median(v.get(p)));
                    line.append(String.format(Locale.ROOT, " %-14s", Double.isNaN(adv) || Double.isInfinite(adv) ? ""
                            : String.format(Locale.ROOT, "%.2fx", adv)));
                    row.put("gale_vs_" + p, adv);
                }
                t.append(line.toString().stripTrailing()).append('\n');
                summary.add(row);
            }
            if (scenario.equals("wide") && engines.contains("gale")) {
                double wide = Figures.median(values(runs, "gale", "wide", "acked_per_s"));
                double ack = Figures.median(values(runs, "gale", "ack-1000", "acked_per_s"));
                if (!Double.isNaN(wide) && !Double.isNaN(ack)) {
                    t.append(String.format(Locale.ROOT, "%-21s %-36s %.2f (%s / %s acked trees/s)%n", scenario,
                            "Gale wide / Gale ack-1000", wide / ack, Figures.num(wide), Figures.num(ack)));
                    any = true;
                }
            }
            if (any) {
                t.append('\n');
            }
        }
        t.append("Gale vs X: X's median over Gale's where lower is better, Gale's over X's where higher is better"
                + " (> 1 means Gale is better).\n");
        t.append("What each engine guarantees for a counted tree/record:\n");
        for (String e : engines) {
            t.append(String.format(Locale.ROOT, "  %-6s %s%n", NAME_OF.get(e) + ":", GUARANTEE_OF.get(e)));
        }
        if (engines.contains("flink")) {
            t.append("Flink's figures: sentences/s are counted as the source emits them (under backpressure, what"
                    + " flows through);\n  'confirmed by checkpoint /s' are those covered by checkpoints completed in"
                    + " the window (whole seconds at a time);\n  confirm latency = emission at the source -> completion"
                    + " of the checkpoint covering it (Gale/Storm: spout emit -> ack at the spout);\n  submit -> first"
                    + " ack/checkpoint includes starting Flink's local cluster, which happens inside its submit.\n");
        }
    }

    private static double advantage(Metric m, double gale, double peer) {
        return m.better == Metric.HIGHER ? gale / peer : m.better == Metric.LOWER ? peer / gale : Double.NaN;
    }

    /** The targets, judged on the medians of this run (only those whose figures were measured). */
    /** Each target the runs can be checked against, as a line starting MET or MISSED; medians unless said. */
    static List<String> targets(List<Run> runs) {
        List<String> out = new ArrayList<>();
        for (String sc : List.of("ack-1000", "ack-5000")) {
            double g = med(runs, "gale", sc, "acked_per_s");
            double s = med(runs, "storm", sc, "acked_per_s");
            if (!Double.isNaN(g) && !Double.isNaN(s)) {
                out.add(String.format(Locale.ROOT, "%s  %s: Gale acked trees/s >= 10x Storm's: %s vs %s = %.2fx",
                        verdict(g >= 10 * s), sc, Figures.num(g), Figures.num(s), g / s));
            }
            double p99 = med(runs, "gale", sc, "lat_p99_ms");
            if (!Double.isNaN(p99)) {
                out.add(String.format(Locale.ROOT, "%s  %s: Gale p99 complete latency < 1 ms: %s ms",
                        verdict(p99 < 1), sc, Figures.num(p99)));
            }
        }
        double gw = med(runs, "gale", "wordcount", "acked_per_s");
        double fw = med(runs, "flink", "wordcount", "acked_per_s");
        if (!Double.isNaN(gw) && !Double.isNaN(fw)) {
            out.add(String.format(Locale.ROOT, "%s  wordcount: Gale acked sentences/s >= Flink's sentences/s: %s vs %s"
                    + " = %.2fx", verdict(gw >= fw), Figures.num(gw), Figures.num(fw), gw / fw));
        }
        double gl = med(runs, "gale", "wordcount", "lat_p99_ms");
        double fl = med(runs, "flink", "wordcount", "lat_p99_ms");
        if (!Double.isNaN(gl) && !Double.isNaN(fl)) {
            out.add(String.format(Locale.ROOT, "%s  wordcount: Gale p99 to confirmation (ack) < Flink's (checkpoint):"
                    + " %s ms vs %s ms", verdict(gl < fl), Figures.num(gl), Figures.num(fl)));
        }
        double ga = med(runs, "gale", "ack-1000", "acked_per_s");
        double fu = med(runs, "flink", "pass-through-unfused", "sink_per_s");
        if (!Double.isNaN(ga) && !Double.isNaN(fu)) {
            out.add(String.format(Locale.ROOT, "%s  pass-through: Gale acked trees/s (ack-1000) >= Flink unfused"
                    + " records/s: %s vs %s = %.2fx", verdict(ga >= fu), Figures.num(ga), Figures.num(fu), ga / fu));
        }
        // Issue 29: steadiness (a run that lands on a slow placement shows as the worst run), and
        // how far ahead of Flink.
        for (String sc : List.of("ack-1000", "wordcount")) {
            double[] g = values(runs, "gale", sc, "acked_per_s");
            if (g.length > 1) {
                double m = Figures.median(g);
                out.add(String.format(Locale.ROOT, "%s  %s: Gale's worst run within 15%% of its median: %s vs %s = %+.0f%%",
                        verdict(g[0] >= 0.85 * m), sc, Figures.num(g[0]), Figures.num(m), 100 * (g[0] / m - 1)));
            }
        }
        if (!Double.isNaN(gw) && !Double.isNaN(fw)) {
            out.add(String.format(Locale.ROOT, "%s  wordcount: Gale acked sentences/s >= 1.2x Flink's: %s vs %s = %.2fx",
                    verdict(gw >= 1.2 * fw), Figures.num(gw), Figures.num(fw), gw / fw));
        }
        double[] gaRuns = values(runs, "gale", "ack-1000", "acked_per_s");
        if (gaRuns.length > 0 && !Double.isNaN(fu)) {
            out.add(String.format(Locale.ROOT, "%s  pass-through: Gale's worst ack-1000 run >= Flink's unfused median:"
                    + " %s vs %s = %.2fx", verdict(gaRuns[0] >= fu), Figures.num(gaRuns[0]), Figures.num(fu),
                    gaRuns[0] / fu));
        }
        double gn = med(runs, "gale", "noack", "sink_per_s");
        double sn = med(runs, "storm", "noack", "sink_per_s");
        if (!Double.isNaN(gn) && !Double.isNaN(sn)) {
            out.add(String.format(Locale.ROOT, "%s  noack: Gale tuples/s >= 4x Storm's: %s vs %s = %.2fx",
                    verdict(gn >= 4 * sn), Figures.num(gn), Figures.num(sn), gn / sn));
        }
        double gwide = med(runs, "gale", "wide", "acked_per_s");
        double swide = med(runs, "storm", "wide", "acked_per_s");
        if (!Double.isNaN(gwide) && !Double.isNaN(swide)) {
            out.add(String.format(Locale.ROOT, "%s  wide: Gale acked trees/s >= 8x Storm's: %s vs %s = %.2fx",
                    verdict(gwide >= 8 * swide), Figures.num(gwide), Figures.num(swide), gwide / swide));
        }
        if (!Double.isNaN(gwide) && !Double.isNaN(ga)) {
            out.add(String.format(Locale.ROOT, "%s  wide: Gale's trees/s >= 80%% of its ack-1000: %s vs %s = %.0f%%",
                    verdict(gwide >= 0.8 * ga), Figures.num(gwide), Figures.num(ga), 100 * gwide / ga));
        }
        for (String sc : WINDOWS) {
            double g = med(runs, "gale", sc, "acked_per_s");
            double st = med(runs, "storm", sc, "acked_per_s");
            if (!Double.isNaN(g) && !Double.isNaN(st)) {
                out.add(String.format(Locale.ROOT, "%s  %s: Gale windowed tuples/s >= 5x Storm's: %s vs %s = %.2fx%s",
                        verdict(g >= 5 * st), sc, Figures.num(g), Figures.num(st), g / st,
                        sc.equals("window-time") ? " (both capped at max pending / 10.5 s)" : ""));
            }
            double gb = med(runs, "gale", sc, "bytes_per_windowed_tuple");
            double sb = med(runs, "storm", sc, "bytes_per_windowed_tuple");
            if (!Double.isNaN(gb) && !Double.isNaN(sb)) {
                out.add(String.format(Locale.ROOT, "%s  %s: Gale heap per windowed tuple < Storm's: %s vs %s bytes",
                        verdict(gb < sb), sc, Figures.num(gb), Figures.num(sb)));
            }
        }
        double gi = med(runs, "gale", "idle", "cpu_pct_core");
        if (!Double.isNaN(gi)) {
            out.add(String.format(Locale.ROOT, "%s  idle: Gale's 200 idle executors use < 1%% of one core: %.2f%%",
                    verdict(gi < 1), gi));
        }
        double gs = med(runs, "gale", "idle", "cpu_pct_core_settled");
        if (!Double.isNaN(gs)) {
            out.add(String.format(Locale.ROOT, "%s  idle, once the JIT is quiet (not the target's window, shown for"
                    + " what a topology that stays idle costs): %.2f%%", gs < 1 ? "(< 1%)" : "(>= 1%)", gs));
        }
        if (out.isEmpty()) {
            out.add("(none measurable from the scenarios and engines of this run)");
        }
        return out;
    }

    private static double med(List<Run> runs, String engine, String scenario, String key) {
        return Figures.median(values(runs, engine, scenario, key));
    }

    private static String verdict(boolean met) {
        return met ? "MET   " : "MISSED";
    }

    /** The version of {@code artifact} on a classpath (from its jar's name), or "not run". */
    private static String version(String cp, String artifact) {
        Matcher m = Pattern.compile(Pattern.quote(artifact) + "-([0-9][^/:]*?)\\.jar").matcher(cp);
        return m.find() ? m.group(1) : "not run";
    }

    // ---- JSON, by hand: flat maps, lists, numbers and strings are all it needs.

    private static String json(String started, String loadBefore, String loadAfter, double warmup, double measure,
                               int repeats, String jvmOpts, Map<String, String> versions, List<Run> runs,
                               List<Map<String, Object>> summary, List<String> targets) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("started", started);
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("load_average_before", loadBefore);
        machine.put("load_average_after", loadAfter);
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        root.put("machine", machine);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("warmup_s", warmup);
        settings.put("measure_s", measure);
        settings.put("repeats", repeats);
        settings.put("jvm_opts", jvmOpts);
        settings.put("storm_version", versions.get("storm"));
        settings.put("flink_version", versions.get("flink"));
        root.put("settings", settings);
        List<Object> rs = new ArrayList<>();
        for (Run r : runs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("engine", r.engine);
            m.put("scenario", r.scenario);
            m.put("repeat", r.repeat);
            m.put("wall_s", r.wallSecs);
            m.put("log", r.log.toString());
            if (r.error != null) {
                m.put("error", r.error);
            }
            if (r.result != null) {
                m.put("result", r.result);
            }
            rs.add(m);
        }
        root.put("runs", rs);
        root.put("summary", summary);
        root.put("targets", targets);
        return Figures.json(root);
    }




    /** Bad usage ends the run; bench/compare-topologies.sh --help lists the options and builds nothing. */
    private static void usage(String problem) {
        if (problem == null) {
            System.out.println("options: see bench/compare-topologies.sh --help");
            System.exit(0);
        }
        System.err.println("compare-topologies: " + problem + " (see bench/compare-topologies.sh --help)");
        System.exit(2);
    }
}
