package dev.gale.impl.transfer;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * The room handshake of a full inbox: a producer whose offer was refused announces its park and
 * registers for room ({@link Inbox#awaitRoom}); the consumer drains and, at the end of its turn,
 * wakes the producers waiting if the queue is at half or less ({@link Inbox#wakeRoomWaitersIfRoom}).
 * Lincheck explores the interleavings of the real Inbox and Parker (the park itself left out) and
 * checks that a producer that decided to wait is woken once there is room.
 */
public class InboxRoomLincheckTest {
    private static final int CAPACITY = 4;
    private final Inbox inbox = new Inbox(0, "target", CAPACITY);
    private final Parker producer = new Parker(new Thread(() -> { }, "producer"));
    /** The producer's decision after its last refused offer: true if it waits for room. */
    private boolean waiting;

    public InboxRoomLincheckTest() {
        for (int i = 0; i < inbox.capacity(); i++) {
            inbox.offer("m");
        }
    }

    @Operation(nonParallelGroup = "producer")
    public void producerOffers() {
        if (waiting && !producer.wasWoken()) {
            return; // parked: only a wake lets it go on
        }
        if (inbox.offer("m")) {
            waiting = false;
            return;
        }
        producer.prepareToPark();
        waiting = inbox.awaitRoom(producer);
        if (!waiting) {
            producer.cancelPark();
        }
    }

    /** A turn of the consumer that takes half the queue. */
    @Operation(nonParallelGroup = "consumer")
    public void consumerDrains() {
        if (inbox.drain(m -> { }, CAPACITY / 2) > 0) {
            inbox.wakeRoomWaitersIfRoom();
        }
    }

    @Validate
    public void aWaitingProducerIsWokenOnceThereIsRoom() {
        if (waiting && inbox.size() <= inbox.capacity() / 2 && !producer.wasWoken()) {
            throw new IllegalStateException("the producer waits, unwoken, while the queue holds " + inbox.size()
                    + " of " + inbox.capacity());
        }
    }

    @Test
    void modelCheckingFindsNoLostWakeUp() {
        boolean thorough = Boolean.getBoolean("gale.lincheck");
        new ModelCheckingOptions().iterations(thorough ? 60 : 10).invocationsPerIteration(thorough ? 500 : 150)
                .threads(2).actorsPerThread(3).check(InboxRoomLincheckTest.class);
    }
}
