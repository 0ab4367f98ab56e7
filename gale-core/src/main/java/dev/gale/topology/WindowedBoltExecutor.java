package dev.gale.topology;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.task.IOutputCollector;
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
import java.util.concurrent.TimeUnit;
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
    private static final int DEFAULT_WATERMARK_EVENT_INTERVAL_MS = 1000;
    private static final int DEFAULT_MAX_LAG_MS = 0;

    private final IWindowedBolt bolt;
    private final TimestampExtractor timestampExtractor;
    private transient WaterMarkEventGenerator<Tuple> waterMarkEventGenerator;
    private transient WindowedOutputCollector windowedOutputCollector;
    private transient WindowManager<Tuple> windowManager;
    private transient int maxLagMs;
    private transient String lateTupleStream;
    private transient TriggerPolicy<Tuple, ?> triggerPolicy;
    private transient EvictionPolicy<Tuple, ?> evictionPolicy;
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

    /** The window settings of a configuration (Storm's keys and their precedence), checked for types. */
    private static final class Settings {
        Count lengthCount;
        Duration lengthDuration;
        Count slideCount;
        Duration slideDuration;
        String lateStream;
        int lagMs = DEFAULT_MAX_LAG_MS;
        int watermarkIntervalMs = DEFAULT_WATERMARK_EVENT_INTERVAL_MS;
        long maxEvents;

        static Settings of(Map<String, Object> conf) {
            Settings s = new Settings();
            if (conf.containsKey(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT)) {
                s.lengthCount = new Count(intValue(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT));
            } else if (conf.containsKey(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS)) {
                s.lengthDuration = new Duration(intValue(conf, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS),
                        TimeUnit.MILLISECONDS);
            }
            if (conf.containsKey(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT)) {
                s.slideCount = new Count(intValue(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT));
            } else if (conf.containsKey(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS)) {
                s.slideDuration = new Duration(intValue(conf, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS),
                        TimeUnit.MILLISECONDS);
            } else {
                s.slideCount = new Count(1); // a window that slides with every tuple
            }
            Object late = conf.get(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM);
            if (late != null && !(late instanceof String)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM + " must be a stream id, got "
                        + late);
            }
            s.lateStream = (String) late;
            if (conf.containsKey(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS)) {
                s.lagMs = intValue(conf, Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS);
            }
            if (conf.containsKey(Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS)) {
                s.watermarkIntervalMs = intValue(conf, Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS);
            }
            if (conf.get(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY) != null) {
                Object v = conf.get(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY);
                if (!(v instanceof Number) || ((Number) v).longValue() <= 0) {
                    throw new IllegalArgumentException(Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY
                            + " must be a positive number, got " + v);
                }
                s.maxEvents = ((Number) v).longValue();
            }
            return s;
        }

        private static int intValue(Map<String, Object> conf, String key) {
            Object v = conf.get(key);
            if (!(v instanceof Number)) {
                throw new IllegalArgumentException(key + " must be a number, got " + v);
            }
            return ((Number) v).intValue();
        }
    }

    /** The message timeout of {@code topoConf} in milliseconds ({@link Integer#MAX_VALUE} when timeouts are off). */
    protected int getTopologyTimeoutMillis(Map<String, Object> topoConf) {
        if (topoConf.get(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS) != null
                && !Boolean.parseBoolean(String.valueOf(topoConf.get(Config.TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS)))) {
            return Integer.MAX_VALUE;
        }
        int timeout = 0;
        if (topoConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS) != null) {
            timeout = ((Number) topoConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS)).intValue();
        }
        return timeout * 1000;
    }

    private static int getMaxSpoutPending(Map<String, Object> topoConf) {
        Object v = topoConf.get(Config.TOPOLOGY_MAX_SPOUT_PENDING);
        return v == null ? Integer.MAX_VALUE : ((Number) v).intValue();
    }

    /**
     * Storm's checks of a window against the topology's configuration: a length is given; length
     * plus sliding interval, where they are durations, fit in the message timeout; where they are
     * counts, in {@code topology.max.spout.pending}.
     *
     * @throws IllegalArgumentException if one fails
     */
    protected void validate(Map<String, Object> topoConf, Count windowLengthCount, Duration windowLengthDuration,
                            Count slidingIntervalCount, Duration slidingIntervalDuration) {
        int timeout = getTopologyTimeoutMillis(topoConf);
        int maxSpoutPending = getMaxSpoutPending(topoConf);
        if (windowLengthCount == null && windowLengthDuration == null) {
            throw new IllegalArgumentException("Window length is not specified");
        }
        long millis = (windowLengthDuration == null ? 0L : windowLengthDuration.value)
                + (slidingIntervalDuration == null ? 0L : slidingIntervalDuration.value);
        if (millis > timeout) {
            throw new IllegalArgumentException("window length + sliding interval (" + millis + " ms) is more than "
                    + Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS + " (" + timeout / 1000 + " s): its tuples would time out"
                    + " before they leave the window; raise the timeout or shorten the window");
        }
        long count = (windowLengthCount == null ? 0L : windowLengthCount.value)
                + (slidingIntervalCount == null ? 0L : slidingIntervalCount.value);
        if ((windowLengthCount != null || slidingIntervalCount != null) && count > maxSpoutPending) {
            throw new IllegalArgumentException("window length + sliding interval (" + count + " tuples) is more than "
                    + Config.TOPOLOGY_MAX_SPOUT_PENDING + " (" + maxSpoutPending + "): the window could not fill up while"
                    + " the tuples it holds keep the spouts from emitting; raise max spout pending or shorten the window");
        }
    }

    /**
     * Gale addition: checks the window this bolt's configuration sets ({@code topoConf}, the
     * topology's with the component's own on top, as a task sees it) as {@link #prepare} would,
     * without running anything. Gale calls it at submit and refuses the topology naming the bolt.
     *
     * @throws IllegalArgumentException if the window is not valid, saying why
     */
    public void validate(Map<String, Object> topoConf) {
        Settings s = Settings.of(topoConf);
        if (timestampExtractor == null && s.lateStream != null) {
            throw new IllegalArgumentException("Late tuple stream can be defined only when specifying a timestamp field"
                    + " (withTimestampField or withTimestampExtractor)");
        }
        if (timestampExtractor != null && s.watermarkIntervalMs <= 0) {
            throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS + " must be positive, got "
                    + s.watermarkIntervalMs);
        }
        if (s.lagMs < 0) {
            throw new IllegalArgumentException(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS + " must not be negative,"
                    + " got " + s.lagMs);
        }
        validate(topoConf, s.lengthCount, s.lengthDuration, s.slideCount, s.slideDuration);
    }

    private WindowManager<Tuple> initWindowManager(WindowLifecycleListener<Tuple> lifecycleListener,
                                                   Map<String, Object> topoConf, TopologyContext context,
                                                   Collection<Event<Tuple>> queue, boolean stateful) {
        WindowManager<Tuple> manager = stateful ? new StatefulWindowManager<>(lifecycleListener, queue)
                : queue != null ? new WindowManager<>(lifecycleListener, queue) : new WindowManager<>(lifecycleListener);
        validate(topoConf);
        Settings s = Settings.of(topoConf);
        windowLengthDuration = s.lengthDuration;
        maxEventsInMemory = s.maxEvents;
        if (isTupleTs()) {
            lateTupleStream = s.lateStream;
            if (lateTupleStream != null && !context.getThisStreams().contains(lateTupleStream)) {
                throw new IllegalArgumentException("Stream for late tuples must be defined with the builder method"
                        + " withLateTupleStream");
            }
            maxLagMs = s.lagMs;
            waterMarkEventGenerator = new WaterMarkEventGenerator<>(manager, s.watermarkIntervalMs, maxLagMs,
                    componentStreams(context), context.getTaskTimer());
        }
        evictionPolicy = evictionPolicy(s.lengthCount, s.lengthDuration);
        triggerPolicy = triggerPolicy(s.slideCount, s.slideDuration, manager, evictionPolicy, context);
        manager.setEvictionPolicy(evictionPolicy);
        manager.setTriggerPolicy(triggerPolicy);
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

    /** Every stream this bolt reads: by event time, the watermark waits for a tuple from each. */
    private static Set<GlobalStreamId> componentStreams(TopologyContext context) {
        return new HashSet<>(context.getThisSources().keySet());
    }

    /** Starts the watermarks (by event time) and the trigger policy. */
    protected void start() {
        if (waterMarkEventGenerator != null) {
            waterMarkEventGenerator.start();
        }
        triggerPolicy.start();
    }

    private boolean isTupleTs() {
        return timestampExtractor != null;
    }

    private TriggerPolicy<Tuple, ?> triggerPolicy(Count slidingIntervalCount, Duration slidingIntervalDuration,
                                                  WindowManager<Tuple> manager, EvictionPolicy<Tuple, ?> eviction,
                                                  TopologyContext context) {
        if (slidingIntervalCount != null) {
            return isTupleTs() ? new WatermarkCountTriggerPolicy<>(slidingIntervalCount.value, manager, eviction, manager)
                    : new CountTriggerPolicy<>(slidingIntervalCount.value, manager, eviction);
        }
        return isTupleTs() ? new WatermarkTimeTriggerPolicy<>(slidingIntervalDuration.value, manager, eviction, manager)
                : new TimeTriggerPolicy<>(slidingIntervalDuration.value, manager, eviction, context.getTaskTimer());
    }

    private EvictionPolicy<Tuple, ?> evictionPolicy(Count windowLengthCount, Duration windowLengthDuration) {
        if (windowLengthCount != null) {
            return isTupleTs() ? new WatermarkCountEvictionPolicy<>(windowLengthCount.value)
                    : new CountEvictionPolicy<>(windowLengthCount.value);
        }
        return isTupleTs() ? new WatermarkTimeEvictionPolicy<>(windowLengthDuration.value, maxLagMs)
                : new TimeEvictionPolicy<>(windowLengthDuration.value);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        doPrepare(topoConf, context, collector, null, false);
    }

    /**
     * Prepares the bolt and its window, whose events are kept in {@code queue} (null: in memory)
     * and, if {@code stateful}, evaluated through iterators ({@link StatefulWindowManager}), as
     * persistent windows are.
     */
    protected void doPrepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector,
                             Collection<Event<Tuple>> queue, boolean stateful) {
        Objects.requireNonNull(topoConf, "topoConf");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(collector, "collector");
        this.task = "bolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
        this.windowedOutputCollector = new WindowedOutputCollector(collector);
        bolt.prepare(topoConf, context, windowedOutputCollector);
        this.windowManager = initWindowManager(newWindowLifecycleListener(), topoConf, context, queue, stateful);
        start();
        LOG.debug("{}: window manager {}", task, windowManager);
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
        if (isTupleTs()) {
            long ts = timestampExtractor.extractTimestamp(input);
            if (waterMarkEventGenerator.track(input.getSourceGlobalStreamId(), ts)) {
                held++;
                windowManager.add(input, ts);
            } else {
                if (lateTupleStream != null) {
                    windowedOutputCollector.emit(lateTupleStream, input, new Values(input));
                } else if (!lateLogged) {
                    lateLogged = true;
                    LOG.info("{}: a late tuple (ts {}, older than the watermark) is dropped and acked: {}. Later ones"
                            + " are logged at DEBUG; withLag lets tuples come later, withLateTupleStream sends them on",
                            task, ts, input);
                } else {
                    LOG.debug("{}: late tuple (ts {}) dropped: {}", task, ts, input);
                }
                windowedOutputCollector.ack(input);
            }
        } else {
            held++;
            windowManager.add(input);
        }
    }

    /** The window holds {@code maxEventsInMemory} tuples: fail the input rather than hold more. */
    private void refuse(Tuple input) {
        if (refusedWhileFull++ == 0) {
            LOG.warn("{}: the window holds {} tuples, its withMaxEventsInMemory bound: new input is failed (its spout may"
                    + " replay it) until tuples leave the window", task, held);
        }
        windowedOutputCollector.fail(input);
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
                for (Tuple tuple : tuples) {
                    windowedOutputCollector.ack(tuple);
                }
            }

            @Override
            public void onActivation(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples,
                                     Long timestamp) {
                windowedOutputCollector.setContext(tuples);
                try {
                    boltExecute(tuples, newTuples, expiredTuples, timestamp);
                } catch (RuntimeException e) {
                    failWindow(tuples, e);
                } finally {
                    // Emits outside an evaluation must not anchor to tuples that may be acked by then.
                    windowedOutputCollector.setContext(null);
                }
            }
        };
    }

    /** The bolt threw on a window: report it, and fail the window's tuples so their trees are replayed. */
    private void failWindow(List<Tuple> tuples, RuntimeException e) {
        LOG.error("{}: execute threw on a window of {} tuples; they are failed", task, tuples.size(), e);
        windowedOutputCollector.reportError(e);
        for (Tuple t : tuples) {
            windowedOutputCollector.fail(t);
        }
    }

    protected void boltExecute(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples, Long timestamp) {
        bolt.execute(new TupleWindowImpl(tuples, newTuples, expiredTuples, getWindowStartTs(timestamp), timestamp));
    }

    /** Runs the bolt on a window read through iterators (persistent windows). */
    protected void boltExecute(Supplier<Iterator<Tuple>> tuples, Supplier<Iterator<Tuple>> newTuples,
                               Supplier<Iterator<Tuple>> expiredTuples, Long timestamp) {
        bolt.execute(new TupleWindowIterImpl(tuples, newTuples, expiredTuples, getWindowStartTs(timestamp), timestamp));
    }

    private Long getWindowStartTs(Long endTs) {
        return endTs != null && windowLengthDuration != null ? endTs - windowLengthDuration.value : null;
    }

    /** Anchors what is emitted without anchors to the tuples of the window being executed. */
    private static final class WindowedOutputCollector extends OutputCollector {
        private List<Tuple> inputTuples;

        WindowedOutputCollector(IOutputCollector delegate) {
            super(delegate);
        }

        void setContext(List<Tuple> inputTuples) {
            this.inputTuples = inputTuples;
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple) {
            return emit(streamId, anchors(), tuple);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple) {
            emitDirect(taskId, streamId, anchors(), tuple);
        }

        private Collection<Tuple> anchors() {
            return inputTuples == null ? Collections.emptyList() : inputTuples;
        }
    }
}
