package dev.gale.impl.sched;

import dev.gale.impl.transfer.Parker;

/**
 * How a {@link Runner} sleeps when its cycles have nothing to do: it parks for the smallest budget
 * they allow (each kept as a due time), and, when a park ran out its time with no signal, wakes
 * into due-only passes that run just the cycles whose due time came, while the parker stays
 * announced so that a signal to any other cycle is still seen. A thread serving 100 idle
 * executors thus wakes for its polling spouts without passing over the bolts that have nothing
 * to do. Cycles due within the safety net are kept apart as the near ones, with the earliest due
 * time of the others, so a due-only pass and park look at the near ones only; each slot touched
 * after a long park is a likely cache miss.
 *
 * <p>Confined to the runner's thread, but {@link #dozing()}, which another runner reads to decide
 * whether to gather a quiet cycle on it.
 */
final class Doze {
    private static final Slot[] NONE = new Slot[0];

    private final Runner runner;
    private final Parker parker;
    private final long maxParkNanos;
    /** True while the runner dozes: parked, or running only the cycles that are due. */
    private volatile boolean dozing;
    /** The next pass runs only the cycles that are due (the parker is still announced). */
    private boolean dueOnly;
    /** While dozing: the cycles due within the safety net, and the earliest due time of the others. */
    private Slot[] near = NONE;
    private int nearCount;
    private long farDueAt;
    /** A due-only pass looked at every cycle, so the next park must sort them again. */
    private boolean rescan;

    Doze(Runner runner, Parker parker, long maxParkNanos) {
        this.runner = runner;
        this.parker = parker;
        this.maxParkNanos = maxParkNanos;
    }

    /** Whether the runner dozes now; any thread. */
    boolean dozing() {
        return dozing;
    }

    /** Whether the next pass runs only the cycles that are due. */
    boolean dueOnly() {
        return dueOnly;
    }

    /** Leaves due-only mode: from the next pass on every cycle runs, so the announcement can go. */
    void end() {
        if (dueOnly) {
            dueOnly = false;
            dozing = false;
            parker.cancelPark();
        }
    }

    /**
     * A due-only pass: runs the cycles whose due time has come, and gathers those that are quiet.
     * Only the near ones are looked at, unless the earliest far one is due too.
     */
    int runDue(Slot[] s, boolean timed) {
        long now = System.nanoTime();
        boolean all = farDueAt - now <= 0;
        if (all) {
            rescan = true;
        }
        Slot[] list = all ? s : near;
        int n = all ? s.length : nearCount;
        int work = 0;
        for (int i = 0; i < n && runner.isRunning(); i++) {
            Slot x = list[i];
            if (x.dueAt - now > 0) {
                continue;
            }
            x.ranDozing = true;
            int w = runner.runOnce(x, timed);
            if (w > 0) {
                work += w;
                if (x.home != null) {
                    runner.sendHome(x);
                }
            } else {
                runner.gather(x);
            }
        }
        return work;
    }

    /**
     * Parks for the smallest budget of the cycles, and sets whether the next pass runs only the
     * cycles that are due. In due-only mode only the cycles just run are asked for their budget
     * again, since any other change reaches the parker as a signal or wake.
     */
    void park(Slot[] s) {
        if (!dueOnly) {
            parker.prepareToPark();
        }
        long now = System.nanoTime();
        long budget = runner.isRunning() && !runner.hasIncoming() ? maxParkNanos : 0;
        boolean full = !dueOnly || rescan;
        rescan = false;
        Slot[] list = full ? s : near;
        int n = full ? s.length : nearCount;
        if (full) {
            if (near.length < s.length) {
                near = new Slot[s.length];
            }
            nearCount = 0;
            farDueAt = now + maxParkNanos;
        }
        for (int i = 0; i < n && budget > 0; i++) {
            Slot x = list[i];
            if (x.owner != runner) {
                continue;
            }
            if (full || x.ranDozing) {
                x.ranDozing = false;
                if (!x.claim()) {
                    budget = 0; // being run elsewhere right now: look again soon
                    break;
                }
                long b;
                try {
                    b = x.cycle.parkBudgetNanos(parker);
                } finally {
                    x.release();
                }
                x.dueAt = now + Math.min(b, maxParkNanos);
            }
            if (full) {
                if (x.dueAt - now < maxParkNanos) {
                    near[nearCount++] = x;
                } else if (x.dueAt - farDueAt < 0) {
                    farDueAt = x.dueAt;
                }
            }
            budget = Math.min(budget, x.dueAt - now);
        }
        budget = Math.min(budget, farDueAt - now);
        if (budget <= 0 || parker.wasWoken()) {
            wake(s);
            return;
        }
        dozing = true;
        parker.doze(budget);
        if (parker.wasWoken() || !runner.isRunning() || runner.hasIncoming()) {
            dozing = false;
            dueOnly = false;
            parker.cancelPark();
            return;
        }
        dueOnly = true;
    }

    private void wake(Slot[] s) {
        dozing = false;
        dueOnly = false;
        for (Slot x : s) {
            x.ranDozing = false;
        }
        parker.cancelPark();
    }
}
