package dev.gale.impl.sched;

import dev.gale.impl.transfer.Parker;
import dev.gale.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * A cycle moves between runners while both try to run it: runner A runs its cycles, runner B runs
 * its cycles, and the watchdog takes the cycle from A ({@link Runner#giveUp}) and hands it to B
 * ({@link Runner#hand}). Lincheck explores the interleavings of the real runners' {@code runOnce},
 * {@code giveUp} and {@code hand} (their threads are never started: the test's threads play them)
 * and checks that the cycle never runs on two threads at once, and never on A again once it ran on
 * B. (A call that A began before the move may end after it: a move does not preempt a call.)
 */
public class SlotLincheckTest {
    private final Runner a = new Runner("a", Clock.system(), IdleStrategy.BACKOFF);
    private final Runner b = new Runner("b", Clock.system(), IdleStrategy.BACKOFF);
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger overlaps = new AtomicInteger();
    private final AtomicInteger ranOnAAfterB = new AtomicInteger();
    private volatile boolean ranOnB;
    private final Slot moving = new Slot(new Probe());

    public SlotLincheckTest() {
        a.hand(moving);
        a.hand(new Slot(new Probe())); // A keeps a cycle of its own, so it may give this one up
    }

    /** Counts calls that overlap, and calls on A after one on B. */
    private final class Probe implements DutyCycle {
        @Override
        public String name() {
            return "probe";
        }

        @Override
        public void onStart(Parker parker) {
        }

        @Override
        public int doWork(Parker parker) {
            if (inside.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            if (parker.thread() == b.thread()) {
                ranOnB = true;
            } else if (ranOnB) {
                ranOnAAfterB.incrementAndGet();
            }
            inside.decrementAndGet();
            return 1;
        }

        @Override
        public long parkBudgetNanos(Parker parker) {
            return 0;
        }

        @Override
        public void onClose() {
        }
    }

    @Operation(nonParallelGroup = "runnerA")
    public void runOnA() {
        a.runOnce(moving, false);
    }

    @Operation(nonParallelGroup = "runnerB")
    public void runOnB() {
        b.runOnce(moving, false);
    }

    @Operation(nonParallelGroup = "placementSearch")
    public void move() {
        if (a.giveUp(moving)) {
            b.hand(moving);
        }
    }

    @Validate
    public void neverTwoCallsAtOnceNorBackOnTheRunnerThatGaveItUp() {
        if (overlaps.get() != 0 || ranOnAAfterB.get() != 0) {
            throw new IllegalStateException(overlaps.get() + " overlapping calls, " + ranOnAAfterB.get()
                    + " calls on the runner that gave the cycle up after one on its new runner");
        }
    }

    @Test
    void modelCheckingFindsNoOverlapAcrossAMove() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions().iterations(thorough ? 60 : 10).invocationsPerIteration(thorough ? 500 : 150).threads(3).actorsPerThread(2)
                .check(SlotLincheckTest.class);
    }
}
