package dev.gale.impl.sched;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evens out the load of a pool's threads: over each period it reads how long every duty cycle
 * spent doing work, and when the busiest thread is near a whole core while another has room, it
 * picks the one cycle whose move narrows the gap most. Round-robin placement cannot know that a
 * spout costs as much as the three bolts after it; the balancer finds out.
 *
 * <p>A move must narrow the gap between the two threads by at least {@link #MIN_GAIN} of a core,
 * the period after a move is not judged (it mixes before and after), and a moved cycle does not go
 * back to the thread it left for {@link #NO_RETURN_NANOS}, so cycles do not bounce.
 *
 * <p>Not thread-safe: called by the scheduler's watchdog thread only.
 */
final class Balancer {
    /** The busiest thread's share of a core from which moving anything can raise throughput. */
    static final double SATURATED = 0.75;
    /** Least narrowing of the gap, in cores, worth a move. */
    static final double MIN_GAIN = 0.10;

    /** A decision: move {@code slot} from {@code from} to {@code to}. */
    record Move(Slot slot, Runner from, Runner to, double fromLoad, double toLoad) {
    }

    /**
     * How long a moved cycle may not go back to the thread it left. Without it the word count's
     * acker and spout went back and forth every second or so (up to 6 moves in 8 s); with 10 s,
     * runs of 20 s still dropped by a tenth once it ran out.
     */
    static final long NO_RETURN_NANOS = 60_000_000_000L;

    private long lastNanos = -1;
    private boolean skipNext;
    /** The thread each moved cycle left, and when. */
    private final Map<Slot, Departure> departures = new HashMap<>();

    private record Departure(Runner from, long atNanos) {
    }

    /** Reads the loads since the last call and returns the move to make now, or null. */
    Move consider(List<Runner> pool, long nowNanos) {
        long elapsed = nowNanos - lastNanos;
        boolean first = lastNanos < 0;
        lastNanos = nowNanos;
        Runner busiest = null;
        Runner idlest = null;
        double maxLoad = -1;
        double minLoad = Double.MAX_VALUE;
        for (Runner r : pool) {
            long sum = 0;
            for (Slot s : r.owned()) {
                long busy = s.busyNanos;
                s.busyDelta = busy - s.busySeen;
                s.busySeen = busy;
                sum += s.busyDelta;
            }
            double load = first ? 0 : (double) sum / elapsed;
            if (load > maxLoad) {
                maxLoad = load;
                busiest = r;
            }
            if (load < minLoad) {
                minLoad = load;
                idlest = r;
            }
        }
        if (first || skipNext || busiest == idlest || maxLoad < SATURATED) {
            skipNext = false;
            return null;
        }
        double gap = maxLoad - minLoad;
        List<Slot> candidates = busiest.owned();
        if (candidates.size() < 2) {
            return null;
        }
        Slot best = null;
        double bestGap = gap;
        for (Slot s : candidates) {
            Departure left = departures.get(s);
            if (left != null && left.from() == idlest && nowNanos - left.atNanos() < NO_RETURN_NANOS) {
                continue; // it just came from there: no bouncing
            }
            double d = (double) s.busyDelta / elapsed;
            double newGap = Math.abs(gap - 2 * d);
            if (newGap < bestGap) {
                bestGap = newGap;
                best = s;
            }
        }
        if (best == null || gap - bestGap < MIN_GAIN) {
            return null;
        }
        skipNext = true;
        departures.put(best, new Departure(busiest, nowNanos));
        return new Move(best, busiest, idlest, maxLoad, minLoad);
    }
}
