package dev.gale.impl.sched;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Moves cycles between a pool's threads towards the placement that runs fastest, by trying moves
 * and keeping only those that measure faster. Round-robin placement cannot know which executors
 * talk to each other, and load alone cannot tell a fast placement from a slow one: two placements
 * with the same loads differ by how many hand-offs cross between cores, and so by a third or more
 * in throughput. So, while the busiest thread is near a whole core (placement then sets the pace):
 * measure the topology's progress (messages handled per second) over a period at the current
 * placement; make the most promising untried move; measure a period again; keep the move if
 * progress rose by at least {@link #MIN_GAIN}, else move the cycle back. A placement is left
 * only for one that measured faster, never for a slower one. Once no untried move remains it
 * settles, until progress falls well below what it had settled at, which starts a new search.
 *
 * <p>Candidates are single moves of one cycle to another thread (the moved-from thread keeps at
 * least one), ordered by what they promise: evening out the loads, and bringing together cycles
 * that exchange many messages ({@link DutyCycle#sentTo}).
 *
 * <p>Not thread-safe: called by the scheduler's watchdog thread only.
 */
final class PlacementSearch {
    /** The busiest thread's share of a core from which placement sets the pace. */
    static final double SATURATED = 0.75;
    /** Least rise in progress, as a share, that a move must bring to be kept. */
    static final double MIN_GAIN = 0.03;
    /** Moves tried per placement, the most promising first. */
    static final int TRIES_PER_PLACEMENT = 4;
    /** A settled placement whose progress falls under this share of what it settled at is searched again. */
    static final double DROP = 0.75;
    /** An estimate of what a message between two cores costs, in core-seconds: for ordering candidates. */
    private static final double CROSS_MESSAGE_SECONDS = 100e-9;

    /** A decision: move {@code slot} from {@code from} to {@code to}. */
    record Move(Slot slot, Runner from, Runner to, boolean revert) {
    }

    private enum Phase { BASELINE, TRIAL, SETTLED }

    private Phase phase = Phase.BASELINE;
    private long lastNanos = -1;
    private long lastProgress;
    private double baseline;
    private double settledAt;
    private Move trial;
    /** Moves tried and rejected at the current placement (slot and target). */
    private final Set<List<Object>> tried = new HashSet<>();
    private int moves;
    private int reverts;
    private double lastRate;

    /**
     * Reads the period that just ended and returns the move to make now (possibly the revert of
     * the last one), or null.
     *
     * @param progress a counter of work done by the whole topology, increasing
     */
    Move step(List<Runner> pool, long nowNanos, long progress) {
        long elapsed = nowNanos - lastNanos;
        boolean first = lastNanos < 0;
        double rate = first || elapsed <= 0 ? 0 : (progress - lastProgress) * 1e9 / elapsed;
        lastNanos = nowNanos;
        lastProgress = progress;
        lastRate = rate;
        double[] loads = readLoads(pool, elapsed, first);
        if (first) {
            return null;
        }
        switch (phase) {
            case TRIAL: {
                Move done = trial;
                trial = null;
                if (rate >= baseline * (1 + MIN_GAIN)) {
                    tried.clear(); // a new placement: every move is worth a try again
                    baseline = rate;
                    phase = Phase.BASELINE;
                    return null;
                }
                tried.add(List.of(done.slot(), done.to()));
                reverts++;
                phase = Phase.BASELINE;
                return new Move(done.slot(), done.to(), done.from(), true);
            }
            case SETTLED:
                if (rate >= settledAt * DROP || max(loads) < SATURATED) {
                    settledAt = Math.max(settledAt, rate);
                    return null;
                }
                tried.clear();
                phase = Phase.BASELINE;
                return null;
            case BASELINE:
            default: {
                baseline = rate;
                if (max(loads) < SATURATED) {
                    return null; // not bound by CPU: placement does not set the pace
                }
                Move next = nextCandidate(pool, loads, elapsed);
                if (next == null) {
                    phase = Phase.SETTLED;
                    settledAt = rate;
                    return null;
                }
                trial = next;
                phase = Phase.TRIAL;
                moves++;
                return next;
            }
        }
    }

    /** Each runner's share of a core over the period, from its cycles' busy time; also updates the slots' deltas. */
    private static double[] readLoads(List<Runner> pool, long elapsed, boolean first) {
        double[] loads = new double[pool.size()];
        for (int i = 0; i < pool.size(); i++) {
            long sum = 0;
            for (Slot s : pool.get(i).owned()) {
                long busy = s.busyNanos;
                s.busyDelta = busy - s.busySeen;
                s.busySeen = busy;
                s.readTraffic();
                sum += s.busyDelta;
            }
            loads[i] = first || elapsed <= 0 ? 0 : (double) sum / elapsed;
        }
        return loads;
    }

    private static double max(double[] loads) {
        double m = 0;
        for (double l : loads) {
            m = Math.max(m, l);
        }
        return m;
    }

    /** The most promising move not tried at this placement, or null once the best few were tried. */
    private Move nextCandidate(List<Runner> pool, double[] loads, long elapsed) {
        double worst = max(loads);
        List<Scored> candidates = new ArrayList<>();
        for (int i = 0; i < pool.size(); i++) {
            Runner from = pool.get(i);
            List<Slot> owned = from.owned();
            if (owned.size() < 2) {
                continue;
            }
            for (Slot s : owned) {
                double load = (double) s.busyDelta / elapsed;
                for (int j = 0; j < pool.size(); j++) {
                    if (j == i) {
                        continue;
                    }
                    Runner to = pool.get(j);
                    double after = 0;
                    for (int k = 0; k < loads.length; k++) {
                        double l = k == i ? loads[k] - load : k == j ? loads[k] + load : loads[k];
                        after = Math.max(after, l);
                    }
                    double traffic = (exchanged(s, to.owned()) - exchanged(s, others(owned, s))) * 1e9 / elapsed;
                    candidates.add(new Scored(new Move(s, from, to, false),
                            worst - after + traffic * CROSS_MESSAGE_SECONDS));
                }
            }
        }
        candidates.sort(Comparator.comparingDouble(Scored::score).reversed());
        int considered = 0;
        for (Scored c : candidates) {
            if (considered++ >= TRIES_PER_PLACEMENT + tried.size()) {
                break;
            }
            if (!tried.contains(List.of(c.move().slot(), c.move().to()))) {
                return c.move();
            }
        }
        return null;
    }

    private static List<Slot> others(List<Slot> slots, Slot except) {
        List<Slot> out = new ArrayList<>(slots);
        out.remove(except);
        return out;
    }

    /** Messages {@code s} and the cycles in {@code group} sent each other over the last period. */
    private static long exchanged(Slot s, List<Slot> group) {
        long n = 0;
        for (Slot g : group) {
            if (g != s) {
                n += s.sentDuringPeriod(g) + g.sentDuringPeriod(s);
            }
        }
        return n;
    }

    private record Scored(Move move, double score) {
    }

    /** Moves made so far (trials), and how many of them were moved back. */
    int moves() {
        return moves;
    }

    int reverts() {
        return reverts;
    }

    /** Progress per second over the last period, and the search's phase, for the log. */
    String lastPeriod() {
        return String.format(Locale.ROOT, "%.3gM/s %s", lastRate / 1e6, phase);
    }
}
