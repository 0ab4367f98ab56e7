package dev.gale.impl.grouping;

import dev.gale.impl.util.LeadingPad;
import java.util.Arrays;
import java.util.List;

/**
 * Spreads tuples round robin over the target tasks, starting at a different task for each
 * emitter so that emitters do not all hit the same task first.
 *
 * <p>Load- and locality-aware unless {@code topology.disable.loadaware.messaging} is set, as
 * Storm's default shuffle is, with the scheduler thread as the closest scope (Storm's closest is
 * the worker process, and here every task shares one): while the targets on the emitter's own
 * thread are not overloaded, tuples go round robin over those only, so they are handed over without
 * crossing cores. Overloaded means the average fill of their queues reached the higher bound
 * ({@code topology.localityaware.higher.bound}, 0.8); the shuffle then spreads over every target
 * until that fill drops below the lower bound ({@code topology.localityaware.lower.bound}, 0.2).
 * One more rule, which Storm does not need because each of its executors has a thread of its own:
 * the local scope is used only while every thread that runs a target also runs a task of the
 * emitting component, so that no target is left without input, whatever the placement. The
 * placement is looked at again every {@value #REFRESH_EVERY} tuples, so moves by the scheduler's watchdog are
 * followed.
 *
 * <p>Not thread-safe: one per emitting task and stream, used on its thread.
 */
final class ShuffleGrouper extends ShuffleGrouperPad implements Grouper {
    /** Tuples between two looks at the placement: rare enough to cost nothing per tuple. */
    static final int REFRESH_EVERY = 1024;
    /** Tuples between two looks while some task has not started yet (its thread is unknown). */
    static final int REFRESH_WHILE_STARTING = 16;
    private final int[] tasks;
    /** Every task of the emitting component (the emitter's own included). */
    private final int[] emitterTasks;
    private final int emitterTask;
    private final boolean localityAware;
    private final double higherBound;
    private final double lowerBound;
    /** The targets on the emitter's thread (first localCount); localCount 0: spread over all. */
    private final int[] local;
    private final Object[] emitterThreads;

    ShuffleGrouper(int[] tasks, int emitterTask) {
        this(tasks, emitterTask, new int[] {emitterTask}, false, 0.8, 0.2);
    }

    ShuffleGrouper(int[] tasks, int emitterTask, int[] emitterTasks, boolean localityAware, double higherBound,
                   double lowerBound) {
        this.tasks = tasks;
        this.emitterTask = emitterTask;
        this.emitterTasks = emitterTasks;
        this.localityAware = localityAware && tasks.length > 1;
        this.higherBound = higherBound;
        this.lowerBound = lowerBound;
        this.next = Math.floorMod(emitterTask * 0x9E3779B9, tasks.length);
        this.local = new int[tasks.length];
        this.emitterThreads = new Object[emitterTasks.length];
    }

    @Override
    public void placement(Placement placement) {
        this.placement = placement;
        this.untilRefresh = 0;
    }

    @Override
    public int chooseTasks(List<Object> values, int[] out, int offset) {
        if (localityAware && --untilRefresh <= 0) {
            refresh();
        }
        if (localCount > 0) {
            out[offset] = local[nextLocal];
            if (++nextLocal >= localCount) {
                nextLocal = 0;
            }
            return 1;
        }
        out[offset] = tasks[next];
        if (++next == tasks.length) {
            next = 0;
        }
        return 1;
    }

    /** Which targets are local now, and whether the local scope may be used. */
    private void refresh() {
        untilRefresh = REFRESH_EVERY;
        localCount = 0;
        Arrays.fill(emitterThreads, null);
        Object me = placement.threadOf(emitterTask);
        if (me == null) {
            untilRefresh = REFRESH_WHILE_STARTING;
            return;
        }
        int threads = 0;
        for (int e : emitterTasks) {
            Object t = placement.threadOf(e);
            if (t == null) {
                untilRefresh = REFRESH_WHILE_STARTING;
                return;
            }
            if (indexOf(emitterThreads, threads, t) < 0) {
                emitterThreads[threads++] = t;
            }
        }
        int n = 0;
        for (int t : tasks) {
            Object thread = placement.threadOf(t);
            if (thread == null) {
                untilRefresh = REFRESH_WHILE_STARTING;
                return;
            }
            if (thread == me) {
                local[n++] = t;
            } else if (indexOf(emitterThreads, threads, thread) < 0) {
                return; // a target no emitter shares a thread with: it would get nothing
            }
        }
        if (n == 0 || n == tasks.length) {
            return; // no local target, or all are: plain round robin over every target
        }
        double load = 0;
        for (int i = 0; i < n; i++) {
            load += placement.load(local[i]);
        }
        load /= n;
        if (spilled ? load < lowerBound : load < higherBound) {
            spilled = false;
            localCount = n;
            if (nextLocal >= n) {
                nextLocal = 0;
            }
        } else {
            spilled = true;
        }
    }

    private static int indexOf(Object[] a, int n, Object o) {
        for (int i = 0; i < n; i++) {
            if (a[i] == o) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int maxTargets() {
        return 1;
    }
}

/** The fields of {@link ShuffleGrouper} that change after construction, in front of its trailing pad. */
abstract class ShuffleGrouperFields extends LeadingPad {
    Placement placement = Placement.UNKNOWN;
    int next;
    int localCount;
    int nextLocal;
    /** Whether it spills to every target now. */
    boolean spilled;
    int untilRefresh;
}

/** 128 bytes between {@link ShuffleGrouperFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class ShuffleGrouperPad extends ShuffleGrouperFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
