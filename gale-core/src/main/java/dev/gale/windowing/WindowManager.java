package dev.gale.windowing;

import dev.gale.utils.Time;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    /** What left the window since its last evaluation, for the next one's {@code getExpired()}. */
    private final List<T> expiredEvents = new ArrayList<>();
    /**
     * The previous evaluation's events that are not {@link EventImpl}s (events of a class of the
     * user's own): new events are told from the others by this set; {@link EventImpl}s carry the
     * number of the last evaluation that had them instead.
     */
    private Set<Event<T>> prevForeignEvents = Collections.emptySet();
    /** Evaluations so far. */
    private long activations;
    private int eventsSinceLastExpiry;
    protected EvictionPolicy<T, ?> evictionPolicy;
    protected TriggerPolicy<T, ?> triggerPolicy;

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
        if (!windowEvent.isWatermark()) {
            queue.add(windowEvent);
        } else {
            LOG.debug("Got watermark event with ts {}", windowEvent.getTimestamp());
        }
        track(windowEvent);
        compactWindow();
    }

    /** Evaluates the window now (called by the trigger policy). */
    @Override
    public boolean onTrigger() {
        // A full scan: by time, events out of order may be anywhere in the queue.
        List<Event<T>> windowEvents = scanEvents(true);
        List<T> expired = new ArrayList<>(expiredEvents);
        expiredEvents.clear();
        long current = ++activations;
        List<T> events = new ArrayList<>(windowEvents.size());
        List<T> newEvents = new ArrayList<>();
        Set<Event<T>> foreign = null;
        for (Event<T> event : windowEvents) {
            events.add(event.get());
            boolean isNew;
            if (event instanceof EventImpl) {
                EventImpl<T> e = (EventImpl<T>) event;
                isNew = e.lastActivation != current - 1;
                e.lastActivation = current;
            } else {
                isNew = !prevForeignEvents.contains(event);
                if (foreign == null) {
                    foreign = new HashSet<>();
                }
                foreign.add(event);
            }
            if (isNew) {
                newEvents.add(event.get());
            }
        }
        prevForeignEvents = foreign == null ? Collections.emptySet() : foreign;
        if (!events.isEmpty()) {
            LOG.debug("invoking windowLifecycleListener onActivation, [{}] events in window.", events.size());
            windowLifecycleListener.onActivation(events, newEvents, expired, evictionPolicy.getContext().getReferenceTime());
        } else {
            LOG.debug("No events in the window, skipping onActivation");
        }
        triggerPolicy.reset();
        return !events.isEmpty();
    }

    /** Stops the trigger policy (its timer). */
    public void shutdown() {
        LOG.debug("Shutting down WindowManager");
        if (triggerPolicy != null) {
            triggerPolicy.shutdown();
        }
    }

    /** Every {@value #EXPIRE_EVENTS_THRESHOLD} adds, drops the events that have left the window. */
    protected void compactWindow() {
        if (++eventsSinceLastExpiry >= EXPIRE_EVENTS_THRESHOLD) {
            scanEvents(false);
        }
    }

    private void track(Event<T> windowEvent) {
        evictionPolicy.track(windowEvent);
        triggerPolicy.track(windowEvent);
    }

    /**
     * Asks the eviction policy about the events, oldest first, removing those that expire.
     *
     * @param fullScan every event (an evaluation), or only up to the first that does not expire
     * @return the events in the window now (empty if not a full scan)
     */
    private List<Event<T>> scanEvents(boolean fullScan) {
        LOG.debug("Scan events, eviction policy {}", evictionPolicy);
        List<T> eventsToExpire = new ArrayList<>();
        List<Event<T>> eventsToProcess = new ArrayList<>();
        Iterator<Event<T>> it = queue.iterator();
        while (it.hasNext()) {
            Event<T> windowEvent = it.next();
            EvictionPolicy.Action action = evictionPolicy.evict(windowEvent);
            if (action == EvictionPolicy.Action.EXPIRE) {
                eventsToExpire.add(windowEvent.get());
                it.remove();
            } else if (!fullScan || action == EvictionPolicy.Action.STOP) {
                break;
            } else if (action == EvictionPolicy.Action.PROCESS) {
                eventsToProcess.add(windowEvent);
            }
        }
        expiredEvents.addAll(eventsToExpire);
        eventsSinceLastExpiry = 0;
        LOG.debug("[{}] events expired from window.", eventsToExpire.size());
        if (!eventsToExpire.isEmpty()) {
            windowLifecycleListener.onExpiry(eventsToExpire);
        }
        return eventsToProcess;
    }

    /**
     * The earliest timestamp of an event after {@code startTs} (exclusive) and up to {@code endTs}
     * (inclusive), or {@link Long#MAX_VALUE} if none.
     */
    public long getEarliestEventTs(long startTs, long endTs) {
        long minTs = Long.MAX_VALUE;
        for (Event<T> event : queue) {
            long ts = event.getTimestamp();
            if (ts > startTs && ts <= endTs) {
                minTs = Math.min(minTs, ts);
            }
        }
        return minTs;
    }

    /** How many events have a timestamp up to {@code referenceTime} (inclusive). */
    public int getEventCount(long referenceTime) {
        int count = 0;
        for (Event<T> event : queue) {
            if (event.getTimestamp() <= referenceTime) {
                ++count;
            }
        }
        return count;
    }

    /**
     * Of the events after {@code startTs} (exclusive) and up to {@code endTs} (inclusive), taken in
     * arrival order, the latest timestamp among the first {@code slidingCount}, among the first
     * twice that many, and so on: the reference times of count windows by event time.
     */
    public List<Long> getSlidingCountTimestamps(long startTs, long endTs, int slidingCount) {
        List<Long> timestamps = new ArrayList<>();
        if (endTs > startTs) {
            int count = 0;
            long ts = Long.MIN_VALUE;
            for (Event<T> event : queue) {
                long t = event.getTimestamp();
                if (t > startTs && t <= endTs) {
                    ts = Math.max(ts, t);
                    if (++count % slidingCount == 0) {
                        timestamps.add(ts);
                    }
                }
            }
        }
        return timestamps;
    }

    @Override
    public String toString() {
        return "WindowManager{evictionPolicy=" + evictionPolicy + ", triggerPolicy=" + triggerPolicy + '}';
    }

    /** Takes up the policies' state saved by {@link #getState()}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void restoreState(Map<String, Optional<?>> state) {
        Optional.ofNullable(state.get(EVICTION_STATE_KEY)).flatMap(x -> x)
                .ifPresent(v -> ((EvictionPolicy) evictionPolicy).restoreState(v));
        Optional.ofNullable(state.get(TRIGGER_STATE_KEY)).flatMap(x -> x)
                .ifPresent(v -> ((TriggerPolicy) triggerPolicy).restoreState(v));
    }

    /** The policies' runtime state. */
    public Map<String, Optional<?>> getState() {
        return Map.of(EVICTION_STATE_KEY, Optional.ofNullable(evictionPolicy.getState()),
                TRIGGER_STATE_KEY, Optional.ofNullable(triggerPolicy.getState()));
    }
}
