package dev.gale.impl.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lets one thread at a time into an executor when two kinds of caller may run it: its scheduler's
 * thread for a cycle, and a sender handing it a message inline on the sender's thread. Both
 * usually are the same thread; while the executor moves to another thread they are not, and
 * then whoever enters first runs and the other backs off (the cycle returns, the sender queues).
 *
 * <p>Thread-safe.
 */
final class RunGate {
    private static final VarHandle TAKEN;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(RunGate.class, "taken", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through TAKEN
    private volatile int taken;

    /** True if the caller may run the executor now; it must {@link #exit()} after. */
    boolean tryEnter() {
        return TAKEN.compareAndSet(this, 0, 1);
    }

    void exit() {
        taken = 0;
    }
}
