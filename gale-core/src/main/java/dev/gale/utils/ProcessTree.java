package dev.gale.utils;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Ends a child process together with every process it started: SIGTERM to all of them at once,
 * then SIGKILL, after a grace period, to those still alive. The descendants are listed before the
 * first signal, while they are still the child's (an orphan is adopted by init and no longer
 * listed), and again before the second, for any the child started meanwhile.
 *
 * <p>The SIGKILL is sent by a daemon thread of this class, so neither step waits for the caller
 * nor depends on any other thread: a thread blocked writing to the child's stdin is freed when the
 * pipe's last reader dies. Thread-safe.
 */
final class ProcessTree {
    private static final ScheduledExecutorService KILLER = newKiller();

    private ProcessTree() {
    }

    private static ScheduledExecutorService newKiller() {
        ScheduledThreadPoolExecutor killer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "gale-process-tree-killer");
            t.setDaemon(true);
            return t;
        });
        killer.setRemoveOnCancelPolicy(true);
        return killer;
    }

    /**
     * Sends SIGTERM to {@code root} and its descendants now, and SIGKILL to those still alive
     * {@code graceMillis} later (at once if it is 0 or less). Returns the processes signalled.
     */
    static List<ProcessHandle> kill(ProcessHandle root, long graceMillis) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        if (graceMillis <= 0) {
            tree.forEach(ProcessHandle::destroyForcibly);
            return tree;
        }
        tree.forEach(ProcessHandle::destroy);
        KILLER.schedule(() -> {
            List<ProcessHandle> survivors = new ArrayList<>(tree);
            if (root.isAlive()) {
                root.descendants().filter(h -> !survivors.contains(h)).forEach(survivors::add);
            }
            for (ProcessHandle h : survivors) {
                if (h.isAlive()) {
                    h.destroyForcibly();
                }
            }
        }, graceMillis, TimeUnit.MILLISECONDS);
        return tree;
    }
}
