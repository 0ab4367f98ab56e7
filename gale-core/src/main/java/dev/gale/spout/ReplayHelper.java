package dev.gale.spout;

import dev.gale.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * Replays a spout's failed messages with exponential backoff on the topology's clock, up to a
 * number of attempts, then hands them to a dead-letter handler with the attempt count and the
 * last {@link FailureInfo} (Gale addition). It works with any spout: the spout tells it what it
 * emitted, what was acked and what failed, and asks it in {@code nextTuple} for a message whose
 * retry is due.
 *
 * <pre>{@code
 * public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
 *     replay = ReplayHelper.<String>builder(context.getClock())
 *             .maxAttempts(5).backoff(Duration.ofMillis(100), Duration.ofSeconds(30))
 *             .deadLetter(ReplayHelper.toStream(collector, "dead"))
 *             .build();
 * }
 * public void nextTuple() {
 *     ReplayHelper.Retry<String> retry = replay.nextDue();
 *     String line = retry != null ? retry.message() : source.poll();
 *     Object id = retry != null ? retry.msgId() : newId();
 *     if (line != null) {
 *         replay.emitted(id, line);
 *         collector.emit(new Values(line), id);
 *     }
 * }
 * public void ack(Object msgId) { replay.acked(msgId); }
 * public void fail(Object msgId, FailureInfo info) { replay.failed(msgId, info); }
 * }</pre>
 *
 * <p>The n-th failure of a message (n from 1) makes it due again {@code initial * multiplier^(n-1)}
 * later, at most {@code max}; the {@code maxAttempts}-th failure sends it to the dead letters
 * instead. Attempts count emits: a message emitted once and failed once has had one attempt.
 *
 * <p>Not thread-safe: call it from the spout's own methods, which run on one thread.
 *
 * @param <M> what the spout needs to emit a message again (the record, the line, the values)
 */
public final class ReplayHelper<M> {

    /** Where messages go that failed on every attempt. */
    @FunctionalInterface
    public interface DeadLetter<M> {
        /**
         * @param msgId the message id the spout emitted it with
         * @param message what the spout registered with {@link ReplayHelper#emitted}
         * @param attempts how many times it was emitted
         * @param last why its last attempt failed
         */
        void deadLetter(Object msgId, M message, int attempts, FailureInfo last);
    }

    /** A message whose retry is due: emit it again with its message id. Immutable. */
    public static final class Retry<M> {
        private final Object msgId;
        private final M message;
        private final int attempt;
        private final FailureInfo lastFailure;

        Retry(Object msgId, M message, int attempt, FailureInfo lastFailure) {
            this.msgId = msgId;
            this.message = message;
            this.attempt = attempt;
            this.lastFailure = lastFailure;
        }

        public Object msgId() {
            return msgId;
        }

        public M message() {
            return message;
        }

        /** Which attempt this emit will be (2 for the first retry). */
        public int attempt() {
            return attempt;
        }

        /** Why the previous attempt failed. */
        public FailureInfo lastFailure() {
            return lastFailure;
        }
    }

    /** The fields of the tuples {@link #toStream} emits: declare the stream with them. */
    public static final List<String> DEAD_LETTER_FIELDS = List.of("msgId", "message", "attempts", "reason", "error");

    /**
     * A dead-letter handler that emits each dead message, untracked, on {@code streamId} of the
     * spout, with the fields {@link #DEAD_LETTER_FIELDS}: the message id, the message, the attempt
     * count, the last reason's name and its exception text (or null). Subscribe a bolt to that
     * stream to store or report them; the spout declares it, e.g.
     * {@code declarer.declareStream("dead", new Fields(ReplayHelper.DEAD_LETTER_FIELDS))}.
     */
    public static <M> DeadLetter<M> toStream(SpoutOutputCollector collector, String streamId) {
        Objects.requireNonNull(collector, "collector");
        Objects.requireNonNull(streamId, "streamId");
        return (msgId, message, attempts, last) -> collector.emit(streamId,
                Arrays.asList(msgId, message, attempts, last.reason().name(), last.errorText()));
    }

    public static <M> Builder<M> builder(Clock clock) {
        return new Builder<>(clock);
    }

    /** Settings of a {@link ReplayHelper}. Not thread-safe. */
    public static final class Builder<M> {
        private final Clock clock;
        private int maxAttempts = 3;
        private long initialNanos = Duration.ofSeconds(1).toNanos();
        private long maxNanos = Duration.ofMinutes(1).toNanos();
        private double multiplier = 2;
        private DeadLetter<M> deadLetter;

        private Builder(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock: the topology's, from TopologyContext.getClock()");
        }

        /** Emits in all, the first included, before a message goes to the dead letters; at least 1. Default 3. */
        public Builder<M> maxAttempts(int maxAttempts) {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
            }
            this.maxAttempts = maxAttempts;
            return this;
        }

        /** The wait before the first retry, and the most any retry waits. Default 1 s and 1 min. */
        public Builder<M> backoff(Duration initial, Duration max) {
            if (initial.isNegative() || max.compareTo(initial) < 0) {
                throw new IllegalArgumentException("backoff needs 0 <= initial <= max, got " + initial + " and " + max);
            }
            this.initialNanos = initial.toNanos();
            this.maxNanos = max.toNanos();
            return this;
        }

        /** How much longer each retry waits than the one before; at least 1. Default 2. */
        public Builder<M> multiplier(double multiplier) {
            if (!(multiplier >= 1)) {
                throw new IllegalArgumentException("multiplier must be at least 1, got " + multiplier);
            }
            this.multiplier = multiplier;
            return this;
        }

        /** Where messages go that failed {@code maxAttempts} times. Required. */
        public Builder<M> deadLetter(DeadLetter<M> deadLetter) {
            this.deadLetter = Objects.requireNonNull(deadLetter, "deadLetter");
            return this;
        }

        public ReplayHelper<M> build() {
            if (deadLetter == null) {
                throw new IllegalStateException("ReplayHelper needs a deadLetter handler: a callback, or "
                        + "ReplayHelper.toStream(collector, streamId)");
            }
            return new ReplayHelper<>(this);
        }
    }

    private static final class Entry<M> {
        final Object msgId;
        final M message;
        int attempts;
        FailureInfo lastFailure;
        long dueNanos;
        /** Order of the failure among those due at the same nanosecond: ties come out first failed, first out. */
        long order;
        boolean waiting;

        Entry(Object msgId, M message) {
            this.msgId = msgId;
            this.message = message;
        }
    }

    private final Clock clock;
    private final int maxAttempts;
    private final long initialNanos;
    private final long maxNanos;
    private final double multiplier;
    private final DeadLetter<M> deadLetter;
    private final Map<Object, Entry<M>> byId = new HashMap<>();
    private final PriorityQueue<Entry<M>> due = new PriorityQueue<>(ReplayHelper::compareDue);
    private long failures;

    private ReplayHelper(Builder<M> b) {
        this.clock = b.clock;
        this.maxAttempts = b.maxAttempts;
        this.initialNanos = b.initialNanos;
        this.maxNanos = b.maxNanos;
        this.multiplier = b.multiplier;
        this.deadLetter = b.deadLetter;
    }

    /**
     * The spout emitted {@code message} with {@code msgId}: a new message, or the retry
     * {@link #nextDue} gave (then {@code message} is ignored and the attempt counted).
     */
    public void emitted(Object msgId, M message) {
        Entry<M> e = byId.get(msgId);
        if (e == null) {
            e = new Entry<>(msgId, message);
            byId.put(msgId, e);
        } else if (e.waiting) { // emitted again before its retry was due: it is no longer waiting
            due.remove(e);
            e.waiting = false;
        }
        e.attempts++;
    }

    /** The message's tree completed: it is forgotten. */
    public void acked(Object msgId) {
        Entry<M> e = byId.remove(msgId);
        if (e != null && e.waiting) {
            due.remove(e);
        }
    }

    /**
     * The message's tree failed: it is due again after its backoff, or goes to the dead letters
     * if that was its last attempt. A message id the helper was not told of is ignored (false).
     *
     * @return true if it will be retried, false if it went to the dead letters (or was unknown)
     */
    public boolean failed(Object msgId, FailureInfo info) {
        Objects.requireNonNull(info, "info");
        Entry<M> e = byId.get(msgId);
        if (e == null || e.waiting) {
            return false;
        }
        e.lastFailure = info;
        if (e.attempts >= maxAttempts) {
            byId.remove(msgId);
            deadLetter.deadLetter(e.msgId, e.message, e.attempts, info);
            return false;
        }
        e.dueNanos = clock.nanos() + backoffNanos(e.attempts);
        e.order = failures++;
        e.waiting = true;
        due.add(e);
        return true;
    }

    /** The wait after the {@code failures}-th failure (from 1): initial * multiplier^(failures-1), at most max. */
    public long backoffNanos(int failures) {
        double d = initialNanos * Math.pow(multiplier, Math.max(0, failures - 1));
        return d >= maxNanos ? maxNanos : (long) d;
    }

    /**
     * A message whose retry is due now on the clock, earliest due first, or null; it stays known
     * to the helper, which expects it {@link #emitted} again.
     */
    public Retry<M> nextDue() {
        Entry<M> e = due.peek();
        if (e == null || e.dueNanos > clock.nanos()) {
            return null;
        }
        due.poll();
        e.waiting = false;
        return new Retry<>(e.msgId, e.message, e.attempts + 1, e.lastFailure);
    }

    /** Nanoseconds on the clock until the next retry is due (0 if one is due now), or -1 if none waits. */
    public long nanosUntilNextDue() {
        Entry<M> e = due.peek();
        return e == null ? -1 : Math.max(0, e.dueNanos - clock.nanos());
    }

    private static int compareDue(Entry<?> a, Entry<?> b) {
        int c = Long.compare(a.dueNanos, b.dueNanos);
        return c != 0 ? c : Long.compare(a.order, b.order);
    }

    /** Messages emitted and not yet acked or dead, waiting for a retry or not. */
    public int inFlight() {
        return byId.size();
    }

    /** Messages waiting for their retry to be due. */
    public int waiting() {
        return due.size();
    }

    /** How many times the message was emitted so far, or 0 if it is not known (acked, dead, never emitted). */
    public int attempts(Object msgId) {
        Entry<M> e = byId.get(msgId);
        return e == null ? 0 : e.attempts;
    }

    /** The ids of the messages waiting for a retry, earliest due first (for tools and tests). */
    public List<Object> waitingIds() {
        List<Entry<M>> sorted = new ArrayList<>(due);
        sorted.sort(ReplayHelper::compareDue);
        List<Object> out = new ArrayList<>(sorted.size());
        for (Entry<M> e : sorted) {
            out.add(e.msgId);
        }
        return out;
    }
}
