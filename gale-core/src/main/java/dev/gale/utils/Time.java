package dev.gale.utils;

import dev.gale.impl.time.SimulatedSleep;
import dev.gale.impl.time.ThreadClock;
import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Storm's static time API, bound to Gale's injected {@link Clock}.
 *
 * <p>Which time a call reads depends on the calling thread:
 * <ul>
 *   <li>on an executor thread of a topology (user code in {@code open}, {@code nextTuple},
 *       {@code execute}, ...), the topology's clock: a {@link SimulatedClock} when the topology
 *       runs on one (a {@code LocalCluster} built {@code withSimulatedTime()} or
 *       {@code withClock(simulated)}), else real time;</li>
 *   <li>on any other thread, the clock of the {@link SimulatedTime} in effect, if any (a
 *       simulated {@code LocalCluster} opens one for its lifetime, as Storm's does), else real
 *       time.</li>
 * </ul>
 * Simulated time starts at zero. Advancing it ({@link #advanceTime}) advances the
 * {@link SimulatedClock} itself, so every tick, rotation and timeout of the topologies on that
 * clock due by then has been handled when the call returns, and a thread in {@link #sleep} whose
 * deadline has come has woken up. Real time is {@link System#currentTimeMillis()} and
 * {@link System#nanoTime()}, as in Storm.
 *
 * <p>Unlike Storm's, a simulated {@link #sleep} blocks on the clock without polling, and
 * {@link #advanceTime} from an executor thread of a topology on the same clock would wait for
 * that very thread: advance time from the test's thread.
 *
 * <p>Thread-safe.
 */
public class Time {
    /** The clock of the innermost open {@link SimulatedTime}, or null. */
    private static volatile SimulatedTime current;
    /** Threads in a simulated sleep, and their deadlines in nanoseconds. */
    private static final Map<Thread, Sleeper> SLEEPERS = new ConcurrentHashMap<>();

    private record Sleeper(SimulatedClock clock, Clock.Waiter waiter, long deadlineNanos) {
    }

    /** True if the calling thread reads simulated time. */
    public static boolean isSimulating() {
        return simulatedClockOrNull() != null;
    }

    /**
     * Gale only: the simulated clock the calling thread reads (for instance to pass it to
     * {@code LocalCluster.Builder.withClock}).
     *
     * @throws IllegalStateException if the thread reads real time
     */
    public static SimulatedClock simulatedClock() {
        SimulatedClock c = simulatedClockOrNull();
        if (c == null) {
            throw new IllegalStateException("not in simulated time: open a Time.SimulatedTime first");
        }
        return c;
    }

    private static SimulatedClock simulatedClockOrNull() {
        Clock bound = ThreadClock.current();
        if (bound != null) {
            return bound instanceof SimulatedClock ? (SimulatedClock) bound : null;
        }
        SimulatedTime s = current;
        return s == null ? null : s.clock;
    }

    public static void sleepUntil(long targetTimeMs) throws InterruptedException {
        SimulatedClock c = simulatedClockOrNull();
        if (c != null) {
            simulatedSleepUntilNanos(c, millisToNanos(targetTimeMs));
        } else {
            long ms = targetTimeMs - System.currentTimeMillis();
            if (ms > 0) {
                ThreadClock.beforeBlocking();
                Thread.sleep(ms);
            }
        }
    }

    public static void sleepUntilNanos(long targetTimeNanos) throws InterruptedException {
        SimulatedClock c = simulatedClockOrNull();
        if (c != null) {
            simulatedSleepUntilNanos(c, targetTimeNanos);
        } else {
            long nanos = targetTimeNanos - System.nanoTime();
            if (nanos > 0) {
                ThreadClock.beforeBlocking();
                TimeUnit.NANOSECONDS.sleep(nanos);
            }
        }
    }

    public static void sleep(long ms) throws InterruptedException {
        if (ms <= 0) {
            return;
        }
        SimulatedClock c = simulatedClockOrNull();
        if (c != null) {
            simulatedSleepUntilNanos(c, c.nanos() + millisToNanos(ms));
        } else {
            ThreadClock.beforeBlocking();
            Thread.sleep(ms);
        }
    }

    public static void parkNanos(long nanos) throws InterruptedException {
        if (nanos <= 0) {
            return;
        }
        SimulatedClock c = simulatedClockOrNull();
        if (c != null) {
            simulatedSleepUntilNanos(c, c.nanos() + nanos);
        } else {
            ThreadClock.beforeBlocking();
            LockSupport.parkNanos(nanos);
        }
    }

    public static void sleepSecs(long secs) throws InterruptedException {
        if (secs > 0) {
            sleep(secs * 1000);
        }
    }

    /**
     * Waits on the clock itself, so that an advance returns only once this thread has woken up
     * (its waiter closed) if its deadline has come.
     */
    private static void simulatedSleepUntilNanos(SimulatedClock clock, long deadline) throws InterruptedException {
        SimulatedTime s = current;
        long autoAdvance = s != null && s.clock == clock ? s.autoAdvanceNanos : 0;
        if (autoAdvance > 0) {
            // Storm's auto-advancing time: each sleep moves the clock on itself.
            while (clock.nanos() < deadline) {
                clock.advanceNanos(Math.min(autoAdvance, deadline - clock.nanos()));
            }
            return;
        }
        SimulatedSleep stepped = ThreadClock.simulatedSleep();
        if (stepped != null) {
            // On the step scheduler the sleeping executor runs on the test's own thread: it is
            // marked asleep (it does nothing until the clock gets there) instead of blocking it.
            stepped.sleepUntil(deadline);
            return;
        }
        Thread me = Thread.currentThread();
        Clock.Waiter waiter = clock.newWaiter("Time.sleep on thread '" + me.getName() + "'");
        SLEEPERS.put(me, new Sleeper(clock, waiter, deadline));
        try {
            while (clock.nanos() < deadline) {
                if (!waiter.awaitNanos(deadline)) {
                    // Woken early: only the end of the simulation does that.
                    throw new InterruptedException("simulated time ended while " + me.getName() + " slept");
                }
            }
        } finally {
            SLEEPERS.remove(me);
            waiter.close();
        }
    }

    /** Nanoseconds: simulated, or {@link System#nanoTime()}. */
    public static long nanoTime() {
        SimulatedClock c = simulatedClockOrNull();
        return c != null ? c.nanos() : System.nanoTime();
    }

    /** Milliseconds: simulated (from zero), or {@link System#currentTimeMillis()}. */
    public static long currentTimeMillis() {
        SimulatedClock c = simulatedClockOrNull();
        return c != null ? c.millis() : System.currentTimeMillis();
    }

    public static long nanosToMillis(long nanos) {
        return nanos / 1_000_000;
    }

    public static long millisToNanos(long millis) {
        return millis * 1_000_000;
    }

    public static long secsToMillis(int secs) {
        return 1000 * (long) secs;
    }

    public static long secsToMillisLong(double secs) {
        return (long) (1000 * secs);
    }

    public static int currentTimeSecs() {
        return (int) (currentTimeMillis() / 1000);
    }

    public static int deltaSecs(int timeInSeconds) {
        return currentTimeSecs() - timeInSeconds;
    }

    public static long deltaMs(long timeInMilliseconds) {
        return currentTimeMillis() - timeInMilliseconds;
    }

    /**
     * Advances simulated time; returns once every topology on the clock has handled what came
     * due (ticks, rotations, timeouts) and every sleeper whose deadline came has woken.
     *
     * @throws IllegalStateException if the calling thread does not read simulated time
     * @throws IllegalArgumentException if {@code ms} is negative
     */
    public static void advanceTime(long ms) {
        advanceTimeNanos(millisToNanos(ms));
    }

    public static void advanceTimeNanos(long nanos) {
        SimulatedClock c = simulatedClockOrNull();
        if (c == null) {
            throw new IllegalStateException("Cannot simulate time unless in simulation mode");
        }
        if (nanos < 0) {
            throw new IllegalArgumentException("advanceTime only accepts positive time as an argument");
        }
        c.advanceNanos(nanos);
    }

    public static void advanceTimeSecs(long secs) {
        advanceTime(secs * 1_000);
    }

    /** True if {@code t} has ended or sleeps in simulated time until a deadline still to come. */
    public static boolean isThreadWaiting(Thread t) {
        if (!isSimulating()) {
            throw new IllegalStateException("Must be in simulation mode");
        }
        Sleeper s = SLEEPERS.get(t);
        return !t.isAlive() || s != null && s.clock.nanos() < s.deadlineNanos;
    }

    /**
     * Simulated time for the threads that are not executors of a topology, from zero, until
     * closed; executors of a topology on this clock read it too (see {@link #simulatedClock()}).
     * May nest: closing restores the one before. Closing wakes threads still sleeping on it with
     * an {@link InterruptedException}, as Storm's does. Open and close it on one thread.
     */
    public static class SimulatedTime implements AutoCloseable {
        private final SimulatedClock clock = new SimulatedClock();
        private final long autoAdvanceNanos;
        private final SimulatedTime previous;
        private boolean closed;

        public SimulatedTime() {
            this(null);
        }

        /** With {@code advanceTimeMs}, every simulated sleep advances time by that much at a time. */
        public SimulatedTime(Number advanceTimeMs) {
            this.autoAdvanceNanos = advanceTimeMs == null ? 0 : millisToNanos(advanceTimeMs.longValue());
            synchronized (Time.class) {
                this.previous = current;
                current = this;
            }
        }

        /** Gale only: the clock of this simulated time. */
        public SimulatedClock getClock() {
            return clock;
        }

        @Override
        public void close() {
            synchronized (Time.class) {
                if (closed) {
                    return;
                }
                closed = true;
                if (current == this) {
                    current = previous;
                }
            }
            for (Sleeper s : SLEEPERS.values()) {
                if (s.clock == clock) {
                    s.waiter.close();
                }
            }
        }
    }
}
