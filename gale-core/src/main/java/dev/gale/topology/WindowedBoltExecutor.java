package dev.gale.topology;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.CountEvictionPolicy;
import dev.gale.windowing.CountTriggerPolicy;
import dev.gale.windowing.Event;
import dev.gale.windowing.EvictionPolicy;
import dev.gale.windowing.StatefulWindowManager;
import dev.gale.windowing.TimeEvictionPolicy;
import dev.gale.windowing.TimeTriggerPolicy;
import dev.gale.windowing.TimestampExtractor;
import dev.gale.windowing.TriggerPolicy;
import dev.gale.windowing.TupleWindow;
import dev.gale.windowing.TupleWindowImpl;
import dev.gale.windowing.TupleWindowIterImpl;
import dev.gale.windowing.WaterMarkEventGenerator;
import dev.gale.windowing.WatermarkCountEvictionPolicy;
import dev.gale.windowing.WatermarkCountTriggerPolicy;
import dev.gale.windowing.WatermarkTimeEvictionPolicy;
import dev.gale.windowing.WatermarkTimeTriggerPolicy;
import dev.gale.windowing.WindowLifecycleListener;
import dev.gale.windowing.WindowManager;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an {@link IWindowedBolt} as a bolt: keeps each task's window of input tuples in a
 * {@link WindowManager} and calls the bolt's {@code execute} with each evaluation of it.
 * {@link TopologyBuilder#setBolt(String, IWindowedBolt, Number)} wraps windowed bolts in it.
 *
 * <p>Time: evaluations by processing time run on the task's {@link dev.gale.task.TaskTimer}, and
 * watermarks by event time too, so everything happens on the task's own thread and by the
 * topology's clock (simulated in tests; Storm uses threads of its own). Tuples are stamped with
 * {@link dev.gale.utils.Time#currentTimeMillis()} on arrival, by processing time.
 *
 * <p>Acking, as in Storm: a tuple is acked when it leaves the last window it belongs to (it
 * expires); a late tuple (by event time, older than the watermark) is acked at once, after being
 * emitted on the late-tuple stream if there is one. What the bolt emits without anchors is anchored
 * to every tuple of the window being executed. If the bolt's {@code execute} throws, the error is
 * reported with the component and task and every tuple of that window is failed (its spout may
 * replay it); the tuples stay in the window for its later evaluations. With
 * {@code withMaxEventsInMemory}, input that finds the window full is failed at once.
 *
 * <p>Checked at submit ({@link #validate(Map)}), as Storm does when the bolt is prepared: the window
 * needs a length; its length plus sliding interval, as a duration, must fit in the message timeout
 * and, as a count, in the spouts' max pending; a late-tuple stream needs event time.
 *
 * <p>One instance per task, used on the task's thread only.
 */
public class WindowedBoltExecutor implements IRichBolt {
    private static final long serialVersionUID = 1L;
    /** The one field of the tuples on the late-tuple stream: the late tuple itself. */
    public static final String LATE_TUPLE_FIELD = "late_tuple";
    private static final Logger LOG = LoggerFactory.getLogger(WindowedBoltExecutor.class);

    private final IWindowedBolt bolt;
    private final TimestampExtractor timestampExtractor;
    /** By event time only: the watermarks; package-private as in Storm, whose tests drive it. */
    transient WaterMarkEventGenerator<Tuple> waterMarkEventGenerator;
    private transient WindowAnchoringCollector windowCollector;
    private transient WindowManager<Tuple> windowManager;
    private transient String lateTupleStream;
    private transient TriggerPolicy<Tuple, ?> triggerPolicy;
    /** Null for a window by count: its windows have no start time. */
    private transient Duration windowLengthDuration;
    /** "bolt 'x' task n", for what is logged. */
    private transient String task;
    /** Gale's bound on the tuples held (0: none), and how many are held: added and not yet expired. */
    private transient long maxEventsInMemory;
    private transient long held;
    /** Inputs failed since the window was last found full (0: not full). */
    private transient long refusedWhileFull;
    private transient boolean lateLogged;

    public WindowedBoltExecutor(IWindowedBolt bolt) {
        this.bolt = bolt;
        this.timestampExtractor = bolt.getTimestampExtractor();
    }

    /**
     * The windowed bolt this executor runs (Gale addition): for code that hands the topology to
     * another engine with windows of its own (gale-storm gives it to Storm's windowed executor).
     */
    public IWindowedBolt windowedBolt() {
        return bolt;
    }

    /** The message timeout of {@code topoConf} in milliseconds ({@link Integer#MAX_VALUE} when timeouts are off). */
    protected int getTopologyTimeoutMillis(Map<String, Object> topoConf) {
        Object timeoutsOn = topoConf.get(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS);
        if (timeoutsOn != null && !Boolean.parseBoolean(String.valueOf(timeoutsOn))) {
            return Integer.MAX_VALUE;
        }
        Object seconds = topoConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
        return seconds == null ? 0 : ((Number) seconds).intValue() * 1000;
    }

    /**
     * Storm's checks of a window against the topology's configuration: a length is given; length
     * plus sliding interval, where they are durations, fit in the message timeout; where they are
     * counts, in {@code topology.max.spout.pending}.
     *
     * @throws IllegalArgumentException if one fails
     */
    protected void validate(Map<String, Object> topoConf, Count windowLengthCount, Duration windowLengthDuration,
                            Count slideCount, Duration slideDuration) {
        if (windowLengthDuration == null && windowLengthCount == null) {
            throw new IllegalArgumentException("Window length is not specified");
        }
        long spanMs = millis(windowLengthDuration) + millis(slideDuration);
        int timeoutMs = getTopologyTimeoutMillis(topoConf);
        if (spanMs > timeoutMs) {
            throw new IllegalArgumentException("window length + sliding interval (" + spanMs + " ms) is more than "
                    + Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS + " (" + timeoutMs / 1000 + " s): its tuples would time out"
                    + " before they leave the window; raise the timeout or shorten the window");
        }
        boolean byCount = windowLengthCount != null || slideCount != null;
        long spanTuples = tuples(windowLengthCount) + tuples(slideCount);
        Object pendingSetting = topoConf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        int maxPending = pendingSetting == null ? Integer.MAX_VALUE : ((Number) pendingSetting).intValue();
        if (byCount && spanTuples > maxPending) {
            throw new IllegalArgumentException("window length + sliding interval (" + spanTuples + " tuples) is more than "
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " (" + maxPending + "): the window could not fill up while"
                    + " the tuples it holds keep the spouts from emitting; raise max spout pending or shorten the window");
        }
    }

    private static long millis(Duration duration) {
        return duration == null ? 0L : duration.value;
    }

    private static long tuples(Count count) {
        return count == null ? 0L : count.value;
    }

    /**
     * Gale addition: checks the window this bolt's configuration sets ({@code topoConf}, the
     * topology's with the component's own on top, as a task sees it) as {@link #prepare} would,
     * without running anything. Gale calls it at submit and refuses the topology naming the bolt.
     *
     * @throws IllegalArgumentException if the window is not valid, saying why
     */
    public void validate(Map<String, Object> topoConf) {
        WindowSettings window = WindowSettings.of(topoConf);
        if (!isEventTime() && window.lateStream != null) {
            // Storm's message, word for word: code matches on it.
            throw new IllegalArgumentException("Late tuple stream can be defined only when specifying a timestamp field");
        }
        if (isEventTime() && window.watermarkIntervalMs <= 0) {
            throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS + " must be positive, got "
                    + window.watermarkIntervalMs);
        }
        if (window.lagMs < 0) {
            throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS + " must not be negative,"
                    + " got " + window.lagMs);
        }
        validate(topoConf, window.lengthCount, window.lengthDuration, window.slideCount, window.slideDuration);
    }

    /** Builds the window of this task: its manager, policies and, by event time, watermarks. */
    private WindowManager<Tuple> newWindow(WindowLifecycleListener<Tuple> listener, Map<String, Object> topoConf,
                                           TopologyContext context, Collection<Event<Tuple>> events, boolean iterated) {
        validate(topoConf);
        WindowSettings window = WindowSettings.of(topoConf);
        WindowManager<Tuple> manager;
        if (iterated) {
            manager = new StatefulWindowManager<>(listener, events);
        } else {
            manager = events == null ? new WindowManager<>(listener) : new WindowManager<>(listener, events);
        }
        windowLengthDuration = window.lengthDuration;
        maxEventsInMemory = window.maxEvents;
        int lagMs = 0;
        if (isEventTime()) {
            lagMs = window.lagMs;
            lateTupleStream = window.lateStream;
            if (lateTupleStream != null && !context.getThisStreams().contains(lateTupleStream)) {
                throw new IllegalArgumentException("Stream for late tuples must be defined with the builder method"
                        + " withLateTupleStream");
            }
            // The watermark waits for a tuple from every stream the bolt reads.
            Set<GlobalStreamId> inputs = new HashSet<>(context.getThisSources().keySet());
            waterMarkEventGenerator = new WaterMarkEventGenerator<>(manager, window.watermarkIntervalMs, lagMs, inputs,
                    context.getTaskTimer());
        }
        EvictionPolicy<Tuple, ?> eviction = evictionPolicy(window, lagMs);
        TriggerPolicy<Tuple, ?> trigger = triggerPolicy(window, manager, eviction, context);
        manager.setEvictionPolicy(eviction);
        manager.setTriggerPolicy(trigger);
        triggerPolicy = trigger;
        return manager;
    }

    /** Restores the window's policies from state (persistent windows). */
    protected void restoreState(Map<String, Optional<?>> state) {
        windowManager.restoreState(state);
    }

    /** The window's policies' state. */
    protected Map<String, Optional<?>> getState() {
        return windowManager.getState();
    }

    /** Starts the watermarks (by event time) and the trigger policy. */
    protected void start() {
        if (waterMarkEventGenerator != null) {
            waterMarkEventGenerator.start();
        }
        triggerPolicy.start();
    }

    private boolean isEventTime() {
        return timestampExtractor != null;
    }

    private TriggerPolicy<Tuple, ?> triggerPolicy(WindowSettings window, WindowManager<Tuple> manager,
                                                  EvictionPolicy<Tuple, ?> eviction, TopologyContext context) {
        if (window.slideCount == null) {
            long slideMs = window.slideDuration.value;
            return isEventTime() ? new WatermarkTimeTriggerPolicy<>(slideMs, manager, eviction, manager)
                    : new TimeTriggerPolicy<>(slideMs, manager, eviction, context.getTaskTimer());
        }
        int slide = window.slideCount.value;
        return isEventTime() ? new WatermarkCountTriggerPolicy<>(slide, manager, eviction, manager)
                : new CountTriggerPolicy<>(slide, manager, eviction);
    }

    private EvictionPolicy<Tuple, ?> evictionPolicy(WindowSettings window, int lagMs) {
        if (window.lengthCount == null) {
            int lengthMs = window.lengthDuration.value;
            return isEventTime() ? new WatermarkTimeEvictionPolicy<>(lengthMs, lagMs) : new TimeEvictionPolicy<>(lengthMs);
        }
        int length = window.lengthCount.value;
        return isEventTime() ? new WatermarkCountEvictionPolicy<>(length) : new CountEvictionPolicy<>(length);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        doPrepare(topoConf, context, collector, null, false);
    }

    /**
     * Prepares the bolt and its window, whose events are kept in {@code events} (null: in memory)
     * and, if {@code iterated}, evaluated through iterators ({@link StatefulWindowManager}), as
     * persistent windows are.
     */
    protected void doPrepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector outputCollector,
                             Collection<Event<Tuple>> events, boolean iterated) {
        Objects.requireNonNull(topoConf, "topoConf");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(outputCollector, "collector");
        task = "bolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
        windowCollector = new WindowAnchoringCollector(outputCollector);
        bolt.prepare(topoConf, context, windowCollector);
        windowManager = newWindow(newWindowLifecycleListener(), topoConf, context, events, iterated);
        start();
        LOG.debug("{}: window ready, {}", task, windowManager);
    }

    @Override
    public void execute(Tuple input) {
        if (maxEventsInMemory > 0 && held >= maxEventsInMemory) {
            refuse(input);
            return;
        }
        if (refusedWhileFull > 0) {
            LOG.info("{}: the window takes input again; {} tuples were failed while it held {} (withMaxEventsInMemory)",
                    task, refusedWhileFull, maxEventsInMemory);
            refusedWhileFull = 0;
        }
        if (!isEventTime()) {
            held++;
            windowManager.add(input);
            return;
        }
        long eventTs = timestampExtractor.extractTimestamp(input);
        boolean inTime = waterMarkEventGenerator.track(input.getSourceGlobalStreamId(), eventTs);
        if (inTime) {
            held++;
            windowManager.add(input, eventTs);
        } else {
            passOnLate(input, eventTs);
        }
    }

    /** A tuple older than the watermark: onto the late-tuple stream if there is one, else dropped; acked either way. */
    private void passOnLate(Tuple late, long eventTs) {
        if (lateTupleStream != null) {
            List<Object> wrapped = new Values(late);
            windowCollector.emit(lateTupleStream, late, wrapped);
        } else if (lateLogged) {
            LOG.debug("{}: late tuple (ts {}) dropped: {}", task, eventTs, late);
        } else {
            lateLogged = true;
            LOG.info("{}: a late tuple (ts {}, older than the watermark) is dropped and acked: {}. Later ones"
                    + " are logged at DEBUG; withLag lets tuples come later, withLateTupleStream sends them on",
                    task, eventTs, late);
        }
        windowCollector.ack(late);
    }

    /** The window holds {@code maxEventsInMemory} tuples: fail the input rather than hold more. */
    private void refuse(Tuple input) {
        if (refusedWhileFull++ == 0) {
            LOG.warn("{}: the window holds {} tuples, its withMaxEventsInMemory bound: new input is failed (its spout may"
                    + " replay it) until tuples leave the window", task, held);
        }
        windowCollector.fail(input);
    }

    @Override
    public void cleanup() {
        if (waterMarkEventGenerator != null) {
            waterMarkEventGenerator.shutdown();
        }
        if (windowManager != null) {
            windowManager.shutdown();
        }
        bolt.cleanup();
    }

    /** The task's window (package-private, as in Storm, whose tests read it). */
    WindowManager<Tuple> getWindowManager() {
        return windowManager;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        String lateStream = (String) getComponentConfiguration().get(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM);
        if (lateStream != null) {
            declarer.declareStream(lateStream, new Fields(LATE_TUPLE_FIELD));
        }
        bolt.declareOutputFields(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        Map<String, Object> conf = bolt.getComponentConfiguration();
        return conf != null ? conf : Collections.emptyMap();
    }

    /** Acks what leaves the window; runs the bolt on each evaluation, its emits anchored to the window. */
    protected WindowLifecycleListener<Tuple> newWindowLifecycleListener() {
        return new WindowLifecycleListener<>() {
            @Override
            public void onExpiry(List<Tuple> tuples) {
                held -= tuples.size();
                tuples.forEach(windowCollector::ack);
            }

            @Override
            public void onActivation(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples,
                                     Long timestamp) {
                windowCollector.executing(tuples);
                try {
                    boltExecute(tuples, newTuples, expiredTuples, timestamp);
                } catch (RuntimeException e) {
                    failWindow(tuples, e);
                } finally {
                    windowCollector.endOfWindow();
                }
            }
        };
    }

    /** The bolt threw on a window: report it, and fail the window's tuples so their trees are replayed. */
    private void failWindow(List<Tuple> tuples, RuntimeException e) {
        LOG.error("{}: execute threw on a window of {} tuples; they are failed", task, tuples.size(), e);
        windowCollector.reportError(e);
        tuples.forEach(windowCollector::fail);
    }

    protected void boltExecute(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples, Long timestamp) {
        TupleWindow window = new TupleWindowImpl(tuples, newTuples, expiredTuples, windowStart(timestamp), timestamp);
        bolt.execute(window);
    }

    /** Runs the bolt on a window read through iterators (persistent windows). */
    protected void boltExecute(Supplier<Iterator<Tuple>> tuples, Supplier<Iterator<Tuple>> newTuples,
                               Supplier<Iterator<Tuple>> expired, Long endTs) {
        TupleWindow window = new TupleWindowIterImpl(tuples, newTuples, expired, windowStart(endTs), endTs);
        bolt.execute(window);
    }

    /** A window by time starts its length before its end; a window by count has no start time. */
    private Long windowStart(Long endTs) {
        if (endTs == null || windowLengthDuration == null) {
            return null;
        }
        return endTs - windowLengthDuration.value;
    }
}
