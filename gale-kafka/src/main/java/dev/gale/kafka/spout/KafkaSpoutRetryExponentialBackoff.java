package dev.gale.kafka.spout;

import dev.gale.time.Clock;
import java.io.Serializable;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;

/**
 * Retries a failed record after an exponentially growing delay: {@code initialDelay} after the
 * first failure, then {@code delayPeriod * 2^(n-1)} after the n-th, never more than
 * {@code maxDelay}; a record that failed more than {@code maxRetries} times is not retried.
 * Delays are timed on the clock the spout sets (the topology's). Confined to the spout's thread.
 */
public class KafkaSpoutRetryExponentialBackoff implements KafkaSpoutRetryService {
    private static final long serialVersionUID = 1L;

    private final TimeInterval initialDelay;
    private final TimeInterval delayPeriod;
    private final TimeInterval maxDelay;
    private final int maxRetries;
    private transient Clock clock;
    private transient Map<KafkaSpoutMessageId, Schedule> byId;
    private transient TreeSet<Schedule> byDue;
    private transient long sequence;

    /** A length of time, as storm-kafka-client's. Immutable. */
    public static class TimeInterval implements Serializable {
        private static final long serialVersionUID = 1L;
        private final long lengthNanos;
        private final TimeUnit timeUnit;
        private final long length;

        public TimeInterval(long length, TimeUnit timeUnit) {
            this.lengthNanos = timeUnit.toNanos(length);
            this.timeUnit = timeUnit;
            this.length = length;
        }

        public static TimeInterval seconds(long length) {
            return new TimeInterval(length, TimeUnit.SECONDS);
        }

        public static TimeInterval milliSeconds(long length) {
            return new TimeInterval(length, TimeUnit.MILLISECONDS);
        }

        public static TimeInterval microSeconds(long length) {
            return new TimeInterval(length, TimeUnit.MICROSECONDS);
        }

        public long lengthNanos() {
            return lengthNanos;
        }

        public TimeUnit timeUnit() {
            return timeUnit;
        }

        @Override
        public String toString() {
            return "TimeInterval{length=" + length + ", timeUnit=" + timeUnit + '}';
        }
    }

    private static final class Schedule implements Comparable<Schedule> {
        final KafkaSpoutMessageId msgId;
        final long dueNanos;
        final long seq;

        Schedule(KafkaSpoutMessageId msgId, long dueNanos, long seq) {
            this.msgId = msgId;
            this.dueNanos = dueNanos;
            this.seq = seq;
        }

        @Override
        public int compareTo(Schedule o) {
            int c = Long.compare(dueNanos, o.dueNanos);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    public KafkaSpoutRetryExponentialBackoff(TimeInterval initialDelay, TimeInterval delayPeriod, int maxRetries,
            TimeInterval maxDelay) {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0, got " + maxRetries);
        }
        this.initialDelay = initialDelay;
        this.delayPeriod = delayPeriod;
        this.maxRetries = maxRetries;
        this.maxDelay = maxDelay;
    }

    /** How many times a record may be retried after its first failure. */
    public int getMaxRetries() {
        return maxRetries;
    }

    @Override
    public void setClock(Clock clock) {
        this.clock = clock;
    }

    private long now() {
        if (clock == null) {
            clock = Clock.system();
        }
        return clock.nanos();
    }

    private void ensureState() {
        if (byId == null) {
            byId = new HashMap<>();
            byDue = new TreeSet<>();
        }
    }

    @Override
    public boolean schedule(KafkaSpoutMessageId msgId) {
        ensureState();
        if (msgId.numFails() > maxRetries) {
            remove(msgId);
            return false;
        }
        remove(msgId);
        Schedule s = new Schedule(msgId, nextDue(msgId.numFails()), sequence++);
        byId.put(msgId, s);
        byDue.add(s);
        return true;
    }

    private long nextDue(int numFails) {
        long now = now();
        long delay;
        if (numFails <= 1) {
            delay = initialDelay.lengthNanos();
        } else {
            int shift = Math.min(numFails - 1, 62);
            long factor = 1L << shift;
            long period = delayPeriod.lengthNanos();
            delay = period > 0 && factor > Long.MAX_VALUE / period ? Long.MAX_VALUE : period * factor;
        }
        delay = Math.min(delay, maxDelay.lengthNanos());
        return now + delay;
    }

    @Override
    public boolean remove(KafkaSpoutMessageId msgId) {
        ensureState();
        Schedule s = byId.remove(msgId);
        if (s == null) {
            return false;
        }
        byDue.remove(s);
        return true;
    }

    @Override
    public boolean retainAll(Collection<TopicPartition> topicPartitions) {
        ensureState();
        Set<TopicPartition> keep = new HashSet<>(topicPartitions);
        boolean changed = false;
        for (Iterator<Schedule> it = byDue.iterator(); it.hasNext(); ) {
            Schedule s = it.next();
            if (!keep.contains(s.msgId.getTopicPartition())) {
                it.remove();
                byId.remove(s.msgId);
                changed = true;
            }
        }
        return changed;
    }

    @Override
    public Map<TopicPartition, Long> earliestRetriableOffsets() {
        ensureState();
        Map<TopicPartition, Long> out = new HashMap<>();
        long now = now();
        for (Schedule s : byDue) {
            if (s.dueNanos > now) {
                break;
            }
            out.merge(s.msgId.getTopicPartition(), s.msgId.offset(), Math::min);
        }
        return out;
    }

    @Override
    public boolean isReady(KafkaSpoutMessageId msgId) {
        ensureState();
        Schedule s = byId.get(msgId);
        return s != null && s.dueNanos <= now();
    }

    @Override
    public boolean isScheduled(KafkaSpoutMessageId msgId) {
        ensureState();
        return byId.containsKey(msgId);
    }

    @Override
    public int readyMessageCount() {
        ensureState();
        long now = now();
        int n = 0;
        for (Schedule s : byDue) {
            if (s.dueNanos > now) {
                break;
            }
            n++;
        }
        return n;
    }

    @Override
    public KafkaSpoutMessageId getMessageId(TopicPartition topicPartition, long offset) {
        ensureState();
        KafkaSpoutMessageId probe = new KafkaSpoutMessageId(topicPartition, offset);
        Schedule s = byId.get(probe);
        return s == null ? probe : s.msgId;
    }

    @Override
    public String toString() {
        return "KafkaSpoutRetryExponentialBackoff{delay=" + initialDelay + ", ratio=" + delayPeriod
                + ", maxRetries=" + maxRetries + ", maxRetryDelay=" + maxDelay + '}';
    }
}
