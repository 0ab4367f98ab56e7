package dev.gale.ui;

import dev.gale.LocalCluster;
import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.StreamStats;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyGraph;
import dev.gale.stats.TopologyStats;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads every topology's counters once per period on a thread of its own and keeps what the page
 * shows: latest counters, rates since the previous read, a few minutes of history. The engine is
 * never touched per tuple: its tasks already keep their counters, this only reads them, so a
 * topology pays nothing for being watched beyond one read per period.
 *
 * <p>Thread-safe: one thread samples, any thread reads {@link #view}.
 */
final class Sampler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Sampler.class);

    private final LocalCluster cluster;
    private final int historyPoints;
    private final ScheduledExecutorService thread;
    private final Map<String, TopologyView> views = new ConcurrentHashMap<>();
    /** Sampler-thread state: the previous read and the history, per topology. */
    private final Map<String, Deque<TopologyView.HistoryPoint>> histories = new HashMap<>();
    private final Map<String, TopologyGraph> graphs = new HashMap<>();

    Sampler(LocalCluster cluster, long periodMillis, int historyPoints) {
        this.cluster = cluster;
        this.historyPoints = historyPoints;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gale-ui-sampler");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleAtFixedRate(this::sampleSafely, 0, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** The latest view of a topology, or null if it is not running (or not yet sampled). */
    TopologyView view(String name) {
        return cluster.getTopologyNames().contains(name) ? views.get(name) : null;
    }

    /** The latest views of every running topology, by name; one killed since the last sample is left out. */
    Map<String, TopologyView> views() {
        Map<String, TopologyView> out = new HashMap<>(views);
        out.keySet().retainAll(cluster.getTopologyNames());
        return out;
    }

    /** Samples now, on the sampler's thread, and waits for it: after an action, so the page sees it at once. */
    void sampleNow() {
        try {
            thread.submit(this::sampleSafely).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.debug("immediate sample did not complete", e);
        }
    }

    private void sampleSafely() {
        try {
            sample();
        } catch (RuntimeException e) {
            LOG.warn("sampling the cluster failed; next period retries", e);
        }
    }

    private void sample() {
        Set<String> names = cluster.getTopologyNames();
        views.keySet().retainAll(names);
        histories.keySet().retainAll(names);
        graphs.keySet().retainAll(names);
        for (String name : names) {
            try {
                views.put(name, sample(name, views.get(name)));
            } catch (RuntimeException e) {
                // Killed between listing and reading: dropped at the next period.
                views.remove(name);
            }
        }
    }

    private TopologyView sample(String name, TopologyView previous) {
        long now = System.currentTimeMillis();
        TopologyStats stats = cluster.getTopologyStats(name);
        String status = cluster.getTopologyStatus(name);
        TopologyGraph graph = graphs.computeIfAbsent(name, cluster::getTopologyGraph);
        Map<String, Long> pending = new LinkedHashMap<>();
        Map<String, Integer> queueCapacity = new LinkedHashMap<>();
        for (ComponentStats c : stats.components()) {
            queueCapacity.put(c.componentId(), c.queueCapacity());
            if (c.kind() == ComponentKind.SPOUT) {
                pending.put(c.componentId(), c.pendingTrees());
            }
        }

        double seconds = previous == null ? 0 : (now - previous.sampledAtMillis()) / 1000.0;
        Map<String, TopologyView.ComponentRates> rates = new LinkedHashMap<>();
        Map<String, Double> streamRates = new LinkedHashMap<>();
        double emittedPerSec = 0;
        double ackedPerSec = 0;
        double failedPerSec = 0;
        for (ComponentStats c : stats.components()) {
            ComponentStats before = previous == null ? null : previous.stats().component(c.componentId()).orElse(null);
            if (before == null || seconds <= 0) {
                rates.put(c.componentId(), TopologyView.ComponentRates.ZERO);
                continue;
            }
            TopologyView.ComponentRates r = new TopologyView.ComponentRates(
                    (c.emitted() - before.emitted()) / seconds, (c.executed() - before.executed()) / seconds,
                    (c.acked() - before.acked()) / seconds, (c.failed() - before.failed()) / seconds,
                    capacity(c, before, seconds));
            rates.put(c.componentId(), r);
            for (StreamStats s : c.streams()) {
                long was = before.streams().stream().filter(b -> b.streamId().equals(s.streamId()))
                        .mapToLong(StreamStats::emitted).findFirst().orElse(0);
                streamRates.put(c.componentId() + "/" + s.streamId(), (s.emitted() - was) / seconds);
            }
            if (c.kind() == ComponentKind.SPOUT) {
                emittedPerSec += r.emitted();
                ackedPerSec += r.acked();
                failedPerSec += r.failed();
            }
        }

        Deque<TopologyView.HistoryPoint> history = histories.computeIfAbsent(name, k -> new ArrayDeque<>());
        if (previous != null && seconds > 0) {
            history.addLast(new TopologyView.HistoryPoint(now, emittedPerSec, ackedPerSec, failedPerSec,
                    intervalMeanLatency(stats, previous.stats())));
            while (history.size() > historyPoints) {
                history.removeFirst();
            }
        }
        return new TopologyView(name, status, now, stats, graph, rates, streamRates, pending, queueCapacity,
                stats.messageTimeoutSecs(), List.copyOf(history), cluster.getMetricV1Values(name));
    }

    /** Storm's capacity: the busiest task's executed-in-interval times its mean execute latency, over the interval. */
    private static double capacity(ComponentStats now, ComponentStats before, double seconds) {
        double max = 0;
        for (TaskStats t : now.tasks()) {
            long was = before.tasks().stream().filter(b -> b.taskId() == t.taskId())
                    .mapToLong(TaskStats::executed).findFirst().orElse(0);
            max = Math.max(max, (t.executed() - was) * t.executeLatencyMs() / (seconds * 1000));
        }
        return Math.min(max, 9.999);
    }

    /** The mean complete latency of the trees completed between two reads: from count and mean of each. */
    private static double intervalMeanLatency(TopologyStats now, TopologyStats before) {
        long n = now.completeLatency().count() - before.completeLatency().count();
        if (n <= 0) {
            return 0;
        }
        double sum = now.completeLatency().meanMs() * now.completeLatency().count()
                - before.completeLatency().meanMs() * before.completeLatency().count();
        return Math.max(0, sum / n);
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }

    static List<String> sortedNames(Map<String, TopologyView> views) {
        List<String> names = new ArrayList<>(views.keySet());
        names.sort(null);
        return names;
    }
}
