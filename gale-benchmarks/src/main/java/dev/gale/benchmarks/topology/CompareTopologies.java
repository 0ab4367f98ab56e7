package dev.gale.benchmarks.topology;

import dev.gale.benchmarks.compare.TopologyRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the side-by-side comparison of Gale and Apache Storm: every scenario of {@link TopologyRun},
 * on each engine, in a child JVM of its own (same JVM flags for both), a few times, interleaved so
 * that a noisy machine hurts both engines alike. Prints one table (median and min-max per engine,
 * and Gale's advantage) and writes every raw result as JSON. This class never loads Storm: it gets
 * the two child classpaths as arguments ({@code bench/compare-topologies.sh} builds them).
 */
public final class CompareTopologies {
    private static final List<String> ALL_SCENARIOS = List.of("ack-1000", "ack-5000", "noack", "wordcount");
    private static final List<String> ENGINES = List.of("gale", "storm");

    private CompareTopologies() {
    }

    /** A table row: a metric of the child's RESULT line and which way is better. */
    private record Metric(String key, String label, int better, boolean acking) {
        static final int HIGHER = 1;
        static final int LOWER = -1;
        static final int NEITHER = 0;
    }

    private static final List<Metric> METRICS = List.of(
            new Metric("acked_per_s", "acked trees/s", Metric.HIGHER, true),
            new Metric("sink_per_s", "tuples/s at last bolt", Metric.HIGHER, false),
            new Metric("lat_mean_ms", "complete latency mean (ms)", Metric.LOWER, true),
            new Metric("lat_p50_ms", "complete latency p50 (ms)", Metric.LOWER, true),
            new Metric("lat_p99_ms", "complete latency p99 (ms)", Metric.LOWER, true),
            new Metric("lat_p999_ms", "complete latency p99.9 (ms)", Metric.LOWER, true),
            new Metric("cpu_cores", "process CPU (cores)", Metric.NEITHER, false),
            new Metric("cpu_us_per_tuple", "CPU per tree/tuple (us)", Metric.LOWER, false),
            new Metric("peak_rss_mb", "peak RSS (MB)", Metric.LOWER, false),
            new Metric("first_ms", "submit -> first ack/tuple (ms)", Metric.LOWER, false),
            new Metric("cluster_start_ms", "new LocalCluster() (ms)", Metric.LOWER, false),
            new Metric("gc_ms", "GC time in window (ms)", Metric.LOWER, false),
            new Metric("threads", "JVM threads", Metric.NEITHER, false));

    private record Run(String engine, String scenario, int repeat, double wallSecs, Map<String, Object> result,
                       String error, Path log) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Figures.options(args, CompareTopologies::usage);
        boolean quick = opt.containsKey("quick");
        double warmup = Double.parseDouble(opt.getOrDefault("warmup", quick ? "2" : "10"));
        double measure = Double.parseDouble(opt.getOrDefault("measure", quick ? "3" : "10"));
        int repeats = Integer.parseInt(opt.getOrDefault("repeats", quick ? "1" : "3"));
        List<String> scenarios = List.of(opt.getOrDefault("scenarios", String.join(",", ALL_SCENARIOS)).split(","));
        List<String> engines = List.of(opt.getOrDefault("engines", String.join(",", ENGINES)).split(","));
        String jvmOpts = opt.getOrDefault("jvm-opts", "-Xms1g -Xmx1g -XX:+UseG1GC");
        Map<String, String> classpaths = Map.of("gale", opt.getOrDefault("gale-cp", ""),
                "storm", opt.getOrDefault("storm-cp", ""));
        for (String s : scenarios) {
            if (!ALL_SCENARIOS.contains(s)) {
                usage("unknown scenario '" + s + "'");
            }
        }
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
        String stormVersion = stormVersion(classpaths.get("storm"));
        System.err.printf(Locale.ROOT, "comparing %s on %s; warm-up %.0f s, measure %.0f s, %d repeat(s); JVM %s;"
                        + " load average before: %s%n", engines, scenarios, warmup, measure, repeats, jvmOpts,
                loadBefore);

        List<Run> runs = new ArrayList<>();
        int total = repeats * scenarios.size() * engines.size();
        for (int rep = 1; rep <= repeats; rep++) {
            for (String scenario : scenarios) {
                List<String> order = new ArrayList<>(engines);
                if (rep % 2 == 0) {
                    java.util.Collections.reverse(order); // alternate who goes first
                }
                for (String engine : order) {
                    Run r = runChild(engine, classpaths.get(engine), jvmOpts, scenario, rep, warmup, measure, out);
                    runs.add(r);
                    System.err.printf(Locale.ROOT, "[%d/%d] %-5s %-9s #%d  %s  (%.0f s)%n", runs.size(), total,
                            engine, scenario, rep, r.error != null ? "FAILED: " + r.error : brief(r.result),
                            r.wallSecs);
                }
            }
        }
        String loadAfter = Figures.loadAverage();

        StringBuilder table = new StringBuilder();
        List<Map<String, Object>> summary = new ArrayList<>();
        renderTable(table, summary, runs, scenarios, engines);
        List<String> targets = targets(runs);
        table.append('\n').append("Targets (issue):\n");
        targets.forEach(t -> table.append("  ").append(t).append('\n'));
        table.append(String.format(Locale.ROOT,
                "%nmedian (min-max) of %d run(s) per cell; warm-up %.0f s after the first completed tuple, then %.0f s"
                        + " measured; JVM %s; Storm %s; load average before %s, after %s%n",
                repeats, warmup, measure, jvmOpts, stormVersion, loadBefore, loadAfter));
        System.out.print(table);

        Path json = out.resolve("results.json");
        Files.writeString(json, json(started, loadBefore, loadAfter, warmup, measure, repeats, jvmOpts, stormVersion,
                runs, summary, targets), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("table.txt"), table, StandardCharsets.UTF_8);
        System.out.println("raw results: " + json + "  (child logs in " + out.resolve("logs") + ")");
    }

    private static Run runChild(String engine, String cp, String jvmOpts, String scenario, int rep,
                                double warmup, double measure, Path out) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(jvmOpts.trim().split("\\s+")));
        cmd.add("-cp");
        cmd.add(cp);
        cmd.add(TopologyRun.class.getName());
        cmd.add(scenario);
        cmd.add(Double.toString(warmup));
        cmd.add(Double.toString(measure));
        Path log = out.resolve("logs").resolve(engine + "-" + scenario + "-" + rep + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        long t0 = System.nanoTime();
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
        Map<String, Object> result = null;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith(TopologyRun.RESULT_PREFIX)) {
                result = parseResult(line.substring(TopologyRun.RESULT_PREFIX.length()));
            }
        }
        if (result == null && error == null) {
            error = "no RESULT line";
        }
        if (error != null) {
            error += " (see " + log + ")";
        }
        return new Run(engine, scenario, rep, wall, result, error, log);
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
        boolean acking = r.containsKey("lat_p99_ms");
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
        return runs.stream()
                .filter(r -> r.engine.equals(engine) && r.scenario.equals(scenario) && r.result != null)
                .mapToDouble(r -> d(r.result, key)).filter(v -> !Double.isNaN(v)).sorted().toArray();
    }


    private static void renderTable(StringBuilder t, List<Map<String, Object>> summary, List<Run> runs,
                                    List<String> scenarios, List<String> engines) {
        String fmt = "%-10s %-32s %-26s %-26s %s%n";
        t.append(String.format(Locale.ROOT, fmt, "scenario", "metric", "Gale", "Storm", "Gale advantage"));
        t.append("-".repeat(110)).append('\n');
        for (String scenario : scenarios) {
            boolean acking = !scenario.equals("noack");
            for (Metric m : METRICS) {
                if (m.acking && !acking || m.key.equals("sink_per_s") && acking) {
                    continue;
                }
                double[] g = engines.contains("gale") ? values(runs, "gale", scenario, m.key) : new double[0];
                double[] s = engines.contains("storm") ? values(runs, "storm", scenario, m.key) : new double[0];
                if (g.length == 0 && s.length == 0) {
                    continue;
                }
                double gm = Figures.median(g);
                double sm = Figures.median(s);
                double adv = m.better == Metric.HIGHER ? gm / sm : m.better == Metric.LOWER ? sm / gm : Double.NaN;
                String label = m.key.equals("first_ms") ? (acking ? "submit -> first ack (ms)"
                        : "submit -> first tuple at sink (ms)") : m.label;
                t.append(String.format(Locale.ROOT, fmt, scenario, label, Figures.cell(g), Figures.cell(s),
                        Double.isNaN(adv) || Double.isInfinite(adv) ? "" : String.format(Locale.ROOT, "%.2fx", adv)));
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("scenario", scenario);
                row.put("metric", m.key);
                row.put("gale", Figures.stats(g));
                row.put("storm", Figures.stats(s));
                row.put("gale_advantage", adv);
                summary.add(row);
            }
            t.append('\n');
        }
        t.append("Gale advantage: Storm's median over Gale's where lower is better, Gale's over Storm's where"
                + " higher is better (> 1 means Gale is better).\n");
    }





    /** The three targets, judged on the medians of this run. */
    private static List<String> targets(List<Run> runs) {
        List<String> out = new ArrayList<>();
        for (String sc : List.of("ack-1000", "ack-5000")) {
            double g = Figures.median(values(runs, "gale", sc, "acked_per_s"));
            double s = Figures.median(values(runs, "storm", sc, "acked_per_s"));
            if (!Double.isNaN(g) && !Double.isNaN(s)) {
                out.add(String.format(Locale.ROOT, "%s  Gale acked trees/s >= 5x Storm's (%s): %s vs %s = %.2fx",
                        verdict(g >= 5 * s), sc, Figures.num(g), Figures.num(s), g / s));
            }
        }
        double gp99 = Figures.median(values(runs, "gale", "ack-1000", "lat_p99_ms"));
        double smean = Figures.median(values(runs, "storm", "ack-1000", "lat_mean_ms"));
        if (!Double.isNaN(gp99) && !Double.isNaN(smean)) {
            out.add(String.format(Locale.ROOT,
                    "%s  Gale p99 complete latency < Storm's mean (ack-1000): %s ms vs %s ms",
                    verdict(gp99 < smean), Figures.num(gp99), Figures.num(smean)));
        }
        double gf = Figures.median(values(runs, "gale", "ack-1000", "first_ms"));
        double sf = Figures.median(values(runs, "storm", "ack-1000", "first_ms"));
        if (!Double.isNaN(gf) && !Double.isNaN(sf)) {
            out.add(String.format(Locale.ROOT,
                    "%s  submit -> first ack >= 20x shorter than Storm's (ack-1000): %s ms vs %s ms = %.1fx",
                    verdict(sf >= 20 * gf), Figures.num(gf), Figures.num(sf), sf / gf));
        }
        if (out.isEmpty()) {
            out.add("(needs both engines on ack-1000 / ack-5000)");
        }
        return out;
    }

    private static String verdict(boolean met) {
        return met ? "MET   " : "MISSED";
    }


    private static String stormVersion(String cp) {
        Matcher m = Pattern.compile("storm-server-([0-9][^/:]*?)\\.jar").matcher(cp);
        return m.find() ? m.group(1) : "unknown";
    }

    // ---- JSON, by hand: flat maps, lists, numbers and strings are all it needs.

    private static String json(String started, String loadBefore, String loadAfter, double warmup, double measure,
                               int repeats, String jvmOpts, String stormVersion, List<Run> runs,
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
        settings.put("storm_version", stormVersion);
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
