package dev.gale.kafka.internal;

import com.codahale.metrics.Gauge;
import dev.gale.task.TopologyContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kafka spout task's offsets and lag, per assigned partition and per topic, under Storm's
 * {@code kafkaOffset} names (plus Gale's own): published as one metric v1 {@code kafkaOffset}
 * whose value is a map {@code "<topic>/partition_<n>/<name>" -> value}, {@code "<topic>/<total>"
 * -> value}, and as one metrics v2 gauge {@code kafkaOffset.<key>} per key of that map.
 *
 * <p>The end offsets come from the consumer: for a partition being fetched, its position plus
 * {@link Consumer#currentLag} (known from the last fetch, no request; the last stable offset under
 * {@code read_committed}); for a paused one, whose last fetch may be old, one
 * {@link Consumer#endOffsets} request, which honours the consumer's isolation level too. Both at most once per period of the
 * topology's clock, so the spout's thread never waits for the broker on an ordinary
 * {@code nextTuple}.
 *
 * <p>A partition is stuck when its oldest uncommitted record was first emitted longer ago than
 * the topology's message timeout; the spout says why that record is held ({@link Partition#holdReason}).
 *
 * <p>Thread-safety: {@link #maybeRefresh} and the metric v1 are called on the spout's thread
 * only (they read the consumer and the spout's state); the v2 gauges, read by any thread (a
 * Prometheus scrape), read the last published snapshot, which is immutable.
 */
public final class OffsetMetrics {
    /** The metric v1's name, and the v2 gauges' prefix: Storm's. */
    public static final String NAME = "kafkaOffset";
    private static final Logger LOG = LoggerFactory.getLogger(OffsetMetrics.class);
    private static final Duration END_OFFSETS_TIMEOUT = Duration.ofSeconds(2);

    /**
     * What the spout knows of one partition when the metrics are refreshed.
     *
     * @param committed the committed offset (with offsets in checkpoints, the checkpointed one), or -1 if none yet
     * @param position where reading would go on if nothing were pending: the base of the lag when nothing was committed
     * @param latestEmitted the highest offset emitted, or -1
     * @param oldestUncommitted the lowest offset polled and not done (acked or given up on), or -1 if none
     * @param oldestFirstEmittedNanos when that record was first emitted (topology clock), or -1 if it was not
     * @param inFlight records emitted and neither acked nor failed
     * @param waitingForRetry records failed and waiting for the retry service to emit them again
     * @param holdReason why the oldest uncommitted record is still not done, or null if nothing is pending
     */
    public record Partition(TopicPartition tp, long committed, long position, long latestEmitted,
                            long oldestUncommitted, long oldestFirstEmittedNanos, int inFlight, int waitingForRetry,
                            String holdReason) {
    }

    private final Consumer<?, ?> consumer;
    private final Supplier<List<Partition>> source;
    private final Supplier<Set<TopicPartition>> paused;
    private final long periodNanos;
    private final long messageTimeoutNanos;
    private final Map<TopicPartition, Long> endOffsets = new HashMap<>();
    private final Set<String> gauges = new HashSet<>();
    private TopologyContext context;
    private long nextRefreshNanos = Long.MIN_VALUE;
    private volatile Map<String, Object> snapshot = Map.of();

    /**
     * @param source the spout's partitions as they are now
     * @param paused the partitions the spout paused (not fetched: their end offset is asked for)
     * @param periodNanos how often end offsets are read and the gauges refreshed
     * @param messageTimeoutNanos the topology's message timeout: older oldest uncommitted records are stuck
     */
    public OffsetMetrics(Consumer<?, ?> consumer, Supplier<List<Partition>> source,
                         Supplier<Set<TopicPartition>> paused, long periodNanos, long messageTimeoutNanos) {
        this.consumer = consumer;
        this.source = source;
        this.paused = paused;
        this.periodNanos = periodNanos;
        this.messageTimeoutNanos = messageTimeoutNanos;
    }

    /**
     * Registers the metric v1 (read at each bucket end, on the task's thread: a fresh value) and
     * the v2 gauges of the keys known by then; keys of partitions assigned later get their gauges
     * at the refresh that first sees them.
     */
    public void register(TopologyContext context, int bucketSecs, Supplier<Long> now) {
        this.context = context;
        context.registerMetric(NAME, () -> {
            refresh(now.get());
            return snapshot;
        }, bucketSecs);
    }

    /** Refreshes if a period went by since the last refresh; the spout's thread calls it often. */
    public void maybeRefresh(long nowNanos) {
        if (nowNanos >= nextRefreshNanos) {
            refresh(nowNanos);
        }
    }

    /** The last published values (any thread). */
    public Map<String, Object> snapshot() {
        return snapshot;
    }

    private void refresh(long nowNanos) {
        List<Partition> parts = source.get();
        if (nowNanos >= nextRefreshNanos) {
            readEndOffsets(parts);
            nextRefreshNanos = nowNanos + periodNanos;
        }
        Map<String, Object> m = new TreeMap<>();
        Map<String, long[]> topics = new TreeMap<>();
        Set<TopicPartition> assigned = new HashSet<>();
        for (Partition p : parts) {
            assigned.add(p.tp());
            String at = p.tp().topic() + "/partition_" + p.tp().partition() + "/";
            Long end = endOffsets.get(p.tp());
            long base = p.committed() >= 0 ? p.committed() : p.position();
            long lag = end == null || base < 0 ? 0 : Math.max(0, end - base);
            long age = p.oldestFirstEmittedNanos() < 0 ? 0 : Math.max(0, nowNanos - p.oldestFirstEmittedNanos());
            boolean stuck = p.oldestUncommitted() >= 0 && p.oldestFirstEmittedNanos() >= 0 && age > messageTimeoutNanos;
            m.put(at + "latestTimeOffset", end == null ? -1L : end);
            m.put(at + "latestCompletedOffset", p.committed());
            m.put(at + "latestEmittedOffset", p.latestEmitted());
            m.put(at + "spoutLag", lag);
            m.put(at + "oldestUncommittedOffset", p.oldestUncommitted());
            m.put(at + "oldestUncommittedAgeMs", age / 1_000_000L);
            m.put(at + "inFlight", (long) p.inFlight());
            m.put(at + "waitingForRetry", (long) p.waitingForRetry());
            m.put(at + "stuck", stuck ? 1L : 0L);
            m.put(at + "stuckReason", stuck ? "offset " + p.oldestUncommitted() + " uncommitted for "
                    + age / 1_000_000_000L + " s: " + p.holdReason() : "");
            long[] t = topics.computeIfAbsent(p.tp().topic(), k -> new long[7]);
            t[0] += lag;
            t[1] += end == null ? 0 : end;
            t[2] += Math.max(0, p.latestEmitted());
            t[3] += Math.max(0, p.committed());
            t[4] += p.inFlight();
            t[5] += p.waitingForRetry();
            t[6] += stuck ? 1 : 0;
        }
        topics.forEach((topic, t) -> {
            m.put(topic + "/totalSpoutLag", t[0]);
            m.put(topic + "/totalLatestTimeOffset", t[1]);
            m.put(topic + "/totalLatestEmittedOffset", t[2]);
            m.put(topic + "/totalLatestCompletedOffset", t[3]);
            m.put(topic + "/totalInFlight", t[4]);
            m.put(topic + "/totalWaitingForRetry", t[5]);
            m.put(topic + "/stuckPartitions", t[6]);
        });
        endOffsets.keySet().retainAll(assigned);
        // Gauges first: a reader that sees this snapshot through one gauge finds every key's gauge.
        registerGauges(m.keySet());
        snapshot = Map.copyOf(m);
    }

    private void registerGauges(Set<String> keys) {
        if (context == null) {
            return;
        }
        for (String key : keys) {
            if (gauges.add(key)) {
                // A partition revoked since reads null: nothing is exported for it.
                context.registerGauge(NAME + "." + key, (Gauge<Object>) () -> snapshot.get(key));
            }
        }
    }

    private void readEndOffsets(List<Partition> parts) {
        Set<TopicPartition> notFetched = paused.get();
        List<TopicPartition> ask = new ArrayList<>();
        for (Partition p : parts) {
            TopicPartition tp = p.tp();
            if (notFetched.contains(tp)) {
                ask.add(tp); // its last fetch is old: ask
                continue;
            }
            try {
                OptionalLong lag = consumer.currentLag(tp);
                // Unknown until the partition's first fetch answers, which is soon: no request for it.
                if (lag.isPresent()) {
                    endOffsets.put(tp, consumer.position(tp, Duration.ZERO) + lag.getAsLong());
                }
            } catch (UnsupportedOperationException e) {
                ask.add(tp); // a consumer of the user's own (createConsumer) that does not know
            } catch (KafkaException | IllegalStateException e) {
                LOG.debug("the lag of {} is not known yet: {}", tp, e.toString());
            }
        }
        if (ask.isEmpty()) {
            return;
        }
        try {
            endOffsets.putAll(consumer.endOffsets(ask, END_OFFSETS_TIMEOUT));
        } catch (KafkaException | UnsupportedOperationException e) {
            // Keep the last known ones; the next period asks again.
            LOG.debug("reading the end offsets of {} failed: {}", ask, e.toString());
        }
    }
}
