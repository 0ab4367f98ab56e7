package dev.gale.task;

/**
 * Reports an error against a component and task, as a collector's {@code reportError} does: it is
 * logged and shown in the stats and the UI, and the topology goes on. Storm's collectors are error
 * reporters; so is what a metrics consumer is given. Thread-safe in every implementation Gale gives.
 */
public interface IErrorReporter {
    void reportError(Throwable error);
}
