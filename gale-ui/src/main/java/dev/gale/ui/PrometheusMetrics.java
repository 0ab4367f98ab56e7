package dev.gale.ui;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import dev.gale.LocalCluster;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.MetricV1Value;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyStats;
import dev.gale.stats.UserMetric;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cluster's counters in Prometheus' text format, read from the engine when scraped (so a
 * scrape costs the topology nothing in between). Names follow Prometheus conventions: counters
 * end in {@code _total}, durations are in seconds, labels are {@code topology}, {@code component},
 * {@code task} and {@code stream}.
 *
 * <p>Thread-safe: every scrape builds its own snapshot.
 */
final class PrometheusMetrics implements MultiCollector {
    static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private final LocalCluster cluster;

    PrometheusMetrics(LocalCluster cluster) {
        this.cluster = cluster;
    }

    /** The text exposition of every metric. */
    String scrape() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PrometheusTextFormatWriter.create().write(out, collect());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Override
    public MetricSnapshots collect() {
        Family active = new Family("gale_topology_active", "1 if the topology's spouts are active, 0 if deactivated");
        Family uptime = new Family("gale_topology_uptime_seconds", "Seconds since the topology was submitted");
        Family emitted = new Family("gale_emitted", "Tuples emitted, per output stream");
        Family transferred = new Family("gale_transferred", "Tuple copies sent to target tasks, per output stream");
        Family executed = new Family("gale_executed", "Tuples executed by a bolt task (ticks included)");
        Family acked = new Family("gale_acked", "Bolts: inputs acked; spouts: tuple trees completed");
        Family failed = new Family("gale_failed", "Bolts: inputs failed; spouts: trees failed or timed out");
        Family timedOut = new Family("gale_timed_out", "Spouts: trees failed because they timed out");
        Family failures = new Family("gale_failures", "Failures by reason: spouts, why their trees failed; bolts,"
                + " inputs they failed (FAILED) or threw on (THREW), and timed-out traced trees they held (TIMEOUT)");
        Family executeLatency = new Family("gale_execute_latency_seconds", "Mean time in execute, sampled 1 tuple in 8");
        Family queueDepth = new Family("gale_queue_depth", "Messages waiting in the component's receive queues");
        Family queueCapacity = new Family("gale_queue_capacity", "Slots of the component's receive queues");
        SummarySnapshot.Builder complete = SummarySnapshot.builder().name("gale_complete_latency_seconds")
                .help("Time from a spout's emit to its tuple tree's completion");
        boolean anyComplete = false;
        Family userCounter = new Family("gale_user_counter", "Counters components registered (TopologyContext.registerCounter)");
        Family userMeter = new Family("gale_user_meter", "Events marked on meters components registered (registerMeter)");
        Family userGauge = new Family("gale_user_gauge", "Numeric gauges components registered (registerGauge)");
        SummarySnapshot.Builder userHistogram = SummarySnapshot.builder().name("gale_user_histogram")
                .help("Histograms components registered (registerHistogram), over the last minute");
        SummarySnapshot.Builder userTimer = SummarySnapshot.builder().name("gale_user_timer_seconds")
                .help("Timers components registered (registerTimer), over the last minute");
        boolean anyHistogram = false;
        boolean anyTimer = false;
        Family userV1 = new Family("gale_user_metric_v1", "Last bucket of the metrics v1 components registered"
                + " (TopologyContext.registerMetric); a map value gives one series per key");
        Family userV1Info = new Family("gale_user_metric_v1_info", "Text values of the metrics v1 components registered"
                + " (a map's text entries, such as a Kafka spout's stuckReason): always 1, the text in the label value");
        Family userGaugeInfo = new Family("gale_user_gauge_info", "Text gauges components registered (registerGauge):"
                + " always 1, the text in the label value");

        for (String topology : cluster.getTopologyNames()) {
            TopologyStats stats;
            String status;
            try {
                stats = cluster.getTopologyStats(topology);
                status = cluster.getTopologyStatus(topology);
            } catch (RuntimeException killedMeanwhile) {
                continue;
            }
            active.add(status.equals("ACTIVE") ? 1 : 0, "topology", topology);
            uptime.add(stats.uptimeMillis() / 1000.0, "topology", topology);
            for (ComponentStats c : stats.components()) {
                String comp = c.componentId();
                queueDepth.add(c.queueDepth(), "topology", topology, "component", comp);
                for (TaskStats t : c.tasks()) {
                    String task = Integer.toString(t.taskId());
                    for (StreamStats s : t.streams()) {
                        emitted.add(s.emitted(), "topology", topology, "component", comp, "task", task,
                                "stream", s.streamId());
                        transferred.add(s.transferred(), "topology", topology, "component", comp, "task", task,
                                "stream", s.streamId());
                    }
                    acked.add(t.acked(), "topology", topology, "component", comp, "task", task);
                    failed.add(t.failed(), "topology", topology, "component", comp, "task", task);
                    t.failures().forEach((reason, n) -> failures.add(n, "topology", topology, "component", comp,
                            "task", task, "reason", reason.name()));
                    if (c.kind() == ComponentKind.SPOUT) {
                        timedOut.add(t.timedOut(), "topology", topology, "component", comp, "task", task);
                        LatencySummary l = t.completeLatency();
                        if (l != null) {
                            anyComplete = true;
                            complete.dataPoint(SummaryDataPointSnapshot.builder()
                                    .labels(Labels.of("topology", topology, "component", comp, "task", task))
                                    .count(l.count()).sum(l.meanMs() * l.count() / 1000.0)
                                    .quantiles(Quantiles.of(new Quantile(0.5, l.p50Ms() / 1000.0),
                                            new Quantile(0.99, l.p99Ms() / 1000.0),
                                            new Quantile(0.999, l.p999Ms() / 1000.0)))
                                    .build());
                        }
                    } else {
                        executed.add(t.executed(), "topology", topology, "component", comp, "task", task);
                        executeLatency.add(t.executeLatencyMs() / 1000.0, "topology", topology, "component", comp,
                                "task", task);
                    }
                }
            }
            List<UserMetric> user;
            try {
                user = cluster.getUserMetrics(topology);
            } catch (RuntimeException killedMeanwhile) {
                user = List.of();
            }
            for (UserMetric um : user) {
                String[] l = {"topology", topology, "component", um.componentId(), "task", Integer.toString(um.taskId()),
                    "metric", um.name()};
                Metric m = um.metric();
                if (m instanceof Counter) {
                    userCounter.add(((Counter) m).getCount(), l);
                } else if (m instanceof Meter) {
                    userMeter.add(((Meter) m).getCount(), l);
                } else if (m instanceof Gauge) {
                    Object v = ((Gauge<?>) m).getValue();
                    if (v instanceof Number) {
                        userGauge.add(((Number) v).doubleValue(), l);
                    } else if (v instanceof String && !((String) v).isEmpty()) {
                        userGaugeInfo.add(1, "topology", topology, "component", um.componentId(), "task",
                                Integer.toString(um.taskId()), "metric", um.name(), "value", (String) v);
                    }
                } else if (m instanceof Timer) {
                    anyTimer = true;
                    userTimer.dataPoint(summary(((Timer) m).getCount(), ((Timer) m).getSnapshot(), 1e-9, l));
                } else if (m instanceof Histogram) {
                    anyHistogram = true;
                    userHistogram.dataPoint(summary(((Histogram) m).getCount(), ((Histogram) m).getSnapshot(), 1, l));
                }
            }
            List<MetricV1Value> v1;
            try {
                v1 = cluster.getMetricV1Values(topology);
            } catch (RuntimeException killedMeanwhile) {
                v1 = List.of();
            }
            for (MetricV1Value mv : v1) {
                String task = Integer.toString(mv.taskId());
                if (mv.value() instanceof Number) {
                    userV1.add(((Number) mv.value()).doubleValue(), "topology", topology, "component", mv.componentId(),
                            "task", task, "metric", mv.name());
                } else if (mv.value() instanceof Map) {
                    for (Map.Entry<?, ?> e : ((Map<?, ?>) mv.value()).entrySet()) {
                        if (e.getValue() instanceof Number) {
                            userV1.add(((Number) e.getValue()).doubleValue(), "topology", topology, "component",
                                    mv.componentId(), "task", task, "metric", mv.name(), "key",
                                    String.valueOf(e.getKey()));
                        } else if (e.getValue() instanceof String && !((String) e.getValue()).isEmpty()) {
                            userV1Info.add(1, "topology", topology, "component", mv.componentId(), "task", task,
                                    "metric", mv.name(), "key", String.valueOf(e.getKey()), "value", (String) e.getValue());
                        }
                    }
                }
            }
            for (ComponentStats c : stats.components()) {
                queueCapacity.add(c.queueCapacity(), "topology", topology, "component", c.componentId());
            }
        }
        List<MetricSnapshot> all = new ArrayList<>();
        all.add(active.gauge());
        all.add(uptime.gauge());
        all.add(emitted.counter());
        all.add(transferred.counter());
        all.add(executed.counter());
        all.add(acked.counter());
        all.add(failed.counter());
        all.add(timedOut.counter());
        all.add(failures.counter());
        all.add(executeLatency.gauge());
        all.add(queueDepth.gauge());
        all.add(queueCapacity.gauge());
        if (anyComplete) {
            all.add(complete.build());
        }
        all.add(userCounter.counter());
        all.add(userMeter.counter());
        all.add(userGauge.gauge());
        if (anyHistogram) {
            all.add(userHistogram.build());
        }
        if (anyTimer) {
            all.add(userTimer.build());
        }
        all.add(userV1.gauge());
        all.add(userV1Info.gauge());
        all.add(userGaugeInfo.gauge());
        return new MetricSnapshots(all);
    }

    /** A user histogram or timer as a summary; {@code scale} turns its values into the unit shown. */
    private static SummaryDataPointSnapshot summary(long count, Snapshot snap, double scale, String... labels) {
        return SummaryDataPointSnapshot.builder().labels(Labels.of(labels)).count(count)
                .sum(snap.getMean() * snap.size() * scale)
                .quantiles(Quantiles.of(new Quantile(0.5, snap.getMedian() * scale),
                        new Quantile(0.99, snap.get99thPercentile() * scale),
                        new Quantile(0.999, snap.get999thPercentile() * scale)))
                .build();
    }

    /** The data points of one metric while they are gathered. */
    private static final class Family {
        private final String name;
        private final String help;
        private final List<double[]> values = new ArrayList<>();
        private final List<Labels> labels = new ArrayList<>();

        Family(String name, String help) {
            this.name = name;
            this.help = help;
        }

        void add(double value, String... labelPairs) {
            values.add(new double[] {value});
            labels.add(Labels.of(labelPairs));
        }

        CounterSnapshot counter() {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
            for (int i = 0; i < values.size(); i++) {
                b.dataPoint(CounterDataPointSnapshot.builder().value(values.get(i)[0]).labels(labels.get(i)).build());
            }
            return b.build();
        }

        GaugeSnapshot gauge() {
            GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
            for (int i = 0; i < values.size(); i++) {
                b.dataPoint(GaugeDataPointSnapshot.builder().value(values.get(i)[0]).labels(labels.get(i)).build());
            }
            return b.build();
        }
    }
}
