package dev.gale.cli;

import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TopologyStats;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Number formats and the summary table. Stateless. */
final class Format {
    private Format() {
    }

    /** 1234567 -> "1,234,567". */
    static String count(double n) {
        return Double.isNaN(n) ? "-" : count(Math.round(n));
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** 1234567 -> "1.23M", 12345 -> "12.3k", 999 -> "999". */
    static String compact(double n) {
        if (Double.isNaN(n)) {
            return "-";
        }
        double a = Math.abs(n);
        if (a < 1_000) {
            return String.format(Locale.ROOT, "%d", Math.round(n));
        }
        if (a < 1_000_000) {
            return String.format(Locale.ROOT, a < 10_000 ? "%.2fk" : a < 100_000 ? "%.1fk" : "%.0fk", n / 1e3);
        }
        return String.format(Locale.ROOT, a < 10_000_000 ? "%.2fM" : "%.1fM", n / 1e6);
    }

    /** A latency in milliseconds with sensible precision: "0.012", "1.23", "160". */
    static String ms(double ms) {
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.3f", ms);
        }
        if (ms < 100) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%.0f", ms);
    }

    /**
     * A latency in milliseconds in at most 4 characters for the live line: "0.29", "1.2", "152",
     * "1234"; "-" when unknown.
     */
    static String msCompact(double ms) {
        if (Double.isNaN(ms)) {
            return "-";
        }
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.2f", ms);
        }
        if (ms < 10) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%.0f", ms);
    }

    /** "p50/p99 0.29/1.2ms" for the live line, or "p50/p99 -" before any tree completed. */
    static String latencyCompact(LatencySummary l) {
        if (l == null || l.count() == 0) {
            return "p50/p99 -";
        }
        return "p50/p99 " + msCompact(l.p50Ms()) + "/" + msCompact(l.p99Ms()) + "ms";
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1fs", s);
    }

    /**
     * The summary's spout complete latency: its figures, or why there are none. When the spouts
     * emitted but nothing reached the acker and no tree completed or failed, they emit without
     * message ids (or the acker is off), and saying so beats a bare "no tuple trees completed".
     */
    static String completeLatency(TopologyStats stats) {
        LatencySummary l = stats.completeLatency();
        if (l != null && l.count() > 0) {
            return latency(l);
        }
        long emitted = 0;
        long outcomes = 0;
        long ackerMessages = 0;
        for (ComponentStats c : stats.components()) {
            switch (c.kind()) {
                case SPOUT -> {
                    emitted += c.emitted();
                    outcomes += c.acked() + c.failed();
                }
                case ACKER -> ackerMessages += c.executed();
                default -> {
                }
            }
        }
        if (emitted > 0 && outcomes == 0 && ackerMessages == 0) {
            return "none: the spouts emit without message ids, so nothing is tracked (acked and failed stay 0)";
        }
        return latency(l);
    }

    /** "p50 12.3 ms  p99 160 ms" or "no tuple trees completed". */
    static String latency(LatencySummary l) {
        if (l == null || l.count() == 0) {
            return "no tuple trees completed";
        }
        return "p50 " + ms(l.p50Ms()) + " ms  p99 " + ms(l.p99Ms()) + " ms  p99.9 " + ms(l.p999Ms()) + " ms  max "
                + ms(l.maxMs()) + " ms";
    }

    /**
     * One row per component: spouts and bolts in declaration order, then the ackers; then a line
     * saying what the last column holds: a spout's complete latency (p50/p99) or a bolt's mean
     * execute time, in ms.
     *
     * @param order component ids in declaration order (others go after, alphabetically)
     */
    static List<String> table(TopologyStats stats, Collection<String> order) {
        List<ComponentStats> comps = new ArrayList<>(stats.components());
        List<String> ids = new ArrayList<>(order);
        comps.sort(Comparator.comparingInt((ComponentStats c) -> c.kind() == ComponentKind.ACKER ? 1 : 0)
                .thenComparingInt(c -> ids.contains(c.componentId()) ? ids.indexOf(c.componentId()) : ids.size())
                .thenComparing(ComponentStats::componentId));
        List<String[]> rows = new ArrayList<>();
        long spouts = comps.stream().filter(c -> c.kind() == ComponentKind.SPOUT).count();
        rows.add(new String[] {"component", "kind", "tasks", "executed", "emitted", "acked", "failed", "latency ms"});
        for (ComponentStats c : comps) {
            boolean spout = c.kind() == ComponentKind.SPOUT;
            boolean acker = c.kind() == ComponentKind.ACKER;
            rows.add(new String[] {c.componentId(), c.kind().stormName(), Integer.toString(c.tasks().size()),
                spout ? "-" : count(c.executed()), count(c.emitted()), count(c.acked()), count(c.failed()),
                acker ? "-" : spout ? completeLatency(c, spouts == 1 ? stats.completeLatency() : null)
                    : ms(c.executeLatencyMs())});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        List<String> out = new ArrayList<>();
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder("  ");
            for (int i = 0; i < r.length; i++) {
                String cell = i < 2 ? pad(r[i], width[i]) : lpad(r[i], width[i]);
                sb.append(cell).append(i == r.length - 1 ? "" : "  ");
            }
            out.add(sb.toString().stripTrailing());
        }
        out.add("  (latency ms: a spout's complete latency p50/p99, a bolt's mean execute time)");
        return out;
    }

    /**
     * "p50/p99" of a spout's complete latency: the topology's figure when this is its only spout
     * ({@code whole}), else its task's when it has one; "-" otherwise, since percentiles of
     * several tasks cannot be combined from their summaries.
     */
    private static String completeLatency(ComponentStats spout, LatencySummary whole) {
        LatencySummary l = whole != null ? whole : spout.tasks().size() == 1 ? spout.tasks().get(0).completeLatency()
                : null;
        return l == null || l.count() == 0 ? "-" : msCompact(l.p50Ms()) + "/" + msCompact(l.p99Ms());
    }

    /** The latest error of each component that reported one, one line each. */
    static List<String> errors(TopologyStats stats) {
        List<String> out = new ArrayList<>();
        for (ComponentStats c : stats.components()) {
            if (!c.lastErrors().isEmpty()) {
                ErrorInfo e = c.lastErrors().get(c.lastErrors().size() - 1);
                out.add("  " + c.componentId() + " (task " + e.taskId() + "): " + Main.oneLine(e.message()));
            }
        }
        return out;
    }

    static String pad(String s, int w) {
        return s.length() >= w ? s : s + " ".repeat(w - s.length());
    }

    static String lpad(String s, int w) {
        return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
    }
}
