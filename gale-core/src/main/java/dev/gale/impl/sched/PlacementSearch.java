package dev.gale.impl.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Moves cycles between a pool's threads towards the placement that runs fastest, by trying moves
 * and keeping only those that measure faster. Round-robin placement cannot know which executors
 * talk to each other, and load alone cannot tell a fast placement from a slow one: two placements
 * with the same loads differ by how many hand-offs cross between cores, and so by a third or more
 * in throughput. So, while the busiest thread is near a whole core (placement then sets the pace):
 * measure the topology's progress (messages handled per second) over a period at the current
 * placement; make the most promising untried move and measure a period; move the cycle back and
 * measure again; and so on, {@link #ROUNDS} trial periods each between two periods of the old
 * placement. The move is made again, for good, if the median of the trial's periods beat the
 * median of the old placement's by at least {@link #MIN_GAIN}. A trial whose first period fell
 * {@link #EARLY_LOSS} under the baseline is given up at once. Measuring the old placement on both
 * sides of each trial period is what makes the verdict trustworthy on a machine whose speed
 * drifts: while the JIT warms up, or the host's load changes, progress rises or falls from period
 * to period whatever the placement, and a trial judged against the period before it alone would
 * be kept for the drift. For the same reason a search makes its first trial only once two
 * periods in a row measured within {@link #STEADY} of each other (or after
 * {@link #MAX_UNSTEADY_PERIODS} periods). Several rounds, judged by medians, are what make the
 * verdict trustworthy on a machine whose periods scatter by a quarter: one stalled period, trial
 * or old, decides nothing. A placement is left only for one that measured faster, never for a
 * slower one. Once the {@link #TRIES_PER_PLACEMENT} most promising moves were tried it settles,
 * until progress stays well below its settled level (a running average) for
 * {@link #LOW_PERIODS} periods in a row, which starts a new search.
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
    /**
     * Least rise in progress, as a share, from the old placement's median period to the trial's,
     * for a move to be kept: below what a move that stops messages crossing between cores brings,
     * above what a move between equal placements shows over several rounds.
     */
    static final double MIN_GAIN = 0.10;
    /**
     * Trial periods per verdict, each between two periods of the old placement. One was not
     * enough: periods of one placement scatter by a quarter on a shared machine, so a single
     * round kept or lost a move that gains a third about as often as a coin would.
     */
    static final int ROUNDS = 3;
    /** A trial whose first period measures this share under the baseline is given up without more rounds. */
    static final double EARLY_LOSS = 0.10;
    /** Moves tried per placement, the most promising first. */
    static final int TRIES_PER_PLACEMENT = 4;
    /** A settled placement whose progress stays under this share of its settled level is searched again. */
    static final double DROP = 0.75;
    /**
     * How close, as a share, two periods in a row must measure before a search makes its first
     * trial: while the JIT is still compiling, progress climbs from period to period, and no
     * verdict on a move means anything.
     */
    static final double STEADY = 0.10;
    /**
     * Periods a search waits for steady progress at most: on a machine whose speed keeps
     * changing it may never come, and the check period around each trial guards against drift.
     */
    static final int MAX_UNSTEADY_PERIODS = 10;
    /** Periods in a row under {@link #DROP} that start a new search: one slow period is noise. */
    static final int LOW_PERIODS = 2;
    /** Weight of each period in the settled level, a running average of progress. */
    private static final double LEVEL_WEIGHT = 0.125;
    /** An estimate of what a message between two cores costs, in core-seconds: for ordering candidates. */
    private static final double CROSS_MESSAGE_SECONDS = 100e-9;

    /** A decision: move {@code slot} from {@code from} to {@code to}, for the reason {@code kind}. */
    record Move(Slot slot, Runner from, Runner to, Kind kind) {
        /** Whether it takes a trial back (to reject it, or to measure the old placement again). */
        boolean revert() {
            return kind == Kind.TAKE_BACK;
        }
    }

    /**
     * Why a cycle moves: a trial, a trial taken back, a trial's next round, or a trial that
     * measured faster made again for good.
     */
    enum Kind {
        TRY("trying"), TAKE_BACK("moved back"), TRY_AGAIN("trying again"), KEEP("keeping");

        private final String verb;

        Kind(String verb) {
            this.verb = verb;
        }

        /** The word the scheduler's log uses for it. */
        String verb() {
            return verb;
        }
    }

    /**
     * BASELINE: the period measures the current placement, and a trial may start. TRIAL: it
     * measures a trial move. CHECK: it measures the old placement again, the trial taken back.
     */
    private enum Phase { BASELINE, TRIAL, CHECK, SETTLED }

    private Phase phase = Phase.BASELINE;
    private long lastNanos = -1;
    private long lastProgress;
    private double baseline;
    /** The trial's periods so far, and the old placement's periods around them (the baseline first). */
    private final double[] trialRates = new double[ROUNDS];
    private final double[] oldRates = new double[ROUNDS + 1];
    private int rounds;
    private double settledLevel;
    private int lowPeriods;
    /** Whether this search has seen progress hold steady, so it may try moves. */
    private boolean steady;
    /** The progress of the last period measured at the current placement while not steady yet, or -1. */
    private double lastQuiet = -1;
    private int unsteadyPeriods;
    private Move trial;
    /** Moves tried and rejected at the current placement (slot and target). */
    private final Set<List<Object>> tried = new HashSet<>();
    /** What the search last read of each cycle: its busy time and its messages to each peer. */
    private final Map<Slot, SlotReading> readings = new IdentityHashMap<>();
    private double lastRate;
    /** Whether the traffic was read at the end of the previous period, and so covers exactly this one. */
    private boolean trafficReadBefore;
    private boolean trafficOfThisPeriod;

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
        // Traffic weighs only in choosing a move, which waits for saturated threads; reading it
        // costs a look at every pair of cycles, which an idle topology of 200 would pay each period.
        boolean saturated = max(loads) >= SATURATED;
        if (saturated) {
            readTraffic(pool);
        }
        trafficOfThisPeriod = saturated && trafficReadBefore;
        trafficReadBefore = saturated;
        if (first) {
            return null;
        }
        switch (phase) {
            case TRIAL:
                return endTrial(rate);
            case CHECK:
                return endCheck(rate, pool, loads, elapsed);
            case SETTLED:
                return settled(rate, loads);
            case BASELINE:
            default:
                return startTrial(rate, pool, loads, elapsed);
        }
    }

    /** The placement just measured is the baseline: try the most promising untried move, or settle. */
    private Move startTrial(double rate, List<Runner> pool, double[] loads, long elapsed) {
        baseline = rate;
        phase = Phase.BASELINE;
        if (max(loads) < SATURATED) {
            return null; // not bound by CPU: placement does not set the pace
        }
        if (!steady) {
            steady = lastQuiet > 0 && Math.abs(rate - lastQuiet) <= STEADY * Math.max(rate, lastQuiet)
                    || ++unsteadyPeriods >= MAX_UNSTEADY_PERIODS;
            lastQuiet = rate;
            if (!steady) {
                return null;
            }
        }
        if (!trafficOfThisPeriod) {
            return null; // the traffic read spans earlier, unsaturated periods: measure one more
        }
        Move next = nextCandidate(pool, loads, elapsed);
        if (next == null) {
            phase = Phase.SETTLED;
            settledLevel = rate;
            lowPeriods = 0;
            return null;
        }
        trial = next;
        rounds = 0;
        oldRates[0] = rate;
        phase = Phase.TRIAL;
        return next;
    }

    /**
     * The trial's period ended: it is taken back either way, to be rejected if its first period
     * measured well under the baseline, or else to measure the old placement once more (CHECK).
     */
    private Move endTrial(double rate) {
        Move done = trial;
        Move back = new Move(done.slot(), done.to(), done.from(), Kind.TAKE_BACK);
        trialRates[rounds++] = rate;
        if (rounds == 1 && rate < baseline * (1 - EARLY_LOSS)) {
            reject(done);
        } else {
            phase = Phase.CHECK;
        }
        return back;
    }

    /**
     * The old placement measured again: the next round starts, or, after the last, the move is
     * made for good if the rounds gained (see {@link #medianGain()}); else this period is the
     * baseline for the next trial.
     */
    private Move endCheck(double rate, List<Runner> pool, double[] loads, long elapsed) {
        Move done = trial;
        oldRates[rounds] = rate;
        if (rounds < ROUNDS) {
            phase = Phase.TRIAL;
            return new Move(done.slot(), done.from(), done.to(), Kind.TRY_AGAIN);
        }
        if (medianGain() >= 1 + MIN_GAIN) {
            trial = null;
            tried.clear(); // a new placement: every move is worth a try again
            phase = Phase.BASELINE;
            return new Move(done.slot(), done.from(), done.to(), Kind.KEEP);
        }
        reject(done);
        return startTrial(rate, pool, loads, elapsed);
    }

    /**
     * The median of the trial's periods over the median of the old placement's. Alternating the
     * two makes a steady drift raise (or lower) both medians alike; the medians pass over a
     * stalled period, trial or old, which would sway a mean or a ratio of neighbours.
     */
    private double medianGain() {
        double old = median(oldRates);
        return old > 0 ? median(trialRates) / old : Double.MAX_VALUE;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private void reject(Move done) {
        trial = null;
        tried.add(List.of(done.slot(), done.to()));
        phase = Phase.BASELINE;
    }

    /** Settled: search again once progress stays well under its running average. */
    private Move settled(double rate, double[] loads) {
        if (rate >= settledLevel * DROP || max(loads) < SATURATED) {
            settledLevel += (rate - settledLevel) * LEVEL_WEIGHT;
            lowPeriods = 0;
            return null;
        }
        if (++lowPeriods < LOW_PERIODS) {
            return null;
        }
        tried.clear();
        phase = Phase.BASELINE;
        steady = false;
        lastQuiet = -1;
        unsteadyPeriods = 0;
        return null;
    }

    /** Each runner's share of a core over the period, from its cycles' busy time; also updates the cycles' busy deltas. */
    private double[] readLoads(List<Runner> pool, long elapsed, boolean first) {
        double[] loads = new double[pool.size()];
        for (int i = 0; i < pool.size(); i++) {
            long sum = 0;
            for (Slot s : pool.get(i).owned()) {
                sum += reading(s).readBusy(s.busyNanos);
            }
            loads[i] = first || elapsed <= 0 ? 0 : (double) sum / elapsed;
        }
        return loads;
    }

    private void readTraffic(List<Runner> pool) {
        for (Runner r : pool) {
            for (Slot s : r.owned()) {
                reading(s).readTraffic(s.cycle);
            }
        }
    }

    private SlotReading reading(Slot s) {
        return readings.computeIfAbsent(s, k -> new SlotReading());
    }

    /** Messages {@code from}'s cycle sent {@code to}'s in the last period read. */
    long sentDuringPeriod(Slot from, Slot to) {
        SlotReading r = readings.get(from);
        return r == null ? 0 : r.sentTo(to.cycle.peerIndex());
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
                double load = (double) reading(s).busyDelta / elapsed;
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
                    candidates.add(new Scored(new Move(s, from, to, Kind.TRY),
                            worst - after + traffic * CROSS_MESSAGE_SECONDS));
                }
            }
        }
        if (tried.size() >= TRIES_PER_PLACEMENT) {
            return null;
        }
        candidates.sort(Comparator.comparingDouble(Scored::score).reversed());
        for (Scored c : candidates) {
            if (!tried.contains(List.of(c.move().slot(), c.move().to()))) {
                return c.move();
            }
        }
        return null;
    }

    private List<Slot> others(List<Slot> slots, Slot except) {
        List<Slot> out = new ArrayList<>(slots);
        out.remove(except);
        return out;
    }

    /** Messages {@code s} and the cycles in {@code group} sent each other over the last period. */
    private long exchanged(Slot s, List<Slot> group) {
        long n = 0;
        for (Slot g : group) {
            if (g != s) {
                n += sentDuringPeriod(s, g) + sentDuringPeriod(g, s);
            }
        }
        return n;
    }

    private record Scored(Move move, double score) {
    }

    /** Progress per second over the last period, and the search's phase, for the log. */
    String lastPeriod() {
        return String.format(Locale.ROOT, "%.3gM/s %s", lastRate / 1e6, phase);
    }
}
