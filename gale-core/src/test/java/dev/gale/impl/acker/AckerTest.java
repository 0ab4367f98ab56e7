package dev.gale.impl.acker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.impl.spout.SpoutPending;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AckerTest {
    private static final int SPOUT_TASK = 7;

    /** Outcomes recorded in order. */
    private static final class Recorder implements Acker.Outcomes {
        final List<TreeOutcome> outcomes = new ArrayList<>();
        final List<Integer> tasks = new ArrayList<>();

        @Override
        public void send(int spoutTask, TreeOutcome outcome) {
            tasks.add(spoutTask);
            outcomes.add(outcome);
        }
    }

    /** A root of SPOUT_TASK, as its spout would make it. */
    static long rootOf(long sequence) {
        return RootIds.root(RootIds.prefix(SPOUT_TASK), sequence);
    }

    /**
     * The messages a random tuple tree produces under the protocol: the spout sends nothing, and
     * draws its edges so that they XOR to the root; then per tuple an ack of its edge XOR the edges
     * of the tuples anchored to it.
     */
    static List<AckerMessage> randomTree(long root, Random rnd, int maxTuples) {
        List<AckerMessage> messages = new ArrayList<>();
        List<Long> open = new ArrayList<>();
        int firstTargets = 1 + rnd.nextInt(3);
        long xor = root;
        for (int i = 0; i < firstTargets; i++) {
            long e = i == firstTargets - 1 ? xor : rnd.nextLong();
            xor ^= e;
            open.add(e);
        }
        int tuples = firstTargets;
        while (!open.isEmpty()) {
            long edge = open.remove(rnd.nextInt(open.size()));
            long ackVal = 0;
            int children = tuples < maxTuples ? rnd.nextInt(3) : 0;
            for (int c = 0; c < children; c++) {
                long e = rnd.nextLong();
                ackVal ^= e;
                open.add(e);
                tuples++;
            }
            messages.add(AckerMessage.ack(root, edge ^ ackVal));
        }
        return messages;
    }

    @Test
    void aTreeCompletesExactlyWhenItsLastMessageArrivesWhateverTheOrder() {
        Random rnd = new Random(42);
        for (int trial = 0; trial < 5_000; trial++) {
            long root = rootOf(rnd.nextLong());
            List<AckerMessage> messages = randomTree(root, rnd, 1 + rnd.nextInt(30));
            Collections.shuffle(messages, rnd);
            Acker acker = new Acker(3, 16);
            Recorder out = new Recorder();
            for (int i = 0; i < messages.size(); i++) {
                acker.handle(messages.get(i), out);
                if (i < messages.size() - 1) {
                    assertThat(out.outcomes).as("trial %d: completed after %d of %d messages", trial, i + 1,
                            messages.size()).isEmpty();
                }
            }
            assertThat(out.outcomes).hasSize(1);
            assertThat(out.outcomes.get(0).kind()).isEqualTo(TreeOutcome.ACKED);
            assertThat(out.outcomes.get(0).root()).isEqualTo(root);
            assertThat(out.tasks).containsExactly(SPOUT_TASK);
            assertThat(acker.pending()).isZero();
        }
    }

    @Test
    void manyInterleavedTreesEachCompleteOnce() {
        Random rnd = new Random(7);
        List<AckerMessage> all = new ArrayList<>();
        List<Long> roots = new ArrayList<>();
        for (int t = 0; t < 2_000; t++) {
            long root = rootOf(t);
            roots.add(root);
            all.addAll(randomTree(root, rnd, 10));
        }
        Collections.shuffle(all, rnd);
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        all.forEach(m -> acker.handle(m, out));
        assertThat(out.outcomes).extracting(TreeOutcome::root).containsExactlyInAnyOrderElementsOf(roots);
        assertThat(out.outcomes).allMatch(o -> o.kind() == TreeOutcome.ACKED);
        assertThat(acker.pending()).isZero();
    }

    @Test
    void aFailEndsTheTreeAtOnceEvenAsItsFirstMessageAndLaterAcksCompleteNothing() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        long root = rootOf(99);
        FailureInfo why = FailureInfo.of(FailureReason.THREW, "parse", 7, new IllegalStateException("bad"));
        acker.handle(AckerMessage.fail(root, why), out);
        assertThat(out.outcomes).singleElement().satisfies(o -> {
            assertThat(o.kind()).isEqualTo(TreeOutcome.FAILED);
            assertThat(o.root()).isEqualTo(root);
            assertThat(o.reason()).isSameAs(why); // the bolt's reason reaches the spout
        });
        assertThat(out.tasks).containsExactly(SPOUT_TASK);
        acker.handle(AckerMessage.ack(root, 5), out); // a sibling acked after the fail
        assertThat(out.outcomes).hasSize(1);
    }

    @Test
    void aSecondFailOfAFailedTreeIsReportedAgainAndLeavesNothingBehind() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        long root = rootOf(4);
        acker.handle(AckerMessage.ack(root, root ^ 0x11 ^ 0x22), out); // two children
        acker.handle(AckerMessage.fail(root, null), out); // one child fails
        acker.handle(AckerMessage.fail(root, null), out); // so does the other: the spout ignores this one
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.FAILED, TreeOutcome.FAILED);
        assertThat(acker.pending()).isZero();
    }

    @Test
    void aFailAfterAnAckFailsAtOnce() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        acker.handle(AckerMessage.ack(rootOf(5), 0xABCL), out);
        acker.handle(AckerMessage.fail(rootOf(5), null), out);
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.FAILED);
        assertThat(acker.pending()).isZero();
    }

    @Test
    void aSpoutTupleAckedWithNoChildrenCompletesOnItsOnlyMessage() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        long root = rootOf(3);
        acker.handle(AckerMessage.ack(root, root), out); // one target: its edge is the root
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.ACKED);
        assertThat(out.tasks).containsExactly(SPOUT_TASK);
        assertThat(acker.pending()).isZero();
    }

    @Test
    void staleEntriesAreDroppedSilentlyOneRotationAfterTheSpoutWouldTimeThemOut() {
        Acker acker = new Acker(3, 16); // spouts with 3 buckets time out on the 3rd rotation
        Recorder out = new Recorder();
        acker.handle(AckerMessage.ack(rootOf(11), 1), out); // its other acks never come
        acker.handle(AckerMessage.ack(12, 12), out); // a root no spout made: it names no task
        assertThat(acker.pending()).isEqualTo(2);
        assertThat(acker.rotate()).isZero();
        assertThat(acker.rotate()).isZero();
        assertThat(acker.rotate()).isZero();
        assertThat(acker.rotate()).isEqualTo(2);
        assertThat(acker.pending()).isZero();
        assertThat(out.outcomes).isEmpty();
    }

    /**
     * The timer sends rotation k to the spout and the acker at once. The spout handles it first
     * and emits; the tree's first ack reaches the acker before the acker's rotation k. The tree completes in
     * the last rotation period before the spout would time it out: it must be acked, not dropped
     * by the acker and then failed by the spout.
     */
    @Test
    void aTreeInitedBeforeTheAckerSawTheSpoutsRotationCompletesUntilTheSpoutTimesItOut() {
        int buckets = 5;
        SpoutPending spout = new SpoutPending(buckets, 1, 16);
        List<Object> timedOut = new ArrayList<>();
        SpoutPending.ExpiryHandler onTimeout = (task, root, id, stream, start) -> timedOut.add(id);
        Acker acker = new Acker(buckets, 16);
        Recorder out = new Recorder();

        spout.rotate(onTimeout); // rotation k, spout side
        long root = rootOf(11);
        long child = 0x5EEDL;
        spout.put(root, "msg", "default", 0, 0);
        acker.handle(AckerMessage.ack(root, root ^ child), out); // the spout tuple, acked with one child
        acker.rotate(); // rotation k, acker side, late
        for (int r = 1; r < buckets; r++) { // rotations k+1 .. k+buckets-1: not timed out yet
            spout.rotate(onTimeout);
            assertThat(acker.rotate()).as("acker drops at rotation k+%d", r).isZero();
        }
        assertThat(spout.slotOf(root)).as("still pending at the spout").isNotNegative();
        assertThat(timedOut).isEmpty();

        acker.handle(AckerMessage.ack(root, child), out);
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.ACKED);
        assertThat(acker.pending()).isZero();
    }

    @Test
    void anEntryTheSpoutHasTimedOutIsDroppedByTheAckerOneRotationLaterAtMost() {
        int buckets = 5;
        Acker acker = new Acker(buckets, 16);
        Recorder out = new Recorder();
        acker.handle(AckerMessage.ack(rootOf(11), 1), out); // at the latest in the spout entry's generation
        for (int r = 1; r <= buckets; r++) { // the spout times it out on rotation k+buckets
            assertThat(acker.rotate()).isZero();
        }
        assertThat(acker.rotate()).as("rotation k+buckets+1").isEqualTo(1);
        assertThat(acker.pending()).isZero();
        assertThat(out.outcomes).isEmpty();
    }

    @Test
    void resetRenewsTheEntryAndTellsTheSpout() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        long root = rootOf(11);
        acker.handle(AckerMessage.ack(root, root ^ 1), out);
        acker.rotate();
        acker.rotate();
        acker.handle(AckerMessage.reset(root), out);
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.RESET);
        acker.rotate();
        acker.rotate();
        assertThat(acker.pending()).isEqualTo(1);
        acker.handle(AckerMessage.ack(root, 1), out);
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.RESET, TreeOutcome.ACKED);
    }

    @Test
    void aResetBeforeTheTreesFirstAckStillReachesTheSpout() {
        Acker acker = new Acker(3, 16);
        Recorder out = new Recorder();
        acker.handle(AckerMessage.reset(rootOf(11)), out);
        assertThat(out.outcomes).extracting(TreeOutcome::kind).containsExactly(TreeOutcome.RESET);
        assertThat(out.tasks).containsExactly(SPOUT_TASK);
        assertThat(acker.pending()).as("no entry: the spout's timeout is the one that counts").isZero();
    }

    @Test
    void fewerThanTwoBucketsIsRejected() {
        assertThatThrownBy(() -> new Acker(1, 16)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2");
    }
}
