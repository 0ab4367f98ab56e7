package dev.gale.compat.stormtests;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the Markdown report of a run: per jar a table of its test classes (outcome, tests passed /
 * failed / skipped, reason) and its totals per outcome, then the must-pass list's verdicts. Stateless.
 */
final class ReportWriter {
    private static final int MAX_REASON = 220;

    private ReportWriter() {
    }

    /** The results of one jar, in the order the report lists them. */
    record JarResults(String jar, List<ClassResult> results) {
        Map<Outcome, Integer> totals() {
            Map<Outcome, Integer> totals = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                totals.put(outcome, 0);
            }
            results.forEach(r -> totals.merge(r.outcome(), 1, Integer::sum));
            return totals;
        }
    }

    static String write(List<JarResults> jars, Set<String> mustPass, List<String> mustPassFailures, Duration wallTime) {
        StringBuilder out = new StringBuilder();
        out.append("# Apache Storm 2.8.3's test classes, relocated to dev.gale, run against Gale\n\n");
        out.append("Wall time of the run: ").append(wallTime.toSeconds()).append(" s. ");
        out.append("Must-pass classes are marked **(must pass)**.\n");
        for (JarResults jar : jars) {
            out.append("\n## ").append(jar.jar()).append(" (").append(jar.results().size()).append(" test classes)\n\n");
            out.append(totalsLine(jar.totals())).append("\n\n");
            out.append("| Class | Outcome | Tests passed / failed / skipped | Reason |\n");
            out.append("|---|---|---|---|\n");
            for (ClassResult r : jar.results()) {
                out.append("| `").append(r.className()).append('`');
                if (mustPass.contains(r.className())) {
                    out.append(" **(must pass)**");
                }
                out.append(" | ").append(r.outcome().label());
                out.append(" | ").append(r.passed()).append(" / ").append(r.failed()).append(" / ").append(r.skipped());
                out.append(" | ").append(oneLine(r.reason())).append(" |\n");
            }
        }
        out.append("\n## Totals\n\n");
        for (JarResults jar : jars) {
            out.append("- ").append(jar.jar()).append(": ").append(totalsLine(jar.totals())).append('\n');
        }
        out.append("\n## Must-pass list\n\n");
        if (mustPassFailures.isEmpty()) {
            out.append("All ").append(mustPass.size()).append(" must-pass classes passed.\n");
        } else {
            out.append(mustPassFailures.size()).append(" of ").append(mustPass.size()).append(" must-pass classes did not pass:\n\n");
            mustPassFailures.forEach(f -> out.append("- ").append(f).append('\n'));
        }
        return out.toString();
    }

    private static String totalsLine(Map<Outcome, Integer> totals) {
        StringBuilder line = new StringBuilder();
        for (Map.Entry<Outcome, Integer> e : totals.entrySet()) {
            if (line.length() > 0) {
                line.append(", ");
            }
            line.append(e.getKey().label()).append(": ").append(e.getValue());
        }
        return line.toString();
    }

    static String oneLine(String text) {
        String flat = text.replaceAll("\\s+", " ").replace("|", "\\|").strip();
        return flat.length() <= MAX_REASON ? flat : flat.substring(0, MAX_REASON) + "...";
    }
}
