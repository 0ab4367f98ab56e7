package dev.gale.task;

import dev.gale.utils.ShellResources;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a {@link WorkerTopologyContext} says of its worker process: port, code and pid
 * directories, tasks. Either the embedded engine's answers (one worker: this JVM) or what a
 * caller of Storm's public constructors gave. Immutable; the directories are made on first use.
 *
 * @param port      the worker's port, or null when the caller gave none
 * @param codeDir   the directory holding the topology's {@code resources/}
 * @param pidDir    where multilang subprocesses record their pids
 * @param tasks     the worker's task ids, or null for every task of the topology
 */
record WorkerFacts(Integer port, Supplier<String> codeDir, Supplier<String> pidDir, List<Integer> tasks) {

    /**
     * The port the embedded engine reports: its worker listens on none, so it answers with
     * Storm's first default worker slot ({@code supervisor.slots.ports}), a stable number for
     * code that logs it or builds names from it.
     */
    static final int EMBEDDED_PORT = 6700;

    /** The embedded engine's worker: this JVM, with the directories its shell components use. */
    static WorkerFacts embedded() {
        return new WorkerFacts(EMBEDDED_PORT,
                () -> ShellResources.codeDir(Thread.currentThread().getContextClassLoader()).toString(),
                () -> ShellResources.pidDir().toString(), null);
    }

    /** What a caller of Storm's constructors gave, returned as given (nulls included). */
    static WorkerFacts given(Integer port, String codeDir, String pidDir, List<Integer> tasks) {
        return new WorkerFacts(port, () -> codeDir, () -> pidDir, tasks);
    }
}
