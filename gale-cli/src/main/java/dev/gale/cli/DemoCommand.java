package dev.gale.cli;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.ReliableWordCount;
import dev.gale.examples.ReliableWordCount.Progress;
import dev.gale.generated.StormTopology;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TopologyStats;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gale demo}: the reliable word count, with live progress and a verdict. */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        header = "Run the demo: a word count that loses nothing although tuples fail.",
        description = {
            "A spout emits every line of a bundled public-domain text (several passes)",
            "with a message id; a bolt fails a share of the word tuples on purpose; the",
            "spout replays every line whose tuple tree failed; a counting bolt counts",
            "each word occurrence once. Shows live progress on a terminal (log lines",
            "otherwise), then per-component figures and the most frequent words.",
            "",
            "Exits 0 when every line was fully processed and the word counts equal",
            "those computed directly from the text; 1 otherwise."},
        footer = {"", "Configuration keys of the job (besides the engine's topology.* keys):",
            "  " + ReliableWordCount.FAIL_FRACTION + "   fraction of word tuples failed (default "
                + ReliableWordCount.DEFAULT_FAIL_FRACTION + ")",
            "  " + ReliableWordCount.SEED + "            seed of those failures (default "
                + ReliableWordCount.DEFAULT_SEED + ")"})
final class DemoCommand implements Callable<Integer> {
    static final String TOPOLOGY = "reliable-wordcount";

    @Spec
    CommandSpec spec;

    @Option(names = "--passes", paramLabel = "N", defaultValue = "250", converter = NumberOptions.Positive.class,
            description = "How many times the spout emits the whole text (default: ${DEFAULT-VALUE}).")
    int passes;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", converter = Confs.EntryConverter.class,
            description = "A configuration entry (repeatable).")
    List<Confs.Entry> conf;

    @Option(names = "--top", paramLabel = "N", defaultValue = "12", converter = NumberOptions.NonNegative.class,
            description = "How many of the most frequent words to show (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120", converter = NumberOptions.Seconds.class,
            description = "Give up (exit 1) if the job has not completed by then (default: ${DEFAULT-VALUE}).")
    double timeoutSecs;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "auto (live on a terminal, log lines otherwise), live, log or off (default: ${DEFAULT-VALUE}).")
    ProgressDisplay.Mode progressMode;

    @Mixin
    UiOptions ui;

    @Option(names = "--ui-linger", paramLabel = "SECONDS",
            description = "With --ui: keep the UI up this long after the job completed (default: until Ctrl-C "
                    + "on a terminal, 0 elsewhere).")
    Double uiLingerSecs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Map<String, Object> settings = new HashMap<>(Confs.parse(conf));
        Confs.unknownEngineKeys(settings).forEach(w -> err.println(spec.qualifiedName() + ": " + w));
        err.flush();
        settings.putIfAbsent(ReliableWordCount.PASSES, passes);
        Config config = ReliableWordCount.defaultConfig(settings);

        try (ReliableWordCount job = new ReliableWordCount()) {
            StormTopology topology = job.build(config);
            int lines = ReliableWordCount.text().size();
            Progress start = job.progress();
            out.printf("Gale demo: reliable word count over %s lines (%d lines x %s passes),%n", Format.count(start.total()),
                    lines, Format.count(start.total() / lines));
            out.printf("a bolt failing %s%% of the word tuples on purpose, and replay of failed lines.%n%n",
                    percent(config.get(ReliableWordCount.FAIL_FRACTION)));
            out.flush();

            TopologyStats stats;
            double secs;
            long startNanos = System.nanoTime();
            boolean timedOut = false;
            try (LocalCluster cluster = ui.cluster(out);
                 ProgressDisplay display = new ProgressDisplay(spec.commandLine().getErr(), progressMode, 1.0);
                 ShutdownDrain onSignal = new ShutdownDrain(cluster, TOPOLOGY, spec.commandLine().getErr())) {
                cluster.submitTopology(TOPOLOGY, config, topology);
                long timeoutNanos = (long) (timeoutSecs * 1e9);
                Rate rate = new Rate();
                ErrorFeed errors = new ErrorFeed();
                while (!job.isComplete()) {
                    if (System.nanoTime() - startNanos > timeoutNanos) { // elapsed time: cannot overflow
                        timedOut = true;
                        break;
                    }
                    sleep(display.sampleMillis());
                    if (onSignal.started()) {
                        onSignal.awaitExit();
                    }
                    TopologyStats now = cluster.getTopologyStats(TOPOLOGY);
                    errors.newErrors(now).forEach(line -> display.message("gale demo: " + line));
                    show(display, job.progress(), now, rate, startNanos);
                    if (now.fatalError() != null) {
                        break; // the topology stopped: it will not complete
                    }
                }
                stats = cluster.getTopologyStats(TOPOLOGY);
                errors.newErrors(stats).forEach(line -> display.message("gale demo: " + line)); // raised after the last look
                secs = (System.nanoTime() - startNanos) / 1e9;
                lingerWithUi(cluster, out);
            } // kills the topology
            return summary(out, job, stats, topology, secs, timedOut);
        }
    }

    /** With the UI on, leaves the finished topology up for a look before it is killed. */
    private void lingerWithUi(LocalCluster cluster, PrintWriter out) {
        if (cluster.getUiUrl().isEmpty()) {
            return;
        }
        double linger = uiLingerSecs != null ? uiLingerSecs : System.console() != null ? Double.POSITIVE_INFINITY : 0;
        if (linger <= 0) {
            return;
        }
        out.printf("%nThe job is complete; the UI stays at %s%s.%n", cluster.getUiUrl().get(),
                Double.isInfinite(linger) ? " until Ctrl-C" : " for " + Format.seconds(linger));
        out.flush();
        long end = Double.isInfinite(linger) ? Long.MAX_VALUE : System.nanoTime() + (long) (linger * 1e9);
        while (System.nanoTime() < end) {
            sleep(Math.min(1000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        }
    }

    private static void show(ProgressDisplay display, Progress p, TopologyStats stats, Rate rate, long startNanos) {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        double perSec = rate.perSecond(p.acked());
        LatencySummary l = stats.completeLatency();
        int pct = (int) (100 * p.acked() / Math.max(1, p.total()));
        List<String> segments = statusSegments(p, elapsed, perSec, l);
        String log = "gale demo: " + Format.seconds(elapsed) + "  " + pct + "%  emitted " + Format.count(p.emitted())
                + " of " + Format.count(p.total()) + " lines  acked " + Format.count(p.acked()) + "  failed "
                + Format.count(p.failed()) + "  replayed " + Format.count(p.replayed()) + "  "
                + Format.count(perSec) + " lines/s  complete latency p50 " + Format.ms(l.p50Ms())
                + " ms p99 " + Format.ms(l.p99Ms()) + " ms";
        display.update(segments, log);
    }

    /**
     * The live line's parts, most important first (the display drops them from the end). In
     * compact formats, so that all the figures the issue asks for fit 80 columns: "100% emit
     * 13.3k ack 13.3k fail 11.5k replay 11.4k  p50/p99 0.29/0.54ms  6.52k/s" is 79 characters;
     * only the elapsed time needs more.
     */
    static List<String> statusSegments(Progress p, double elapsedSecs, double ackedPerSec, LatencySummary l) {
        int pct = (int) (100 * p.acked() / Math.max(1, p.total()));
        return List.of(
                pct + "% emit " + Format.compact(p.emitted()) + " ack " + Format.compact(p.acked()) + " fail "
                        + Format.compact(p.failed()) + " replay " + Format.compact(p.replayed()),
                Format.latencyCompact(l),
                Format.compact(ackedPerSec) + "/s",
                Format.seconds(elapsedSecs));
    }

    private int summary(PrintWriter out, ReliableWordCount job, TopologyStats stats, StormTopology topology,
                        double secs, boolean timedOut) {
        Progress p = job.progress();
        out.printf("Ran %s on the embedded engine in %s: %s lines acked,%n%s tuple trees failed and replayed.%n%n",
                TOPOLOGY, Format.seconds(secs), Format.count(p.acked()), Format.count(p.failed()));
        for (String row : Format.table(stats, topology.components().keySet())) {
            out.println(row);
        }
        out.println();
        out.println("Spout complete latency: " + Format.completeLatency(stats));
        List<String> errors = Format.errors(stats);
        if (!errors.isEmpty()) {
            out.println("Last errors:");
            errors.forEach(out::println);
        }
        out.println();
        out.flush();
        failIfFatal(stats);

        Map<String, Long> counts = job.counts();
        Map<String, Long> expected = job.expectedCounts();
        out.println("Top words:");
        List<Map.Entry<String, Long>> words = new ArrayList<>(counts.entrySet());
        words.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        int n = Math.min(top, words.size());
        int perRow = 4;
        for (int i = 0; i < n; i += perRow) {
            StringBuilder row = new StringBuilder(" ");
            for (int j = i; j < Math.min(n, i + perRow); j++) {
                row.append(Format.pad(" " + Format.lpad(Format.count(words.get(j).getValue()), 7) + " "
                        + words.get(j).getKey(), 19));
            }
            out.println(row.toString().stripTrailing());
        }
        out.println();

        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        long wanted = expected.values().stream().mapToLong(Long::longValue).sum();
        boolean countsMatch = counts.equals(expected);
        int status;
        if (p.complete() && countsMatch) {
            out.printf("OK: all %s lines fully processed, and the word counts equal those%n"
                    + "computed from the text (%s words, %s distinct). %s re-delivered%n"
                    + "words were recognised and not counted twice.%n",
                    Format.count(p.total()), Format.count(total), Format.count(counts.size()),
                    Format.count(p.duplicatesIgnored()));
            status = 0;
        } else {
            String why = timedOut ? "timed out after " + Format.seconds(secs) + " with " + Format.count(p.acked())
                    + " of " + Format.count(p.total()) + " lines acked"
                    : "counts differ from the text: " + Format.count(total) + " words counted, "
                    + Format.count(wanted) + " expected";
            out.println("FAILED: " + why + ".");
            status = Main.FAILED;
        }
        out.flush();
        return status;
    }

    /** Ends the command with status 1 if an Error stopped the topology: it is reported on stderr. */
    static void failIfFatal(TopologyStats stats) {
        ErrorInfo e = stats.fatalError();
        if (e != null) {
            throw new UserException("topology '" + stats.topologyName() + "' was stopped by a fatal error in component '"
                    + e.componentId() + "', task " + e.taskId() + ": " + e.message(), Main.FAILED);
        }
    }

    private static String percent(Object fraction) {
        double f = fraction instanceof Number n ? n.doubleValue() : ReliableWordCount.DEFAULT_FAIL_FRACTION;
        return new BigDecimal(Double.toString(f * 100)).stripTrailingZeros().toPlainString();
    }

    static void sleep(long millis) {
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted", Main.FAILED);
        }
    }

    /** A rate over the last samples (about a second), so the figure neither jumps nor lags. */
    static final class Rate {
        private final long[] values = new long[6];
        private final long[] times = new long[6];
        private int n;

        double perSecond(long value) {
            long now = System.nanoTime();
            int i = n % values.length;
            values[i] = value;
            times[i] = now;
            n++;
            int oldest = n <= values.length ? 0 : n % values.length;
            long dt = now - times[oldest];
            return dt <= 0 ? Double.NaN : (value - values[oldest]) * 1e9 / dt;
        }
    }
}
