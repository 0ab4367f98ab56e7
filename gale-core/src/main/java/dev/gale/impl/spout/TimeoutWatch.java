package dev.gale.impl.spout;

/**
 * Notices when a spout's trees time out more often than they complete: over a window of one
 * message timeout (at least {@value #MIN_WINDOW_SECS} s, so short timeouts do not flood the log),
 * more trees timed out than were acked. That is the sign of a topology that holds more work than
 * it can finish within the timeout, which replays cannot fix; the warning names the spout so the
 * user can find it. Explicit fails are not counted: they are the topology's own decision.
 *
 * <p>Not thread-safe: owned by the spout executor.
 */
public final class TimeoutWatch {
    static final int MIN_WINDOW_SECS = 10;

    private final String spout;
    private final int timeoutSecs;
    private final long windowNanos;
    private long windowStart;
    private boolean started;
    private long acked;
    private long timedOut;

    /** @param spout how to name the spout in the warning, e.g. "spout 'words'" */
    public TimeoutWatch(String spout, int timeoutSecs) {
        this.spout = spout;
        this.timeoutSecs = timeoutSecs;
        this.windowNanos = Math.max(timeoutSecs, MIN_WINDOW_SECS) * 1_000_000_000L;
    }

    public void acked() {
        acked++;
    }

    public void timedOut() {
        timedOut++;
    }

    /**
     * Called as time passes (at each rotation). Once a window has ended, returns the warning if
     * timeouts dominated it, else null, and starts the next window.
     *
     * @param limits the spout's current pending limits, for the message
     */
    public String check(long nowNanos, String limits) {
        if (!started) {
            started = true;
            windowStart = nowNanos;
            return null;
        }
        long elapsed = nowNanos - windowStart;
        if (elapsed < windowNanos) {
            return null;
        }
        String warning = null;
        if (timedOut > acked) {
            warning = spout + ": " + timedOut + " trees timed out and " + acked + " were acked in the last "
                    + Math.round(elapsed / 1e9) + " s: tuples wait downstream longer than the message timeout ("
                    + "topology.message.timeout.secs = " + timeoutSecs + "), so replays only add stale work."
                    + " Pending limit per task now " + limits + ". Make the slowest bolt faster or more"
                    + " parallel, lower topology.max.spout.pending, or raise the timeout";
        }
        windowStart = nowNanos;
        acked = 0;
        timedOut = 0;
        return warning;
    }
}
