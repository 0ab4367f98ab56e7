package dev.gale.stats;

/**
 * An error reported by user code or the engine for one task: when, what, and the stack trace.
 * Immutable.
 *
 * @param timeMillis wall-clock time of the report (epoch milliseconds)
 */
public record ErrorInfo(String componentId, int taskId, long timeMillis, String message, String stackTrace) {
}
