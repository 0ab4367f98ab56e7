package dev.gale.cli;

import dev.gale.stats.ComponentStats;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.TopologyStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the errors in a topology's stats into one line each, the first time they are seen, so the
 * command shows user-code errors as they happen from the stats themselves, whether or not an
 * SLF4J binding is there to log them. A few lines per component at most: a bolt that throws on
 * every tuple must not flood the terminal (the summary shows the latest). Used by one thread.
 */
final class ErrorFeed {
    /** Errors shown per component before the feed only says there are more. */
    static final int SHOWN_PER_COMPONENT = 3;

    private final Map<String, Set<ErrorInfo>> seen = new HashMap<>();
    private final Map<String, Integer> shown = new HashMap<>();

    /** Lines for the errors not seen before. */
    List<String> newErrors(TopologyStats stats) {
        List<String> lines = new ArrayList<>();
        for (ComponentStats c : stats.components()) {
            Set<ErrorInfo> before = seen.computeIfAbsent(c.componentId(), k -> new HashSet<>());
            for (ErrorInfo e : c.lastErrors()) {
                if (before.contains(e)) {
                    continue;
                }
                int n = shown.merge(c.componentId(), 1, Integer::sum);
                if (n <= SHOWN_PER_COMPONENT) {
                    lines.add("error in " + c.kind().stormName() + " '" + c.componentId() + "' task " + e.taskId() + ": "
                            + Main.oneLine(e.message()));
                } else if (n == SHOWN_PER_COMPONENT + 1) {
                    lines.add("more errors in " + c.kind().stormName() + " '" + c.componentId()
                            + "'; the summary shows the latest");
                }
            }
            // The stats keep the last few errors: remember just those, so memory stays bounded.
            before.clear();
            before.addAll(c.lastErrors());
        }
        return lines;
    }
}
