package dev.gale.impl.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * The handshakes that let a producer held back downstream sleep instead of polling: waiting for
 * room in a full inbox, and waiting for the topology's backpressure to clear. Every wait parks
 * for an hour, so a single lost wake-up hangs the test and the deadline fails it.
 */
class RoomHandshakeTest {

    private static final long PARK_NANOS = TimeUnit.HOURS.toNanos(1);


    @Test
    void aWaiterThatReadTheSizeLateIsWokenByADrainThatNeverCrossesHalf() {
        Inbox queue = new Inbox(0, "consumer", 4);
        // A thread that never starts: waking it only records the wake.
        Parker producer = new Parker(new Thread(() -> { }));
        queue.offer("a");
        queue.offer("b");
        // Half full, but the producer read our consumer index before our last stores reached it,
        // saw the queue full, and registered. In our view the queue never crosses half again.
        queue.registerRoomWaiter(producer);
        producer.prepareToPark();
        queue.drain(m -> { }, 1);
        queue.wakeRoomWaitersIfRoom();
        assertThat(producer.wasWoken()).as("woken after a drain that leaves room").isTrue();
    }

    @Test
    void aWaiterSleepsUntilADrainLeavesTheQueueAtHalf() {
        Inbox queue = new Inbox(0, "consumer", 4);
        Parker producer = new Parker(new Thread(() -> { }));
        for (int i = 0; i < 4; i++) {
            assertThat(queue.offer(i)).isTrue();
        }
        assertThat(queue.offer(4)).isFalse();
        producer.prepareToPark();
        assertThat(queue.awaitRoom(producer)).as("full: park").isTrue();
        queue.drain(m -> { }, 1);
        queue.wakeRoomWaitersIfRoom();
        assertThat(producer.wasWoken()).as("3 of 4 left: still waiting").isFalse();
        queue.drain(m -> { }, 1);
        assertThat(producer.wasWoken()).as("woken only at the end of the consumer's turn").isFalse();
        queue.wakeRoomWaitersIfRoom();
        assertThat(producer.wasWoken()).as("2 of 4 left: woken").isTrue();
    }

    @Test
    void aProducerParkedOnAFullInboxIsAlwaysWokenWhenItDrains() {
        int messages = 100_000;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Inbox queue = new Inbox(0, "consumer", 4);
            Inbox producerOwn = new Inbox(1, "producer", 16);
            long[] received = new long[1];
            CompletableFuture<Void> consumer = CompletableFuture.runAsync(() -> {
                Parking.bind(queue);
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (received[0] < messages) {
                    // Small, varying batches: the queue crosses half-full in many different ways.
                    int n = queue.drain(m -> received[0]++, 1 + random.nextInt(3));
                    queue.wakeRoomWaitersIfRoom();
                    if (n == 0) {
                        Parking.park(queue, PARK_NANOS);
                    }
                }
            });
            Parking.bind(producerOwn);
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int parks = 0;
            for (int i = 0; i < messages; i++) {
                while (!queue.offer(i)) {
                    queue.signal();
                    // As an executor does (spin, yield, then park): the consumer may drain meanwhile.
                    if (random.nextBoolean()) {
                        Thread.yield();
                    }
                    if (queue.awaitRoom(Parking.parker())) {
                        parks++;
                        Parking.park(producerOwn, PARK_NANOS);
                    }
                }
                queue.signal();
            }
            consumer.join();
            assertThat(received[0]).isEqualTo(messages);
            assertThat(parks).as("the producer did wait for room").isGreaterThan(0);
        });
    }

    @Test
    void aSpoutParkedOnBackpressureIsAlwaysWokenWhenItClears() {
        int rounds = 20_000;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Backpressure backpressure = new Backpressure();
            int[] phase = {-1};
            int[] done = {-1};
            int[] seen = {-1};
            Object lock = new Object();
            CompletableFuture<Integer> spout = CompletableFuture.supplyAsync(() -> {
                int parks = 0;
                for (int i = 0; i < rounds; i++) {
                    while (volatileRead(phase, lock) < i) {
                        Thread.yield();
                    }
                    volatileWrite(seen, i, lock);
                    while (backpressure.isCongested()) {
                        if (backpressure.awaitClear(new Parker(Thread.currentThread()))) {
                            parks++;
                            LockSupport.parkNanos(PARK_NANOS);
                        }
                    }
                    volatileWrite(done, i, lock);
                }
                return parks;
            });
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < rounds; i++) {
                // Two bolts overlap in congestion now and then: only the last exit clears it.
                boolean two = random.nextInt(4) == 0;
                backpressure.enter();
                if (two) {
                    backpressure.enter();
                }
                volatileWrite(phase, i, lock);
                if (random.nextBoolean()) {
                    // Often let the spout find the congestion, so its park races with the exit.
                    while (volatileRead(seen, lock) < i) {
                        Thread.yield();
                    }
                }
                for (int spin = random.nextInt(64); spin > 0; spin--) {
                    Thread.onSpinWait();
                }
                backpressure.exit();
                if (two) {
                    backpressure.exit();
                }
                while (volatileRead(done, lock) < i) {
                    Thread.yield();
                }
            }
            assertThat(spout.join()).as("the spout did park on congestion").isGreaterThan(0);
        });
    }

    private static int volatileRead(int[] cell, Object lock) {
        synchronized (lock) {
            return cell[0];
        }
    }

    private static void volatileWrite(int[] cell, int value, Object lock) {
        synchronized (lock) {
            cell[0] = value;
        }
    }
}
