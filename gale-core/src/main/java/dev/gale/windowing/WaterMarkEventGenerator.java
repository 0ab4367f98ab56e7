package dev.gale.windowing;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.TaskTimer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the watermarks of a window by event time. It tracks the latest timestamp seen on each
 * input stream; every {@code intervalMs} it sends the window a watermark at the least of those
 * (once every stream has sent something), minus the lag, if that is later than the last one. A
 * tuple older than the last watermark is late. Storm sends them from a thread of its own; Gale
 * from a bolt task's {@link TaskTimer}, given to the Gale-only constructor. Without a timer,
 * {@link #start()} schedules nothing and watermarks are made only by calls of {@link #run()}.
 * Used on the window's thread only.
 *
 * @param <T> the type of the window's events
 */
public class WaterMarkEventGenerator<T> implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(WaterMarkEventGenerator.class);
    private final WindowManager<T> windowManager;
    private final int eventTsLag;
    private final Set<GlobalStreamId> inputStreams;
    private final Map<GlobalStreamId, Long> streamToTs = new HashMap<>();
    private final int interval;
    private final TaskTimer timer;
    private TaskTimer.Scheduled scheduled;
    private long lastWaterMarkTs;

    /**
     * @param windowManager the window the watermarks go to
     * @param intervalMs    how often a watermark is considered
     * @param eventTsLagMs  how far behind the latest timestamps the watermark stays
     * @param inputStreams  the streams that must each have sent a tuple before the first watermark
     */
    public WaterMarkEventGenerator(WindowManager<T> windowManager, int intervalMs, int eventTsLagMs,
                                   Set<GlobalStreamId> inputStreams) {
        this(windowManager, intervalMs, eventTsLagMs, inputStreams, null);
    }

    /** Gale only: watermarks are timed by {@code timer} (a bolt task's, see {@code TopologyContext.getTaskTimer}). */
    public WaterMarkEventGenerator(WindowManager<T> windowManager, int intervalMs, int eventTsLagMs,
                                   Set<GlobalStreamId> inputStreams, TaskTimer timer) {
        this.windowManager = windowManager;
        this.interval = intervalMs;
        this.eventTsLag = eventTsLagMs;
        this.inputStreams = inputStreams;
        this.timer = timer;
    }

    /**
     * Records that {@code stream} sent a tuple stamped {@code ts}.
     *
     * @return true if the tuple can go in the window, false if it is late (older than the last watermark)
     */
    public boolean track(GlobalStreamId stream, long ts) {
        Long latest = streamToTs.get(stream);
        if (latest == null || ts > latest) {
            streamToTs.put(stream, ts);
        }
        return ts >= lastWaterMarkTs;
    }

    /** Sends a watermark if event time has moved on since the last. */
    @Override
    public void run() {
        long candidate = nextWatermark();
        if (candidate > lastWaterMarkTs) {
            windowManager.add(new WaterMarkEvent<>(candidate));
            lastWaterMarkTs = candidate;
        }
    }

    /** The least of the streams' latest timestamps (0 until each stream has sent one), minus the lag. */
    private long nextWatermark() {
        boolean everyStreamHeardFrom = streamToTs.size() >= inputStreams.size();
        long slowest = !everyStreamHeardFrom ? 0
                : streamToTs.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        return slowest - eventTsLag;
    }

    /** Starts making watermarks every interval, on the timer given to the constructor, if any. */
    public void start() {
        if (timer == null) {
            LOG.warn("WaterMarkEventGenerator started without a TaskTimer: Gale runs no thread for it, so no watermark"
                    + " will come every {} ms but from calls of run(); give it the bolt task's timer"
                    + " (TopologyContext.getTaskTimer())", interval);
            return;
        }
        if (scheduled == null) {
            scheduled = timer.schedule(interval, due -> run());
        }
    }

    /** Stops making watermarks. */
    public void shutdown() {
        if (scheduled != null) {
            scheduled.cancel();
            scheduled = null;
        }
    }
}
