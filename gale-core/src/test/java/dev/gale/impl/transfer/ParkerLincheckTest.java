package dev.gale.impl.transfer;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * The wake-up handshake between a thread that runs an executor and the producers that fill its
 * inbox: the thread announces its park ({@link Parker#prepareToPark}), re-checks the inbox and
 * parks only if it is empty; a producer offers, then signals ({@link Inbox#signal}). Lincheck
 * explores the interleavings of the real Parker and Inbox (the park itself is left out: what
 * matters is what the thread learns before it) and checks that a thread that decided to sleep
 * while a message waits was woken: no message is left behind a sleeping thread.
 */
public class ParkerLincheckTest {
    private final Inbox inbox = new Inbox(0, "target", 16);
    private final Parker parker = new Parker(new Thread(() -> { }, "consumer"));
    /** The consumer's decision after its last look: true if it went to sleep. */
    private boolean asleep;

    public ParkerLincheckTest() {
        inbox.bindParker(parker);
    }

    @Operation(nonParallelGroup = "consumer")
    public void consumerLooks() {
        if (asleep && !parker.wasWoken()) {
            return; // parked: only a signal lets it go on
        }
        parker.cancelPark();
        inbox.drain(m -> { }, 16);
        parker.prepareToPark();
        if (inbox.isEmpty()) {
            asleep = true;
        } else {
            parker.cancelPark();
            asleep = false;
        }
    }

    @Operation
    public void producerOffers() {
        inbox.offer("m");
        inbox.signal();
    }

    @Validate
    public void noMessageWaitsBehindASleepingThread() {
        if (asleep && !inbox.isEmpty() && !parker.wasWoken()) {
            throw new IllegalStateException("the consumer sleeps, unwoken, with " + inbox.size() + " message(s) queued");
        }
    }

    @Test
    void modelCheckingFindsNoLostWakeUp() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions().iterations(thorough ? 60 : 10).invocationsPerIteration(thorough ? 500 : 150)
                .threads(3).actorsPerThread(2).check(ParkerLincheckTest.class);
    }
}
