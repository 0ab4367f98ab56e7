package dev.gale.windowing;

import dev.gale.utils.Time;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds a window's events and evaluates the window: its {@link TriggerPolicy} says when, its
 * {@link EvictionPolicy} which events are in it, and its {@link WindowLifecycleListener} hears of
 * each evaluation (the events in the window, those new since the previous one, those expired
 * since) and of events leaving for good. Every {@value #EXPIRE_EVENTS_THRESHOLD} events added, the
 * events that have left the window are dropped without an evaluation, so a window that is rarely
 * evaluated does not grow without bound (windows by event time keep everything until the first
 * watermark).
 *
 * <p>Not thread-safe, unlike Storm's, whose triggers run on threads of their own: in Gale, adds,
 * evaluations and the timers that trigger them all run on the thread of the bolt task that owns
 * the window. Events added without a timestamp are stamped with {@link Time#currentTimeMillis()},
 * which on a topology's thread reads the topology's clock.
 *
 * @param <T> the type of the events' objects, such as {@code Tuple}
 */
public class WindowManager<T> implements TriggerHandler {
    /** Events added between two droppings of what left the window. */
    public static final int EXPIRE_EVENTS_THRESHOLD = 100;
    private static final Logger LOG = LoggerFactory.getLogger(WindowManager.class);
    private static final String EVICTION_STATE_KEY = "es";
    private static final String TRIGGER_STATE_KEY = "ts";

    protected final Collection<Event<T>> queue;
    protected final WindowLifecycleListener<T> windowLifecycleListener;
    protected EvictionPolicy<T, ?> evictionPolicy;
    protected TriggerPolicy<T, ?> triggerPolicy;
    /** What left the window since its last evaluation, for the next one's {@code getExpired()}. */
    private final List<T> expiredSinceEvaluation = new ArrayList<>();
    private final NewEventTracker<T> newEvents = new NewEventTracker<>();
    private int addsSinceSweep;

    public WindowManager(WindowLifecycleListener<T> lifecycleListener) {
        this(lifecycleListener, new EventQueue<>());
    }

    /**
     * @param lifecycleListener told of evaluations and expiries
     * @param queue             where the events are kept, oldest first (any collection whose
     *                          iterator removes; used on one thread)
     */
    public WindowManager(WindowLifecycleListener<T> lifecycleListener, Collection<Event<T>> queue) {
        this.windowLifecycleListener = lifecycleListener;
        this.queue = queue;
    }

    public void setEvictionPolicy(EvictionPolicy<T, ?> evictionPolicy) {
        this.evictionPolicy = evictionPolicy;
    }

    public void setTriggerPolicy(TriggerPolicy<T, ?> triggerPolicy) {
        this.triggerPolicy = triggerPolicy;
    }

    /** Adds an event stamped with the current time ({@link Time#currentTimeMillis()}). */
    public void add(T event) {
        add(event, Time.currentTimeMillis());
    }

    /** Adds an event stamped {@code ts}. */
    public void add(T event, long ts) {
        add(new EventImpl<>(event, ts));
    }

    /** Adds an event, or passes on a watermark (which the window does not keep). */
    public void add(Event<T> windowEvent) {
        if (windowEvent.isWatermark()) {
            LOG.trace("watermark at {} passed on to the window's policies", windowEvent.getTimestamp());
        } else {
            queue.add(windowEvent);
        }
        evictionPolicy.track(windowEvent);
        triggerPolicy.track(windowEvent);
        compactWindow();
    }

    /** Evaluates the window now (called by the trigger policy). */
    @Override
    public boolean onTrigger() {
        // A full pass: by event time, events out of order may be anywhere in the queue.
        List<Event<T>> window = sweep(true).inWindow();
        List<T> expired = new ArrayList<>(expiredSinceEvaluation);
        expiredSinceEvaluation.clear();
        List<T> fresh = newEvents.newSinceLastEvaluation(window);
        boolean evaluated = !window.isEmpty();
        if (evaluated) {
            List<T> contents = new ArrayList<>(window.size());
            window.forEach(event -> contents.add(event.get()));
            LOG.trace("evaluating a window of {} events, {} of them new", contents.size(), fresh.size());
            Long referenceTime = evictionPolicy.getContext().getReferenceTime();
            windowLifecycleListener.onActivation(contents, fresh, expired, referenceTime);
        } else {
            LOG.trace("trigger with an empty window: the bolt is not called");
        }
        triggerPolicy.reset();
        return evaluated;
    }

    /** Stops the trigger policy (its timer). */
    public void shutdown() {
        LOG.trace("stopping {}", this);
        if (triggerPolicy != null) {
            triggerPolicy.shutdown();
        }
    }

    /** Every {@value #EXPIRE_EVENTS_THRESHOLD} adds, drops the events that have left the window. */
    protected void compactWindow() {
        addsSinceSweep++;
        if (addsSinceSweep >= EXPIRE_EVENTS_THRESHOLD) {
            sweep(false);
        }
    }

    /**
     * Passes the events by the eviction policy, dropping what expired and telling the listener of it.
     *
     * @param full every event (an evaluation), or only up to the first that stays
     */
    private EvictionSweep<T> sweep(boolean full) {
        EvictionSweep<T> sweep = EvictionSweep.over(queue, evictionPolicy, full);
        addsSinceSweep = 0;
        List<T> gone = sweep.expired();
        LOG.trace("{} events left the window ({})", gone.size(), evictionPolicy);
        if (!gone.isEmpty()) {
            expiredSinceEvaluation.addAll(gone);
            windowLifecycleListener.onExpiry(gone);
        }
        return sweep;
    }

    /** Whether {@code ts} lies after {@code after} (exclusive) and up to {@code upTo} (inclusive). */
    private static boolean within(long ts, long after, long upTo) {
        return after < ts && ts <= upTo;
    }

    /**
     * The earliest timestamp of an event after {@code startTs} (exclusive) and up to {@code endTs}
     * (inclusive), or {@link Long#MAX_VALUE} if none.
     */
    public long getEarliestEventTs(long startTs, long endTs) {
        long earliest = Long.MAX_VALUE;
        for (Event<T> event : queue) {
            long ts = event.getTimestamp();
            if (within(ts, startTs, endTs) && ts < earliest) {
                earliest = ts;
            }
        }
        return earliest;
    }

    /** How many events have a timestamp up to {@code referenceTime} (inclusive). */
    public int getEventCount(long referenceTime) {
        int upToReference = 0;
        for (Event<T> event : queue) {
            upToReference += event.getTimestamp() > referenceTime ? 0 : 1;
        }
        return upToReference;
    }

    /**
     * Of the events after {@code startTs} (exclusive) and up to {@code endTs} (inclusive), taken in
     * arrival order, the latest timestamp among the first {@code slidingCount}, among the first
     * twice that many, and so on: the reference times of count windows by event time.
     */
    public List<Long> getSlidingCountTimestamps(long startTs, long endTs, int slidingCount) {
        List<Long> windowEnds = new ArrayList<>();
        if (startTs >= endTs) {
            return windowEnds;
        }
        long latest = Long.MIN_VALUE;
        int inRange = 0;
        for (Event<T> event : queue) {
            long ts = event.getTimestamp();
            if (!within(ts, startTs, endTs)) {
                continue;
            }
            latest = Math.max(latest, ts);
            inRange++;
            if (inRange % slidingCount == 0) {
                windowEnds.add(latest);
            }
        }
        return windowEnds;
    }

    @Override
    public String toString() {
        return "WindowManager{evictionPolicy=" + evictionPolicy + ", triggerPolicy=" + triggerPolicy + '}';
    }

    /** Takes up the policies' state saved by {@link #getState()}. */
    public void restoreState(Map<String, Optional<?>> state) {
        saved(state, EVICTION_STATE_KEY).ifPresent(value -> restore(evictionPolicy, value));
        saved(state, TRIGGER_STATE_KEY).ifPresent(value -> restore(triggerPolicy, value));
    }

    /** The policies' runtime state: the eviction policy's, then the trigger policy's (a stable order, as Storm's). */
    public Map<String, Optional<?>> getState() {
        Map<String, Optional<?>> state = new LinkedHashMap<>();
        state.put(EVICTION_STATE_KEY, Optional.ofNullable(evictionPolicy.getState()));
        state.put(TRIGGER_STATE_KEY, Optional.ofNullable(triggerPolicy.getState()));
        return state;
    }

    private static Optional<?> saved(Map<String, Optional<?>> state, String key) {
        Optional<?> value = state.get(key);
        return value == null ? Optional.empty() : value;
    }

    /** The saved value is what this very policy's {@code getState()} returned, hence of its type. */
    @SuppressWarnings("unchecked")
    private static <S> void restore(EvictionPolicy<?, S> policy, Object value) {
        policy.restoreState((S) value);
    }

    @SuppressWarnings("unchecked")
    private static <S> void restore(TriggerPolicy<?, S> policy, Object value) {
        policy.restoreState((S) value);
    }
}
