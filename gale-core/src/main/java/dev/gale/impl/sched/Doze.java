package dev.gale.impl.sched;

import dev.gale.impl.transfer.Parker;
import java.util.Arrays;

/**
 * How a {@link Runner} sleeps when its cycles have nothing to do: it parks for the smallest budget
 * they allow (each kept as a due time), and, when a park ran out its time with no signal, wakes
 * into due-only passes over just the cycles whose due time came, while the parker stays announced
 * so that a signal to any other cycle is still seen. A thread serving 100 idle executors thus
 * wakes for its polling spouts without passing over the bolts that have nothing to do. Cycles due
 * within the safety net are kept apart as the near ones, with the earliest due time of the others,
 * so a due-only pass and park look at the near ones only; each slot touched after a long park is
 * a likely cache miss.
 *
 * <p>A strategy the runner asks, never a caller back into it: {@link #park} and {@link #dueNow}
 * answer, and the runner runs the cycles. The due times are kept here, by the cycles' positions in
 * the runner's slot array, and start over when the runner hands in another array.
 *
 * <p>Confined to the runner's thread, but {@link #dozing()}, which another runner reads to decide
 * whether to gather a quiet cycle on it.
 */
final class Doze {
    private static final Slot[] NO_SLOTS = new Slot[0];

    private final Parker parker;
    private final long maxParkNanos;
    /** True while the runner dozes: parked, or running only the cycles that are due. */
    private volatile boolean dozing;
    /** The next pass runs only the cycles that are due (the parker is still announced). */
    private boolean dueOnly;
    /** The runner's slot array the per-slot state below is indexed by. */
    private Slot[] indexed = NO_SLOTS;
    /** Per slot: when the cycle next wants to run (System.nanoTime). */
    private long[] dueAt = new long[0];
    /** Per slot: whether it ran in the current due-only pass, so its budget must be asked again. */
    private boolean[] ran = new boolean[0];
    /** While dozing: the positions of the cycles due within the safety net, and the earliest due time of the others. */
    private int[] near = new int[0];
    private int nearCount;
    private long farDueAt;
    /** A due-only pass looked at every cycle, so the next park must sort them again. */
    private boolean rescan;
    /** The cycles {@link #dueNow} found due. */
    private Slot[] due = NO_SLOTS;

    Doze(Parker parker, long maxParkNanos) {
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
     * For a due-only pass: which cycles of {@code s} are due now, in {@link #due()}; returns how
     * many. Only the near ones are looked at, unless the earliest far one is due too.
     */
    int dueNow(Slot[] s) {
        if (due.length < s.length) {
            due = new Slot[s.length];
        }
        long now = System.nanoTime();
        if (s != indexed) {
            // Not the array the due times were kept for: run them all, and sort them at the next park.
            rescan = true;
            System.arraycopy(s, 0, due, 0, s.length);
            return s.length;
        }
        boolean all = farDueAt - now <= 0;
        if (all) {
            rescan = true;
        }
        int n = all ? s.length : nearCount;
        int count = 0;
        for (int k = 0; k < n; k++) {
            int i = all ? k : near[k];
            if (dueAt[i] - now > 0) {
                continue;
            }
            ran[i] = true;
            due[count++] = s[i];
        }
        return count;
    }

    /** The cycles the last {@link #dueNow} found due. */
    Slot[] due() {
        return due;
    }

    /**
     * Parks for the smallest budget of {@code owner}'s cycles in {@code s}, or not at all when
     * {@code mayPark} is false (the runner stops, or was handed cycles), and sets whether the next
     * pass runs only the cycles that are due. In due-only mode only the cycles just run are asked
     * for their budget again, since any other change reaches the parker as a signal or wake. The
     * runner ends the doze (see {@link #end()}) if, once this returns, it stops or was handed cycles.
     */
    void park(Slot[] s, Runner owner, boolean mayPark) {
        if (!dueOnly) {
            parker.prepareToPark();
        }
        long now = System.nanoTime();
        long budget = mayPark ? maxParkNanos : 0;
        boolean full = !dueOnly || rescan || s != indexed;
        rescan = false;
        if (full) {
            index(s);
            nearCount = 0;
            farDueAt = now + maxParkNanos;
        }
        int n = full ? s.length : nearCount;
        for (int k = 0; k < n && budget > 0; k++) {
            int i = full ? k : near[k];
            Slot x = s[i];
            if (x.owner != owner) {
                continue;
            }
            if (full || ran[i]) {
                ran[i] = false;
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
                dueAt[i] = now + Math.min(b, maxParkNanos);
            }
            if (full) {
                if (dueAt[i] - now < maxParkNanos) {
                    near[nearCount++] = i;
                } else if (dueAt[i] - farDueAt < 0) {
                    farDueAt = dueAt[i];
                }
            }
            budget = Math.min(budget, dueAt[i] - now);
        }
        budget = Math.min(budget, farDueAt - now);
        if (budget <= 0 || parker.wasWoken()) {
            wake();
            return;
        }
        dozing = true;
        parker.doze(budget);
        if (parker.wasWoken()) {
            wake();
            return;
        }
        dueOnly = true;
    }

    /** Keeps the per-slot state for {@code s}, from scratch if it is another array than before. */
    private void index(Slot[] s) {
        if (s == indexed) {
            return;
        }
        indexed = s;
        if (dueAt.length < s.length) {
            dueAt = new long[s.length];
            ran = new boolean[s.length];
            near = new int[s.length];
        } else {
            Arrays.fill(ran, false);
        }
    }

    private void wake() {
        dozing = false;
        dueOnly = false;
        Arrays.fill(ran, false);
        parker.cancelPark();
    }
}
