package dev.gale.impl.executor;

import dev.gale.impl.time.Pace;
import dev.gale.impl.time.SimulatedSleep;
import dev.gale.impl.transfer.InlineReceiver;
import dev.gale.impl.transfer.Parker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lets a sender hand an executor a message inline, on the sender's thread, instead of through the
 * queue; and lets one thread at a time into the executor, since two kinds of caller may now run
 * it: its scheduler's thread for a cycle, and such a sender. Both usually are the same thread;
 * while the executor moves to another thread they are not, and then whoever enters first runs and
 * the other backs off (the cycle returns, the sender queues).
 *
 * <p>Thread-safe.
 */
final class InlineHandOff implements InlineReceiver {
    /** Longest chain of executors handing off inline within one call; deeper hand-offs are queued. */
    private static final int MAX_INLINE_DEPTH = 16;
    private static final VarHandle TAKEN;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(InlineHandOff.class, "taken", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Executor executor;
    @SuppressWarnings("unused") // through TAKEN
    private volatile int taken;

    InlineHandOff(Executor executor) {
        this.executor = executor;
    }

    /** True if the caller may run the executor now; it must {@link #exit()} after. */
    boolean tryEnter() {
        return TAKEN.compareAndSet(this, 0, 1);
    }

    void exit() {
        taken = 0;
    }

    /**
     * Takes the message now only if the executor runs on the sender's thread, is not running
     * already (no re-entry: a cycle in the graph falls back to the queue), has started, is awake,
     * and its queue is empty, so the message overtakes nothing from that sender.
     */
    @Override
    public boolean tryInline(Object message, Thread sender) {
        Parker p = executor.parker();
        if (p == null || p.thread() != sender || !executor.probe().hasStarted() || !executor.isRunning()
                || !executor.inbox.isEmpty() || executor.outbox.overflowSize() > 0 || executor.asleep()
                || !p.enterInline(MAX_INLINE_DEPTH)) {
            return false;
        }
        if (!tryEnter()) {
            p.exitInline();
            return false;
        }
        try {
            take(message);
            return true;
        } finally {
            exit();
            p.exitInline();
        }
    }

    private void take(Object message) {
        Pace pace = executor.pace();
        // The sender's binding comes back after: its user code is still on the stack below us.
        SimulatedSleep senderSleep = pace.enterUserCode(executor);
        try {
            executor.accept(message);
        } catch (TaskErrors.Halted h) {
            executor.stop();
        } catch (Throwable t) {
            executor.errors.engineBug("internal error", t);
        } finally {
            pace.leaveUserCode(senderSleep);
        }
        executor.probe().handedOff();
    }
}
