package dev.gale.impl.sched;

import java.util.Locale;

/**
 * What a scheduler thread does after a pass over its duty cycles that did nothing: spin, yield,
 * or tell the caller to park until a producer signals (or a cycle's poll interval passes). Spinning
 * answers a new message within nanoseconds and burns a core; parking costs a wake-up (some
 * microseconds) and nothing while idle. The default backs off from one to the other.
 *
 * <p>Immutable and thread-safe: the state (how many idle passes in a row) is the caller's.
 */
public abstract class IdleStrategy {
    /** Spins, then yields, then parks: fast hand-offs under load, no CPU when idle (the default). */
    public static final IdleStrategy BACKOFF = new Backoff(20, 5);
    /** Never parks and never yields: lowest latency, one core per scheduler thread, always. */
    public static final IdleStrategy BUSY_SPIN = new Backoff(Integer.MAX_VALUE, 0);
    /** Yields the core on every idle pass and never parks: for tests of latency with fewer cores than threads. */
    public static final IdleStrategy YIELD = new Backoff(0, Integer.MAX_VALUE);
    /** Parks after every idle pass: least CPU, slowest to wake. */
    public static final IdleStrategy PARK = new Backoff(0, 0);

    /**
     * Called after the {@code idleCount}-th idle pass in a row (from 1); spins or yields itself,
     * and returns true when the caller should park now.
     */
    public abstract boolean idle(int idleCount);

    /** The strategy named by the {@code gale.scheduler.idle} setting: backoff, spin, yield or park. */
    public static IdleStrategy named(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "backoff":
                return BACKOFF;
            case "spin":
                return BUSY_SPIN;
            case "yield":
                return YIELD;
            case "park":
                return PARK;
            default:
                throw new IllegalArgumentException("unknown idle strategy '" + name + "': use backoff, spin, yield or park");
        }
    }

    private static final class Backoff extends IdleStrategy {
        private final int spins;
        private final long yieldsUntil;

        Backoff(int spins, int yields) {
            this.spins = spins;
            this.yieldsUntil = (long) spins + yields;
        }

        @Override
        public boolean idle(int idleCount) {
            if (idleCount <= spins) {
                Thread.onSpinWait();
                return false;
            }
            if (idleCount <= yieldsUntil) {
                Thread.yield();
                return false;
            }
            return true;
        }
    }
}
