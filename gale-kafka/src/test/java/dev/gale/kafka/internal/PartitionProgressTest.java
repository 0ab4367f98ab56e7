package dev.gale.kafka.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The offset-commit rule, against a model that is obviously right: a sorted set of pending offsets. */
class PartitionProgressTest {

    @Test
    void nothingPolledCommitsNothing() {
        assertThat(new PartitionProgress().committableOffset()).isEqualTo(-1);
    }

    @Test
    void neverCommitsPastAPendingOffsetWhateverTheAckOrder() {
        PartitionProgress p = new PartitionProgress();
        for (long o = 10; o < 15; o++) {
            p.add(o);
        }
        assertThat(p.committableOffset()).isEqualTo(10);
        p.markDone(12);
        p.markDone(14);
        assertThat(p.committableOffset()).isEqualTo(10);
        p.markDone(10);
        assertThat(p.committableOffset()).isEqualTo(11);
        p.markDone(11);
        assertThat(p.committableOffset()).isEqualTo(13);
        p.markDone(13);
        assertThat(p.committableOffset()).isEqualTo(15);
        assertThat(p.pendingCount()).isZero();
    }

    @Test
    void gapsInOffsetsNeedNoSpecialCase() {
        PartitionProgress p = new PartitionProgress();
        p.add(3);
        p.add(7); // 4-6 compacted away, or transaction markers
        p.markDone(7);
        assertThat(p.committableOffset()).isEqualTo(3);
        p.markDone(3);
        assertThat(p.committableOffset()).isEqualTo(8);
    }

    @Test
    void lateDuplicateAndUnknownAcksChangeNothing() {
        PartitionProgress p = new PartitionProgress();
        p.add(0);
        p.add(1);
        assertThat(p.markDone(5)).isFalse();
        assertThat(p.markDone(1)).isTrue();
        assertThat(p.markDone(1)).isFalse();
        assertThat(p.pendingCount()).isEqualTo(1);
        assertThat(p.committableOffset()).isZero();
    }

    @Test
    void offsetsMustComeInIncreasingOrder() {
        PartitionProgress p = new PartitionProgress();
        p.add(5);
        assertThatThrownBy(() -> p.add(5)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("5");
    }

    /**
     * Thousands of seeded runs: offsets polled in increasing order with random gaps, acked and
     * given up on in random order, interleaved with polls; after every step the committable
     * offset, pending count and pending set equal the model's.
     */
    @Test
    void matchesASortedSetModelOnRandomSequences() {
        for (int seed = 0; seed < 5_000; seed++) {
            Random rnd = new Random(seed);
            PartitionProgress p = new PartitionProgress();
            TreeSet<Long> pending = new TreeSet<>();
            List<Long> polled = new ArrayList<>();
            long next = rnd.nextInt(1000);
            long highest = -1;
            int steps = 20 + rnd.nextInt(400);
            for (int step = 0; step < steps; step++) {
                if (pending.isEmpty() || rnd.nextInt(3) == 0) {
                    int burst = 1 + rnd.nextInt(8);
                    for (int i = 0; i < burst; i++) {
                        next += rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(5) : 0;
                        p.add(next);
                        pending.add(next);
                        polled.add(next);
                        highest = next;
                        next++;
                    }
                } else {
                    // Ack or give up on any polled offset, pending or not (late and duplicate acks too).
                    long o = rnd.nextInt(5) == 0 ? polled.get(rnd.nextInt(polled.size()))
                            : new ArrayList<>(pending).get(rnd.nextInt(pending.size()));
                    boolean wasPending = pending.remove(o);
                    assertThat(p.markDone(o)).as("seed %d markDone(%d)", seed, o).isEqualTo(wasPending);
                }
                long expected = pending.isEmpty() ? highest + 1 : pending.first();
                assertThat(p.committableOffset()).as("seed %d step %d", seed, step).isEqualTo(expected);
                assertThat(p.pendingCount()).as("seed %d step %d", seed, step).isEqualTo(pending.size());
                assertThat(p.nextOffset()).isEqualTo(highest + 1);
                long probe = polled.get(rnd.nextInt(polled.size()));
                assertThat(p.isPending(probe)).isEqualTo(pending.contains(probe));
            }
        }
    }
}
