package dev.gale.impl.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The send side on its own: ordered sends keep their order, unordered (acker) sends are gathered
 * per target and delivered by the end of the cycle, and nothing is lost when inboxes are full.
 */
class OutboxTest {

    /** Tasks 0..2 on inboxes 0..2; inbox capacities as given. */
    private static Inbox[] inboxes(int... capacities) {
        Inbox[] out = new Inbox[capacities.length];
        for (int i = 0; i < capacities.length; i++) {
            out[i] = new Inbox(i, "inbox-" + i, capacities[i]);
        }
        return out;
    }

    /** Everything an inbox holds, batches unpacked, in delivery order. */
    private static List<Object> drainAll(Inbox inbox) {
        List<Object> out = new ArrayList<>();
        inbox.drain(m -> {
            if (m instanceof PairBatch) {
                PairBatch b = (PairBatch) m;
                for (int i = 0; i < b.size(); i++) {
                    out.add("ack " + b.key(i) + " " + b.value(i));
                }
            } else if (m instanceof MessageBatch) {
                MessageBatch b = (MessageBatch) m;
                for (int i = 0; i < b.size(); i++) {
                    out.add(b.get(i));
                }
            } else {
                out.add(m);
            }
        }, Integer.MAX_VALUE);
        return out;
    }

    @Test
    void unorderedSendsWaitForTheEndOfTheCycleThenArriveInOrderPerTarget() {
        Inbox[] in = inboxes(1024, 1024, 1024);
        Outbox out = new Outbox(in, 3, true, new Backpressure());
        List<Object> expected1 = new ArrayList<>();
        List<Object> expected2 = new ArrayList<>();
        // More than a batch to one target, several partial batches to the other, interleaved.
        for (int i = 0; i < 3 * Outbox.BATCH_SIZE + 5; i++) {
            out.sendUnordered(1, "a" + i);
            expected1.add("a" + i);
            if (i % 7 == 0) {
                out.sendUnordered(2, "b" + i);
                expected2.add("b" + i);
            }
        }
        assertThat(in[1].size()).as("full batches go at once").isEqualTo(3);
        assertThat(in[2].isEmpty()).as("partial batches wait for the end of the cycle").isTrue();

        out.signalTouched();
        assertThat(drainAll(in[1])).containsExactlyElementsOf(expected1);
        assertThat(drainAll(in[2])).containsExactlyElementsOf(expected2);
        assertThat(in[0].isEmpty()).isTrue();
    }

    @Test
    void aLoneUnorderedMessageTravelsUnwrapped() {
        Inbox[] in = inboxes(16, 16);
        Outbox out = new Outbox(in, 2, true, new Backpressure());
        out.sendUnordered(1, "only");
        out.signalTouched();
        List<Object> raw = new ArrayList<>();
        in[1].drain(raw::add, 16);
        assertThat(raw).containsExactly("only");
        // The reused buffer does not leak the old message into the next cycle.
        out.sendUnordered(1, "next");
        out.signalTouched();
        assertThat(drainAll(in[1])).containsExactly("next");
    }

    @Test
    void fullInboxesLoseNothingAndKeepOrder() {
        SplittableRandom random = new SplittableRandom(7);
        Inbox[] in = inboxes(4, 4, 4);
        Backpressure backpressure = new Backpressure();
        Outbox out = new Outbox(in, 3, true, backpressure);
        List<List<Object>> received = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<List<Object>> sent = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        int seq = 0;
        for (int cycle = 0; cycle < 2000; cycle++) {
            out.flushOverflow();
            int sends = random.nextInt(200);
            for (int s = 0; s < sends; s++) {
                int task = random.nextInt(3);
                String m = task + ":" + seq++;
                // Task 0 gets ordered traffic, 1 and 2 acker-like traffic.
                if (task == 0) {
                    out.send(task, m);
                } else {
                    out.sendUnordered(task, m);
                }
                sent.get(task).add(m);
            }
            out.signalTouched();
            assertThat(backpressure.isCongested()).isEqualTo(out.overflowSize() > 0);
            for (int t = 0; t < 3; t++) {
                if (random.nextInt(3) == 0) {
                    received.get(t).addAll(drainAll(in[t]));
                }
            }
        }
        while (out.overflowSize() > 0) {
            for (int t = 0; t < 3; t++) {
                received.get(t).addAll(drainAll(in[t]));
            }
            out.flushOverflow();
        }
        for (int t = 0; t < 3; t++) {
            received.get(t).addAll(drainAll(in[t]));
            assertThat(received.get(t)).as("task " + t).containsExactlyElementsOf(sent.get(t));
        }
        assertThat(backpressure.isCongested()).isFalse();
    }

    @Test
    void aBoltsBatchLeavesAndWakesItsReceiverOnceItsOldestTupleHasWaited() throws Exception {
        Inbox[] in = inboxes(1024, 1024);
        Outbox out = new Outbox(in, 2, true, new Backpressure());
        out.batchTuples(true);
        out.bindOwner(new Parker(Thread.currentThread()), "test bolt");
        // The receiver parks for an hour unless signalled: a flush without a wake-up leaves it asleep.
        CountDownLatch bound = new CountDownLatch(1);
        CompletableFuture<List<Object>> receiver = CompletableFuture.supplyAsync(() -> {
            Parking.bind(in[1]);
            bound.countDown();
            List<Object> got = new ArrayList<>();
            while (got.size() < 3) {
                List<Object> batch = drainAll(in[1]);
                if (batch.isEmpty()) {
                    Parking.park(in[1], TimeUnit.HOURS.toNanos(1));
                }
                got.addAll(batch);
            }
            return got;
        });
        bound.await();
        out.send(1, "t1");
        out.send(1, "t2");
        out.send(1, "t3");
        long sent = System.nanoTime();
        while (System.nanoTime() - sent < Outbox.MAX_BATCH_WAIT_NANOS) {
            Thread.onSpinWait(); // the bolt's call goes on: its batch grows old
        }
        out.endCall(); // no end of cycle follows: the bolt's next call could block
        assertThat(receiver.get(30, TimeUnit.SECONDS)).containsExactly("t1", "t2", "t3");
    }

    @Test
    void pairsArePackedPerTargetAndLeaveWhenABatchIsFullOrTheCycleEnds() {
        Inbox[] in = inboxes(1024, 1024, 1024);
        Outbox out = new Outbox(in, 3, true, new Backpressure());
        List<Object> expected1 = new ArrayList<>();
        List<Object> expected2 = new ArrayList<>();
        for (int i = 0; i < 2 * Outbox.BATCH_SIZE + 3; i++) {
            out.sendPair(1, i, ~i);
            expected1.add("ack " + i + " " + ~i);
            if (i % 5 == 0) {
                out.sendPair(2, -i, i * 31L);
                expected2.add("ack " + -i + " " + i * 31L);
            }
        }
        assertThat(in[1].size()).as("full batches go at once").isEqualTo(2);
        assertThat(in[2].isEmpty()).as("partial batches wait for the end of the cycle").isTrue();
        assertThat(out.hasBatched()).as("an executor with acks to send must not park").isTrue();

        assertThat(out.signalTouched()).as("work done: two ackers got acks").isEqualTo(2);
        assertThat(out.hasBatched()).isFalse();
        assertThat(drainAll(in[1])).containsExactlyElementsOf(expected1);
        assertThat(drainAll(in[2])).containsExactlyElementsOf(expected2);

        // The next cycle starts from empty buffers: nothing of the last one is sent again.
        out.sendPair(1, 7, 8);
        out.signalTouched();
        assertThat(drainAll(in[1])).containsExactly("ack 7 8");
        out.sendPair(2, 9, 10);
        out.clear();
        out.signalTouched();
        assertThat(in[2].isEmpty()).as("cleared at shutdown").isTrue();
    }

    @Test
    void backToBackPairsWithOneKeyTravelAsOneXoredPair() {
        Inbox[] in = inboxes(1024, 1024);
        Outbox out = new Outbox(in, 2, true, new Backpressure());
        out.sendPair(1, 5, 0x0F);
        out.sendPair(1, 5, 0xF1);
        out.sendPair(1, 6, 3);
        out.sendPair(1, 5, 4); // not back to back with the first two: a pair of its own
        out.signalTouched();
        assertThat(drainAll(in[1])).containsExactly("ack 5 " + (0x0F ^ 0xF1), "ack 6 3", "ack 5 4");
    }

    @Test
    void quickCallsPostponeTheClockButNotPastAFewCallsOnceTheBatchIsDue() {
        Inbox[] in = inboxes(1024, 1024);
        Outbox out = new Outbox(in, 2, true, new Backpressure());
        out.batchTuples(true);
        out.bindOwner(new Parker(Thread.currentThread()), "test bolt");
        for (int round = 0; round < 3; round++) {
            out.send(1, "t" + round);
            for (int i = 0; i < 100; i++) {
                out.endCall(); // quick calls: the clock is looked at less and less often
            }
            long sent = System.nanoTime();
            while (System.nanoTime() - sent < Outbox.MAX_BATCH_WAIT_NANOS) {
                Thread.onSpinWait();
            }
            for (int i = 0; i < Outbox.MAX_CALL_STRIDE && in[1].isEmpty(); i++) {
                out.endCall();
            }
            assertThat(drainAll(in[1])).as("round " + round).containsExactly("t" + round);
        }
        // The look that found a batch due looks again after the very next call.
        out.send(1, "slow");
        long sent = System.nanoTime();
        while (System.nanoTime() - sent < Outbox.MAX_BATCH_WAIT_NANOS) {
            Thread.onSpinWait();
        }
        out.endCall();
        assertThat(drainAll(in[1])).containsExactly("slow");
    }

    @Test
    void aSpoutsUntrackedTuplesWaitInBatchesAndItsTrackedOnesDoNotOvertakeThem() {
        Inbox[] in = inboxes(1024, 1024, 1024);
        Outbox out = new Outbox(in, 3, true, new Backpressure());
        out.batchUntracked(true);
        out.bindOwner(new Parker(Thread.currentThread()), "test spout");
        out.sendUntracked(1, "u1");
        out.sendUntracked(1, "u2");
        out.sendUntracked(2, "v1");
        assertThat(in[1].isEmpty()).as("untracked tuples wait in a batch").isTrue();
        out.send(1, "t1"); // tracked: offered at once, after what waits for the same task
        assertThat(drainAll(in[1])).containsExactly("u1", "u2", "t1");
        assertThat(in[2].isEmpty()).as("another task's batch still waits").isTrue();
        out.flushTuples(); // the collector's flush()
        assertThat(drainAll(in[2])).containsExactly("v1");
        out.sendUntracked(1, "u3");
        out.signalTouched(); // the end of the spout's cycle
        assertThat(drainAll(in[1])).containsExactly("u3");

        Outbox blocking = new Outbox(in, 3, true, new Backpressure());
        blocking.bindOwner(new Parker(Thread.currentThread()), "blocking spout");
        blocking.sendUntracked(1, "b1");
        assertThat(drainAll(in[1])).as("a spout marked blocking holds nothing back").containsExactly("b1");
    }
}
