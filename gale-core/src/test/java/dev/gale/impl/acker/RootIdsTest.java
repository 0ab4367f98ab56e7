package dev.gale.impl.acker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RootIdsTest {

    @Test
    void everyRootNamesItsTaskWhateverTheSequence() {
        Random rnd = new Random(3);
        for (int i = 0; i < 10_000; i++) {
            int task = i < 2 ? (i == 0 ? 0 : RootIds.MAX_SPOUT_TASK) : rnd.nextInt(RootIds.MAX_SPOUT_TASK + 1);
            long sequence = i % 3 == 0 ? -1 - i : rnd.nextLong();
            long root = RootIds.root(RootIds.prefix(task), sequence);
            assertThat(root).isNotZero();
            assertThat(RootIds.spoutTask(root)).isEqualTo(task);
        }
    }

    @Test
    void aSequenceWrapsWithoutTouchingTheTask() {
        long prefix = RootIds.prefix(5);
        long last = RootIds.root(prefix, (1L << (Long.SIZE - RootIds.TASK_BITS)) - 1);
        long wrapped = RootIds.root(prefix, 1L << (Long.SIZE - RootIds.TASK_BITS));
        assertThat(RootIds.spoutTask(last)).isEqualTo(5);
        assertThat(RootIds.spoutTask(wrapped)).isEqualTo(5);
        assertThat(wrapped).isNotEqualTo(last).isEqualTo(prefix);
    }

    @Test
    void consecutiveSequenceNumbersGiveDistinctRoots() {
        long prefix = RootIds.prefix(1);
        Set<Long> roots = new HashSet<>();
        for (long s = -500; s < 500; s++) {
            roots.add(RootIds.root(prefix, s));
        }
        assertThat(roots).hasSize(1000);
    }

    @Test
    void aRootNoSpoutMadeNamesNoTask() {
        assertThat(RootIds.spoutTask(12)).isEqualTo(-1);
    }

    @Test
    void aTaskIdBeyondTheTaskBitsIsRefusedWithItsValue() {
        assertThatThrownBy(() -> RootIds.prefix(RootIds.MAX_SPOUT_TASK + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(String.valueOf(RootIds.MAX_SPOUT_TASK + 1));
        assertThatThrownBy(() -> RootIds.prefix(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
