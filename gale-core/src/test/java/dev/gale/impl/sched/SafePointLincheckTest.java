package dev.gale.impl.sched;

import dev.gale.time.Clock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * The hold that makes {@code waitForIdle} exact on threads: a thread asks a runner to hold at its
 * next safe point ({@link Runner#askHold}), waits until it is held ({@link Runner#isHeld}), reads
 * the runner's state, and releases it. The runner's thread (played by a test thread; the real one
 * is never started) passes its safe point ({@link Runner#safePoint}) between two calls. Lincheck
 * explores the interleavings and checks that whoever saw the runner held saw no call in progress
 * and every call that had ended.
 */
public class SafePointLincheckTest {
    private final Runner runner = new Runner("r", Clock.system(), IdleStrategy.BACKOFF);
    /** The runner's state: 1 while a call runs; the number of calls that ended. Plain on purpose. */
    private int inCall;
    private int callsEnded;
    private int callsStarted;
    private int seenInCall;
    private int seenStaleCount;

    @Operation(nonParallelGroup = "runner")
    public void pass() {
        runner.safePoint();
        callsStarted++;
        inCall = 1;
        inCall = 0;
        callsEnded++;
    }

    @Operation(nonParallelGroup = "checker")
    public void check() {
        runner.askHold();
        try {
            for (int i = 0; i < 3; i++) {
                if (runner.isHeld()) {
                    seenInCall += inCall;
                    if (callsEnded != callsStarted) {
                        seenStaleCount++;
                    }
                    return;
                }
            }
        } finally {
            runner.releaseHold();
        }
    }

    @Validate
    public void aHeldRunnerIsBetweenCalls() {
        if (seenInCall != 0 || seenStaleCount != 0) {
            throw new IllegalStateException("saw a call in progress " + seenInCall + " times, a count behind "
                    + seenStaleCount + " times");
        }
    }

    @Test
    void modelCheckingFindsTheRunnerHeldOnlyBetweenCalls() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions().iterations(thorough ? 60 : 10).invocationsPerIteration(thorough ? 500 : 150).threads(2).actorsPerThread(3)
                .check(SafePointLincheckTest.class);
    }
}
