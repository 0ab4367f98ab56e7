package dev.gale.impl.acker;

import dev.gale.spout.FailureInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;

/**
 * Sampled tree tracing: for the trees whose root carries the trace bit ({@link RootIds#isTraced}),
 * which task holds each tuple of the tree it has not acked yet. Each executor reports what it does
 * with a traced tree's tuples (a tuple sent to a task, a tuple acked by the task that got it); the
 * spout opens a tree's record when it starts a traced tree and closes it when the tree ends, and
 * a timeout reads what is left: the tasks where the tree got stuck. Reports about trees without a
 * record (already ended, or never traced) are ignored, so nothing outlives its tree.
 *
 * <p>Only traced trees reach it, one in {@code gale.trace.sample}, so it favours simplicity over
 * speed. Thread-safe: every executor of the topology calls it.
 */
public final class TreeTracer {
    private final ConcurrentHashMap<Long, Trace> trees = new ConcurrentHashMap<>();
    private final IntFunction<String> componentOfTask;
    private final int every;
    /** Per task id, the timed-out traced trees it held tuples of: the bolts' TIMEOUT counts in the stats. */
    private final ConcurrentHashMap<Integer, LongAdder> timeoutsHeld = new ConcurrentHashMap<>();

    /**
     * @param componentOfTask the component id of a task id
     * @param every one tree in how many is traced ({@code gale.trace.sample}), at least 1
     */
    public TreeTracer(IntFunction<String> componentOfTask, int every) {
        this.componentOfTask = componentOfTask;
        this.every = every;
    }

    /** One tree in how many is traced. */
    public int every() {
        return every;
    }

    /** A spout starts the traced tree {@code root}. */
    public void open(long root) {
        trees.put(root, new Trace());
    }

    /** A tuple of the tree, reached by edge {@code edge} (the XOR of its edges in that tree), was sent to {@code task}. */
    public void sent(long root, long edge, int task) {
        Trace t = trees.get(root);
        if (t != null) {
            t.sent(edge, task);
        }
    }

    /** The task that got the tuple reached by {@code edge} acked it. */
    public void acked(long root, long edge) {
        Trace t = trees.get(root);
        if (t != null) {
            t.acked(edge);
        }
    }

    /** The tree ended (acked or failed): its record goes. */
    public void drop(long root) {
        trees.remove(root);
    }

    /**
     * The tree timed out: its record goes, and the tasks that still held tuples of it come back,
     * by component and task id; empty if it had no record.
     */
    public List<FailureInfo.Holder> close(long root) {
        Trace t = trees.remove(root);
        if (t == null) {
            return List.of();
        }
        List<FailureInfo.Holder> holders = t.holders(componentOfTask);
        for (FailureInfo.Holder h : holders) {
            timeoutsHeld.computeIfAbsent(h.taskId(), k -> new LongAdder()).increment();
        }
        return holders;
    }

    /** How many traced trees timed out while {@code task} held tuples of them; any thread. */
    public long timeoutsHeldBy(int task) {
        LongAdder n = timeoutsHeld.get(task);
        return n == null ? 0 : n.sum();
    }

    /** Trees traced now (for tests). */
    public int open() {
        return trees.size();
    }

    /** One tree's tuples not yet acked: edge to the task holding it. */
    private static final class Trace {
        private final Map<Long, Integer> held = new HashMap<>();

        // Senders record a tuple before they send it, so its ack always finds it here.
        synchronized void sent(long edge, int task) {
            held.put(edge, task);
        }

        synchronized void acked(long edge) {
            held.remove(edge);
        }

        synchronized List<FailureInfo.Holder> holders(IntFunction<String> componentOfTask) {
            TreeMap<Integer, Integer> perTask = new TreeMap<>();
            for (int task : held.values()) {
                perTask.merge(task, 1, Integer::sum);
            }
            List<FailureInfo.Holder> out = new ArrayList<>(perTask.size());
            perTask.forEach((task, n) -> out.add(new FailureInfo.Holder(componentOfTask.apply(task), task, n)));
            return List.copyOf(out);
        }
    }
}
