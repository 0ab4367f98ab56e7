package dev.gale.compat.stormtests;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Counts what the JUnit Platform reports while one of Storm's test classes runs, and keeps its first
 * failure and its first linkage problem. Thread-safe: a timed-out class may still report from its thread
 * while the result is read.
 */
final class ResultCollector implements TestExecutionListener {
    private final AtomicInteger passed = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    private final AtomicReference<String> firstLinkageProblem = new AtomicReference<>();
    private final AtomicReference<String> firstSkipReason = new AtomicReference<>();

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        skipped.incrementAndGet();
        firstSkipReason.compareAndSet(null, id.getDisplayName() + ": " + reason);
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        switch (result.getStatus()) {
            case SUCCESSFUL -> {
                if (id.isTest()) {
                    passed.incrementAndGet();
                }
            }
            case ABORTED -> {
                if (id.isTest()) {
                    skipped.incrementAndGet();
                    firstSkipReason.compareAndSet(null, id.getDisplayName() + ": aborted "
                            + result.getThrowable().map(Throwable::toString).orElse(""));
                }
            }
            case FAILED -> recordFailure(id, result.getThrowable().orElse(null));
            default -> throw new IllegalStateException("Unknown status " + result.getStatus());
        }
    }

    private void recordFailure(TestIdentifier id, Throwable failure) {
        failed.incrementAndGet();
        // The console is the run's log file here (ConsoleCapture): the whole trace goes there, the report keeps a line.
        System.err.println("FAILED " + id.getUniqueId());
        if (failure != null) {
            failure.printStackTrace(System.err);
        }
        String linkage = failure == null ? null : LinkageProblem.of(failure);
        if (linkage != null) {
            firstLinkageProblem.compareAndSet(null, linkage);
        } else {
            firstFailure.compareAndSet(null, id.getDisplayName() + ": " + (failure == null ? "failed" : failure));
        }
    }

    /** The class's result so far; {@code timeout}, when not null, says it was stopped at its deadline. */
    ClassResult result(String className, String timeout) {
        int ok = passed.get();
        int bad = failed.get();
        int skip = skipped.get();
        if (timeout != null) {
            return new ClassResult(className, Outcome.FAILED, timeout, ok, bad + 1, skip);
        }
        if (firstFailure.get() != null) {
            return new ClassResult(className, Outcome.FAILED, firstFailure.get(), ok, bad, skip);
        }
        if (firstLinkageProblem.get() != null) {
            return new ClassResult(className, Outcome.COULD_NOT_LINK, firstLinkageProblem.get(), ok, bad, skip);
        }
        if (ok == 0) {
            String why = firstSkipReason.get() == null ? "no test ran" : firstSkipReason.get();
            return new ClassResult(className, Outcome.SKIPPED, why, ok, bad, skip);
        }
        return new ClassResult(className, Outcome.PASSED, skip == 0 ? "" : firstSkipReason.get(), ok, bad, skip);
    }
}
