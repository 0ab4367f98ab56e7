package dev.gale.impl.executor;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * An executor moving between threads while inline hand-offs are on: its new thread runs a cycle
 * while a sender on its old thread, which still sees it bound there, hands it a message inline.
 * Lincheck explores the interleavings of the real gate of {@link InlineHandOff} both go through and checks that
 * a cycle and an inline hand-off never run the executor at the same time.
 */
public class InlineHandOffLincheckTest {
    private final InlineHandOff gate = new InlineHandOff(null);
    private int inside;
    private int overlaps;

    private void runExecutor() {
        if (!gate.tryEnter()) {
            return;
        }
        try {
            if (++inside > 1) {
                overlaps++;
            }
            inside--;
        } finally {
            gate.exit();
        }
    }

    @Operation(nonParallelGroup = "newThread")
    public void cycle() {
        runExecutor();
    }

    @Operation(nonParallelGroup = "oldThread")
    public void inlineHandOff() {
        runExecutor();
    }

    @Validate
    public void neverBothAtOnce() {
        if (overlaps != 0) {
            throw new IllegalStateException("a cycle and an inline hand-off overlapped " + overlaps + " times");
        }
    }

    @Test
    void modelCheckingFindsNoOverlap() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions().iterations(thorough ? 60 : 10).invocationsPerIteration(thorough ? 500 : 150)
                .threads(2).actorsPerThread(3).check(InlineHandOffLincheckTest.class);
    }
}
