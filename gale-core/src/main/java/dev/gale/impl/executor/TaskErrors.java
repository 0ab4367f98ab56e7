package dev.gale.impl.executor;

import dev.gale.impl.env.RuntimeEnv;
import dev.gale.topology.FatalTopologyException;
import java.io.InterruptedIOException;
import java.nio.channels.ClosedByInterruptException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one executor does with what its tasks' user code throws, and with its own bugs: an
 * exception is reported with the component and task and the caller goes on; an {@link Error} or a
 * {@link FatalTopologyException} stops the topology and unwinds the executor's cycle with
 * {@link Halted}, so that it runs not one more line of user code.
 *
 * <p>Confined to the executor's thread, like the user code it reports on.
 */
final class TaskErrors {
    private static final Logger LOG = LoggerFactory.getLogger(TaskErrors.class);

    private final RuntimeEnv env;
    private final String componentId;
    private final Executor executor;

    TaskErrors(RuntimeEnv env, String componentId, Executor executor) {
        this.env = env;
        this.componentId = componentId;
        this.executor = executor;
    }

    /**
     * Reports what user code threw while the topology runs; throws {@link Halted} if it is fatal.
     * An interruption during a kill is the kill's own doing and is not reported.
     */
    void whileRunning(int taskId, String what, Throwable e) {
        if (!executor.isRunning() && isInterruption(e)) {
            return;
        }
        if (FatalTopologyException.isFatal(e)) {
            env.fatal().raise(componentId, taskId, what, e);
            throw Halted.INSTANCE;
        }
        env.errors().report(componentId, taskId, what, e);
    }

    /** Same as {@link #whileRunning} for close and cleanup, which must go on with the other tasks. */
    void whileStopping(int taskId, String what, Throwable e) {
        if (FatalTopologyException.isFatal(e)) {
            env.fatal().raise(componentId, taskId, what, e);
        } else if (!isInterruption(e)) {
            env.errors().report(componentId, taskId, what, e);
        }
    }

    /**
     * Stops one task: its user code's last call (a bolt's cleanup, a spout's close), reported under
     * {@code failure} if it throws so that the other tasks still stop, then its hooks' cleanup.
     */
    void stopTask(TaskSetup setup, String failure, Runnable lastCall) {
        try {
            lastCall.run();
        } catch (Throwable e) {
            whileStopping(setup.taskId, failure, e);
        }
        setup.hooks.cleanup();
    }

    /** An engine bug: logged and reported; an {@link Error} also stops the executor and the topology. */
    void engineBug(String what, Throwable t) {
        if (t instanceof Error) {
            env.fatal().raise(componentId, -1, what, t);
            executor.stop();
            return;
        }
        LOG.error("{} in executor {}", what, executor.name(), t);
        env.errors().report(componentId, -1, what, t);
    }

    /** Reports that the executor's shutdown threw. */
    void shutdownFailed(Throwable t) {
        env.errors().report(componentId, -1, "executor failed to shut down", t);
    }

    private static boolean isInterruption(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof InterruptedException || c instanceof InterruptedIOException
                    || c instanceof ClosedByInterruptException) {
                return true;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return false;
    }

    /** Unwinds an executor's duty cycle after a fatal error; carries nothing, costs nothing. */
    static final class Halted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final Halted INSTANCE = new Halted();

        private Halted() {
            super("executor halted by a fatal error", null, false, false);
        }
    }
}
