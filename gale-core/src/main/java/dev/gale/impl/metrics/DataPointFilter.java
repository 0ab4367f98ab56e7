package dev.gale.impl.metrics;

import dev.gale.metric.api.IMetricsConsumer.DataPoint;
import dev.gale.metric.util.DataPointExpander;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a metrics consumer registration asks of the data points before its consumer sees them, as
 * Storm's {@code FilterByMetricName} and {@code DataPointExpander} do: map values expanded into one
 * point per key ({@code expandMapType}, named {@code name<separator>key}), then only the names a
 * {@code whitelist} pattern finds kept, or those a {@code blacklist} pattern finds dropped (regular
 * expressions, matched anywhere in the name). Immutable; the copy each consumer task gets compiles
 * its own patterns.
 */
final class DataPointFilter implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<String> whitelist;
    private final List<String> blacklist;
    private final boolean expandMapType;
    private final String separator;
    private transient List<Pattern> patterns;

    /** @throws IllegalArgumentException if both lists are given, or a pattern is not a regular expression */
    DataPointFilter(List<String> whitelist, List<String> blacklist, boolean expandMapType, String separator) {
        this.whitelist = List.copyOf(whitelist);
        this.blacklist = List.copyOf(blacklist);
        if (!whitelist.isEmpty() && !blacklist.isEmpty()) {
            throw new IllegalArgumentException("give either a whitelist or a blacklist, not both");
        }
        this.expandMapType = expandMapType;
        this.separator = separator;
        compiled(); // a bad pattern is refused at submit, not in the consumer's task
    }

    List<DataPoint> apply(Collection<DataPoint> points) {
        List<DataPoint> out = new ArrayList<>(points.size());
        for (DataPoint p : new DataPointExpander(expandMapType, separator).expandDataPoints(points)) {
            keepIfWanted(p, out);
        }
        return out;
    }

    private void keepIfWanted(DataPoint p, List<DataPoint> out) {
        if (whitelist.isEmpty() && blacklist.isEmpty()) {
            out.add(p);
            return;
        }
        boolean found = false;
        for (Pattern pattern : compiled()) {
            if (pattern.matcher(p.name).find()) {
                found = true;
                break;
            }
        }
        if (found == !whitelist.isEmpty()) {
            out.add(p);
        }
    }

    private List<Pattern> compiled() {
        if (patterns == null) {
            List<Pattern> ps = new ArrayList<>();
            for (String s : whitelist.isEmpty() ? blacklist : whitelist) {
                ps.add(Pattern.compile(s));
            }
            patterns = ps;
        }
        return patterns;
    }
}
