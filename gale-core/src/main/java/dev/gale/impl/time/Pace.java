package dev.gale.impl.time;

import dev.gale.time.Clock;

/**
 * How the duty cycles of one scheduler meet time, handed to each cycle by its scheduler with the
 * thread's parker, the way an agent runner hands its agent an idle strategy: the cycle asks its
 * pace and never which scheduler runs it.
 *
 * <p>{@link #REAL_TIME}: threads of their own, where work is cut into bursts by the clock on the
 * wall, a few calls are timed to keep clock reads off the hot path, tuples travel in batches and
 * user code that sleeps blocks its thread. {@link #STEPPED}: a test's passes on its own thread,
 * reproducible from run to run, so nothing is cut by real time, every call is timed on the
 * topology's clock, each tuple travels alone, and user code that sleeps is put aside in simulated
 * time (see {@link SimulatedSleep}) instead of blocking the test.
 *
 * <p>Immutable and thread-safe; a cycle's own state (its simulated sleep) stays in the cycle.
 */
public abstract class Pace {
    /** Threads that run on their own: the production pace. */
    public static final Pace REAL_TIME = new RealTime();
    /** The step scheduler's pace: a test drives every pass. */
    public static final Pace STEPPED = new Stepped();

    Pace() {
    }

    /**
     * Called before a cycle runs user code on the current thread: makes {@code sleeper} the place
     * a simulated sleep of that code goes, if this pace puts sleeps aside; returns what was bound
     * before, for {@link #leaveUserCode}.
     */
    public abstract SimulatedSleep enterUserCode(SimulatedSleep sleeper);

    /** Called after the user code entered with {@link #enterUserCode}: restores {@code previous}. */
    public abstract void leaveUserCode(SimulatedSleep previous);

    /**
     * How many queued elements a cycle takes at once, out of {@code batch}, before it looks again
     * whether its user code went to sleep: a sleeping bolt must hold up its queue at the tuple
     * that put it to sleep, as it would on a thread of its own.
     */
    public abstract int drainStep(int batch);

    /** How long a spout's burst of {@code nextTuple} calls may run, given the real-time budget {@code nanos}. */
    public abstract long burstBudgetNanos(long nanos);

    /** The mask of a 1-in-2^n sample of calls to time ({@code mask}), or 0: time every call. */
    public abstract int sampleMask(int mask);

    /** How long a spout that found nothing to emit waits before its next poll, given the real-time pause. */
    public abstract long idlePollPauseNanos(long pauseNanos);

    /** Whether a bolt's emitted tuples may wait in a batch for the end of its call or cycle. */
    public abstract boolean batchesTuples();

    /**
     * The time an outcome is stamped with: {@code cachedNanos}, read on the topology's clock at the
     * start of the burst or batch, or the clock itself where figures must be exact.
     */
    public abstract long stamp(Clock clock, long cachedNanos);

    private static final class RealTime extends Pace {
        @Override
        public SimulatedSleep enterUserCode(SimulatedSleep sleeper) {
            return null;
        }

        @Override
        public void leaveUserCode(SimulatedSleep previous) {
            // user code blocks its own thread: nothing to put aside
        }

        @Override
        public int drainStep(int batch) {
            return batch;
        }

        @Override
        public long burstBudgetNanos(long nanos) {
            return nanos;
        }

        @Override
        public int sampleMask(int mask) {
            return mask;
        }

        @Override
        public long idlePollPauseNanos(long pauseNanos) {
            return pauseNanos;
        }

        @Override
        public boolean batchesTuples() {
            return true;
        }

        @Override
        public long stamp(Clock clock, long cachedNanos) {
            return cachedNanos;
        }

        @Override
        public String toString() {
            return "real time";
        }
    }

    private static final class Stepped extends Pace {
        @Override
        public SimulatedSleep enterUserCode(SimulatedSleep sleeper) {
            SimulatedSleep previous = ThreadClock.simulatedSleep();
            ThreadClock.bindSimulatedSleep(sleeper);
            return previous;
        }

        @Override
        public void leaveUserCode(SimulatedSleep previous) {
            ThreadClock.bindSimulatedSleep(previous);
        }

        @Override
        public int drainStep(int batch) {
            return 1;
        }

        @Override
        public long burstBudgetNanos(long nanos) {
            return Long.MAX_VALUE; // a real-time cut would make runs irreproducible: rounds only
        }

        @Override
        public int sampleMask(int mask) {
            return 0;
        }

        @Override
        public long idlePollPauseNanos(long pauseNanos) {
            return 0; // the test's passes are the polls
        }

        @Override
        public boolean batchesTuples() {
            return false;
        }

        @Override
        public long stamp(Clock clock, long cachedNanos) {
            return clock.nanos();
        }

        @Override
        public String toString() {
            return "stepped";
        }
    }
}
