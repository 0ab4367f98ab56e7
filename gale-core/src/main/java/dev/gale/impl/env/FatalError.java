package dev.gale.impl.env;

import dev.gale.impl.stats.ErrorRegistry;
import dev.gale.stats.ErrorInfo;

/**
 * Whether a topology was stopped by a fatal error, and by which: an {@link Error} (out of
 * memory, stack overflow, a failed assertion, a missing class...) thrown by user code or by the
 * engine. After one, the task's state and perhaps the JVM's are unknown, so Gale does what Storm
 * does with any Throwable that escapes an executor (it halts the worker): it stops the whole
 * topology instead of failing one tuple and carrying on. Being embedded, it does not halt the
 * JVM; the error is reported once, loudly, and stays readable here.
 *
 * <p>Thread-safe.
 */
public final class FatalError {
    private final ErrorRegistry errors;
    private final Runnable stopTopology;
    private volatile ErrorInfo first;
    private volatile Throwable cause;

    FatalError(ErrorRegistry errors, Runnable stopTopology) {
        this.errors = errors;
        this.stopTopology = stopTopology;
    }

    /**
     * Reports a fatal error of a task (-1: the executor) and stops the topology; returns at once
     * (the topology stops on another thread). The first error is the topology's fatal error; a
     * later one, from another executor while it stops, is only reported.
     */
    public void raise(String componentId, int taskId, String what, Throwable error) {
        boolean firstOne;
        synchronized (this) {
            firstOne = first == null;
            ErrorInfo info = errors.reportFatal(componentId, taskId, (firstOne ? "FATAL, stopping the topology: "
                    : "fatal error while the topology stops: ") + what, error);
            if (firstOne) {
                cause = error;
                first = info;
            }
        }
        if (firstOne) {
            stopTopology.run();
        }
    }

    /** The first fatal error, or null while there was none. */
    public ErrorInfo error() {
        return first;
    }

    /** The Throwable of the first fatal error, or null. */
    public Throwable cause() {
        return cause;
    }
}
