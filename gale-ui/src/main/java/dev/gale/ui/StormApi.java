package dev.gale.ui;

import dev.gale.spout.FailureReason;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.MetricV1Value;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyGraph;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the JSON bodies of Storm UI's REST API ({@code /api/v1/...}) from a {@link TopologyView}:
 * Storm's field names where Storm has the concept, so scripts written against Storm UI read
 * them as they are; Gale's extra figures under names Storm does not use. Stateless.
 */
final class StormApi {
    private static final String ACKER = "__acker";

    private StormApi() {
    }

    static Map<String, Object> summary(Map<String, TopologyView> views) {
        List<Object> list = new ArrayList<>();
        for (String name : Sampler.sortedNames(views)) {
            TopologyView v = views.get(name);
            Map<String, Object> t = topologyHeader(v);
            t.put("emitted", v.stats().components().stream().filter(c -> !c.componentId().startsWith("__"))
                    .mapToLong(ComponentStats::emitted).sum());
            t.put("acked", spouts(v).stream().mapToLong(ComponentStats::acked).sum());
            t.put("failed", spouts(v).stream().mapToLong(ComponentStats::failed).sum());
            t.put("completeLatency", round(v.stats().completeLatency().meanMs()));
            list.add(t);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("topologies", list);
        out.put("schedulerDisplayResource", false);
        return out;
    }

    private static Map<String, Object> topologyHeader(TopologyView v) {
        Map<String, Object> t = new LinkedHashMap<>();
        long uptimeSeconds = v.stats().uptimeMillis() / 1000;
        t.put("id", v.name());
        t.put("encodedId", v.name());
        t.put("name", v.name());
        t.put("status", v.status());
        t.put("uptime", uptime(uptimeSeconds));
        t.put("uptimeSeconds", uptimeSeconds);
        t.put("tasksTotal", v.stats().components().stream().mapToInt(c -> c.tasks().size()).sum());
        t.put("workersTotal", 1);
        t.put("executorsTotal", v.queueCapacity().isEmpty() ? 0 : executors(v));
        return t;
    }

    private static int executors(TopologyView v) {
        int n = v.graph().components().stream().mapToInt(TopologyGraph.Node::executors).sum();
        ComponentStats acker = v.stats().component(ACKER).orElse(null);
        return n + (acker == null ? 0 : acker.tasks().size());
    }

    static Map<String, Object> topology(TopologyView v) {
        Map<String, Object> t = topologyHeader(v);
        t.put("msgTimeout", v.messageTimeoutSecs());
        t.put("window", ":all-time");
        t.put("windowHint", "All time");
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("windowPretty", "All time");
        all.put("window", ":all-time");
        all.put("emitted", v.stats().components().stream().filter(c -> !c.componentId().startsWith("__"))
                .mapToLong(ComponentStats::emitted).sum());
        all.put("transferred", v.stats().components().stream().filter(c -> !c.componentId().startsWith("__"))
                .mapToLong(ComponentStats::transferred).sum());
        all.put("completeLatency", round(v.stats().completeLatency().meanMs()));
        all.put("acked", spouts(v).stream().mapToLong(ComponentStats::acked).sum());
        all.put("failed", spouts(v).stream().mapToLong(ComponentStats::failed).sum());
        all.put("timedOut", spouts(v).stream().mapToLong(ComponentStats::timedOut).sum());
        t.put("topologyStats", List.of(all));

        List<Object> spouts = new ArrayList<>();
        List<Object> bolts = new ArrayList<>();
        for (TopologyGraph.Node n : v.graph().components()) {
            ComponentStats c = v.stats().component(n.componentId()).orElse(null);
            if (c == null) {
                continue;
            }
            (n.kind() == ComponentKind.SPOUT ? spouts : bolts).add(componentRow(v, n, c));
        }
        t.put("spouts", spouts);
        t.put("bolts", bolts);
        v.stats().component(ACKER).ifPresent(a -> t.put("acker", Map.of("executors", a.tasks().size(),
                "executed", a.executed(), "queueDepth", a.queueDepth())));
        t.put("completeLatencyPercentiles", percentiles(v.stats().completeLatency()));
        return t;
    }

    /** Failures by reason as the JSON shows them: reason name to count, in the reasons' order. */
    private static Map<String, Long> reasons(Map<FailureReason, Long> failures) {
        Map<String, Long> out = new LinkedHashMap<>();
        failures.forEach((r, n) -> out.put(r.name(), n));
        return out;
    }

    private static Map<String, Object> componentRow(TopologyView v, TopologyGraph.Node n, ComponentStats c) {
        boolean spout = n.kind() == ComponentKind.SPOUT;
        TopologyView.ComponentRates r = v.rates().getOrDefault(c.componentId(), TopologyView.ComponentRates.ZERO);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(spout ? "spoutId" : "boltId", c.componentId());
        m.put(spout ? "encodedSpoutId" : "encodedBoltId", c.componentId());
        m.put("executors", n.executors());
        m.put("tasks", n.tasks().size());
        m.put("emitted", c.emitted());
        m.put("transferred", c.transferred());
        m.put("acked", c.acked());
        m.put("failed", c.failed());
        if (spout) {
            LatencySummary l = latencyOf(c);
            m.put("completeLatency", round(l.meanMs()));
            m.put("completeLatencyPercentiles", percentiles(l));
            m.put("timedOut", c.timedOut());
            m.put("pending", v.pending().getOrDefault(c.componentId(), 0L));
        } else {
            m.put("executed", c.executed());
            m.put("executeLatency", round(c.executeLatencyMs()));
            // Gale times execute from the input's arrival to its return, which is what Storm
            // calls process latency too; both fields carry it.
            m.put("processLatency", round(c.executeLatencyMs()));
            m.put("capacity", round(r.capacity()));
        }
        m.put("queueDepth", c.queueDepth());
        m.put("queueCapacity", v.queueCapacity().getOrDefault(c.componentId(), 0));
        m.put("rates", r);
        List<ErrorInfo> errors = c.lastErrors();
        if (!errors.isEmpty()) {
            ErrorInfo last = errors.get(errors.size() - 1);
            m.put("lastError", last.message());
            m.put("errorTime", last.timeMillis() / 1000);
            m.put("errorLapsedSecs", (System.currentTimeMillis() - last.timeMillis()) / 1000);
            m.put("errorTask", last.taskId());
        } else {
            m.put("lastError", "");
        }
        return m;
    }

    /**
     * A component's page; errors carry their stack traces only when {@code withStackTraces} (the
     * caller showed the token): a trace names the code and may quote the data it failed on.
     */
    static Map<String, Object> component(TopologyView v, String componentId, boolean withStackTraces) {
        TopologyGraph.Node node = v.graph().components().stream()
                .filter(n -> n.componentId().equals(componentId)).findFirst().orElse(null);
        ComponentStats c = v.stats().component(componentId).orElse(null);
        if (node == null || c == null) {
            return null;
        }
        boolean spout = node.kind() == ComponentKind.SPOUT;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", componentId);
        m.put("encodedId", componentId);
        m.put("name", v.name());
        m.put("topologyId", v.name());
        m.put("componentType", node.kind().stormName());
        m.put("executors", node.executors());
        m.put("tasks", node.tasks().size());
        m.put("window", ":all-time");
        m.put("windowHint", "All time");
        m.put(spout ? "spoutSummary" : "boltStats", List.of(componentRow(v, node, c)));
        List<Object> outputs = new ArrayList<>();
        for (StreamStats s : c.streams()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("stream", s.streamId());
            o.put("emitted", s.emitted());
            o.put("transferred", s.transferred());
            o.put("rate", round(v.streamRates().getOrDefault(componentId + "/" + s.streamId(), 0.0)));
            outputs.add(o);
        }
        m.put("outputStats", outputs);
        m.put("failures", reasons(c.failures()));
        List<Object> inputs = new ArrayList<>();
        for (TopologyGraph.Edge e : v.graph().edges()) {
            if (e.target().equals(componentId)) {
                inputs.add(Map.of("component", e.source(), "stream", e.stream(), "grouping", e.grouping()));
            }
        }
        m.put("inputStats", inputs);
        List<Object> executors = new ArrayList<>();
        for (TaskStats t : c.tasks()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("id", "[" + t.taskId() + "-" + t.taskId() + "]");
            e.put("taskId", t.taskId());
            e.put("uptime", uptime(v.stats().uptimeMillis() / 1000));
            e.put("host", "localhost");
            e.put("emitted", t.emitted());
            e.put("transferred", t.transferred());
            e.put("acked", t.acked());
            e.put("failed", t.failed());
            e.put("failures", reasons(t.failures()));
            if (spout) {
                LatencySummary l = t.completeLatency() == null ? LatencySummary.EMPTY : t.completeLatency();
                e.put("completeLatency", round(l.meanMs()));
                e.put("timedOut", t.timedOut());
            } else {
                e.put("executed", t.executed());
                e.put("executeLatency", round(t.executeLatencyMs()));
            }
            e.put("queueDepth", t.queueDepth());
            executors.add(e);
        }
        m.put("executorStats", executors);
        List<Object> errors = new ArrayList<>();
        for (ErrorInfo err : c.lastErrors()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("time", err.timeMillis());
            e.put("errorTime", err.timeMillis() / 1000);
            e.put("errorLapsedSecs", (System.currentTimeMillis() - err.timeMillis()) / 1000);
            e.put("errorHost", "localhost");
            e.put("taskId", err.taskId());
            e.put("error", err.message());
            if (withStackTraces) {
                e.put("stackTrace", err.stackTrace());
            }
            errors.add(e);
        }
        m.put("componentErrors", errors);
        // Gale's own: the last bucket of every metric v1 of the component's tasks.
        List<Object> metricsV1 = new ArrayList<>();
        for (MetricV1Value mv : v.metricsV1()) {
            if (mv.componentId().equals(componentId)) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("taskId", mv.taskId());
                e.put("name", mv.name());
                e.put("value", jsonValue(mv.value()));
                e.put("bucketSecs", mv.bucketSecs());
                e.put("timestamp", mv.timestampSecs());
                metricsV1.add(e);
            }
        }
        m.put("metricsV1", metricsV1);
        m.put("stuck", stuck(v.metricsV1(), componentId));
        return m;
    }

    /**
     * Gale's own: what the component's metrics v1 flag as stuck, one entry per flag. A map value's
     * entry whose key is {@code stuck} or ends in {@code /stuck} or {@code .stuck} with the value 1
     * is a flag (a Kafka spout's {@code kafkaOffset} has one per partition); the entry of the same
     * key plus {@code Reason} says why. Read from names and values only, so any component can flag.
     */
    static List<Object> stuck(List<MetricV1Value> values, String componentId) {
        List<Object> out = new ArrayList<>();
        for (MetricV1Value mv : values) {
            if (!mv.componentId().equals(componentId) || !(mv.value() instanceof Map<?, ?> map)) {
                continue;
            }
            for (Map.Entry<?, ?> e : new TreeMap<>(stringKeys(map)).entrySet()) {
                String key = (String) e.getKey();
                if (isStuckFlag(key) && e.getValue() instanceof Number n && n.doubleValue() == 1) {
                    Map<String, Object> s = new LinkedHashMap<>();
                    s.put("taskId", mv.taskId());
                    s.put("metric", mv.name());
                    s.put("subject", key.length() == STUCK.length() ? "" : key.substring(0, key.length() - STUCK.length() - 1));
                    Object reason = map.get(key + "Reason");
                    s.put("reason", reason == null ? "" : String.valueOf(reason));
                    out.add(s);
                }
            }
        }
        return out;
    }

    private static final String STUCK = "stuck";

    /** True for a flag's key: {@code stuck}, or {@code stuck} after a {@code /} or {@code .}. */
    static boolean isStuckFlag(String key) {
        return key.equals(STUCK) || key.endsWith("/" + STUCK) || key.endsWith("." + STUCK);
    }

    private static Map<String, Object> stringKeys(Map<?, ?> map) {
        Map<String, Object> out = new TreeMap<>();
        map.forEach((k, val) -> out.put(String.valueOf(k), val));
        return out;
    }

    /** A metric's value as JSON can carry it: numbers, booleans, strings, lists and maps of them; else its text. */
    static Object jsonValue(Object v) {
        if (v == null || v instanceof Number || v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof Map) {
            Map<String, Object> out = new TreeMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                out.put(String.valueOf(e.getKey()), jsonValue(e.getValue()));
            }
            return out;
        }
        if (v instanceof Collection) {
            List<Object> out = new ArrayList<>();
            for (Object o : (Collection<?>) v) {
                out.add(jsonValue(o));
            }
            return out;
        }
        return String.valueOf(v);
    }

    /** Gale's own: the drawable graph with live figures, for the page. */
    static Map<String, Object> graph(TopologyView v) {
        List<Object> nodes = new ArrayList<>();
        for (TopologyGraph.Node n : v.graph().components()) {
            ComponentStats c = v.stats().component(n.componentId()).orElse(null);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", n.componentId());
            m.put("kind", n.kind().stormName());
            m.put("executors", n.executors());
            m.put("tasks", n.tasks().size());
            m.put("queueDepth", c == null ? 0 : c.queueDepth());
            m.put("queueCapacity", v.queueCapacity().getOrDefault(n.componentId(), 0));
            m.put("rates", v.rates().getOrDefault(n.componentId(), TopologyView.ComponentRates.ZERO));
            m.put("emitted", c == null ? 0 : c.emitted());
            nodes.add(m);
        }
        List<Object> edges = new ArrayList<>();
        for (TopologyGraph.Edge e : v.graph().edges()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("source", e.source());
            m.put("stream", e.stream());
            m.put("target", e.target());
            m.put("grouping", e.grouping());
            m.put("rate", round(v.streamRates().getOrDefault(e.source() + "/" + e.stream(), 0.0)));
            edges.add(m);
        }
        return Map.of("nodes", nodes, "edges", edges);
    }

    static Map<String, Object> history(TopologyView v) {
        return Map.of("points", v.history());
    }

    static Map<String, Object> operation(String operation, String topologyId) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("topologyOperation", operation);
        m.put("topologyId", topologyId);
        m.put("status", "success");
        return m;
    }

    private static List<ComponentStats> spouts(TopologyView v) {
        return v.stats().components().stream().filter(c -> c.kind() == ComponentKind.SPOUT).toList();
    }

    private static LatencySummary latencyOf(ComponentStats c) {
        // Merging per-task summaries exactly needs their histograms; the busiest task's is shown
        // for the percentiles, the count-weighted mean for the mean.
        LatencySummary best = LatencySummary.EMPTY;
        double weighted = 0;
        long count = 0;
        for (TaskStats t : c.tasks()) {
            LatencySummary l = t.completeLatency();
            if (l == null) {
                continue;
            }
            weighted += l.meanMs() * l.count();
            count += l.count();
            if (l.count() > best.count()) {
                best = l;
            }
        }
        return count == 0 ? LatencySummary.EMPTY
                : new LatencySummary(count, weighted / count, best.p50Ms(), best.p99Ms(), best.p999Ms(), best.maxMs());
    }

    private static Map<String, Object> percentiles(LatencySummary l) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", round(l.p50Ms()));
        m.put("p99", round(l.p99Ms()));
        m.put("p999", round(l.p999Ms()));
        m.put("max", round(l.maxMs()));
        return m;
    }

    static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    static String uptime(long seconds) {
        long d = seconds / 86400;
        long h = seconds % 86400 / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        return (d > 0 ? d + "d " : "") + (d > 0 || h > 0 ? h + "h " : "") + (d > 0 || h > 0 || m > 0 ? m + "m " : "")
                + s + "s";
    }
}
