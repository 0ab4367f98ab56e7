package dev.gale.impl.acker;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.util.LongOpenHashIndex;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Differential test of the acker's table against a plain map with generation counts. */
class PendingTreesTest {

    private record Model(long val, int task, boolean failed, int gen) {
    }

    @Test
    void behavesLikeAMapWithGenerationsUnderRandomOperations() {
        for (long seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            int buckets = 2 + rnd.nextInt(5);
            PendingTrees trees = new PendingTrees(buckets, 1 + rnd.nextInt(20));
            Map<Long, Model> model = new HashMap<>();
            int gen = 0;
            List<Long> keys = new ArrayList<>();
            // A small key space so collisions, reuse and long probe runs happen.
            int keySpace = 5 + rnd.nextInt(200);
            for (int i = 0; i < keySpace; i++) {
                keys.add(rnd.nextInt(4) == 0 ? (long) (i + 1) : rnd.nextLong() | 1);
            }
            for (int op = 0; op < 2_000; op++) {
                long k = keys.get(rnd.nextInt(keys.size()));
                int choice = rnd.nextInt(100);
                if (choice < 45) {
                    long v = rnd.nextLong();
                    trees.xor(k, v);
                    Model m = model.get(k);
                    model.put(k, m == null ? new Model(v, RootIds.spoutTask(k), false, gen)
                            : new Model(m.val ^ v, m.task, m.failed, m.gen));
                } else if (choice < 60) {
                    int slot = trees.slotOf(k);
                    assertThat(slot >= 0).as("seed %d op %d contains %d", seed, op, k).isEqualTo(model.containsKey(k));
                    if (slot >= 0) {
                        trees.remove(slot);
                        model.remove(k);
                    }
                } else if (choice < 65) {
                    int slot = trees.slotOf(k);
                    if (slot >= 0) {
                        trees.markFailed(slot);
                        Model m = model.get(k);
                        model.put(k, new Model(m.val, m.task, true, m.gen));
                    }
                } else if (choice < 70) {
                    int slot = trees.slotOf(k);
                    if (slot >= 0) {
                        trees.renew(slot);
                        Model m = model.get(k);
                        model.put(k, new Model(m.val, m.task, m.failed, gen));
                    }
                } else if (choice < 75) {
                    gen++;
                    int g = gen;
                    int before = model.size();
                    model.values().removeIf(m -> g - m.gen >= buckets);
                    assertThat(trees.rotate()).isEqualTo(before - model.size());
                } else {
                    int slot = trees.slotOf(k);
                    Model m = model.get(k);
                    assertThat(slot >= 0).as("seed %d op %d", seed, op).isEqualTo(m != null);
                    if (m != null) {
                        assertThat(trees.ackVal(slot)).isEqualTo(m.val);
                        assertThat(trees.spoutTask(slot)).isEqualTo(m.task);
                        assertThat(trees.isFailed(slot)).isEqualTo(m.failed);
                    }
                }
                assertThat(trees.size()).isEqualTo(model.size());
            }
            for (Map.Entry<Long, Model> e : model.entrySet()) {
                int slot = trees.slotOf(e.getKey());
                assertThat(slot).isNotNegative();
                assertThat(trees.ackVal(slot)).isEqualTo(e.getValue().val);
            }
        }
    }

    @Test
    void aTableSizedForItsPendingTreesUsesAtMost32BytesPerTree() {
        int pending = 5_000;
        PendingTrees trees = new PendingTrees(5, PendingTrees.capacityFor(pending));
        Random rnd = new Random(1);
        for (int i = 0; i < pending; i++) {
            trees.xor(rnd.nextLong() | 1, rnd.nextLong());
        }
        assertThat(trees.size()).isEqualTo(pending);
        assertThat(trees.bytesPerEntry()).isLessThanOrEqualTo(32.0);
    }

    @Test
    void aTableThatGrowsToFitItsPendingTreesUsesAtMost32BytesPerTree() {
        // No max spout pending: the table starts small and grows with the number of pending trees.
        PendingTrees trees = new PendingTrees(5, 16);
        Random rnd = new Random(2);
        int capacity = trees.capacity();
        int growths = 0;
        double worst = 0;
        for (int pending = 1; pending <= 200_000; pending++) {
            trees.xor(rnd.nextLong() | 1, rnd.nextLong());
            if (trees.capacity() != capacity) {
                capacity = trees.capacity();
                growths++;
            }
            // Every size is a new high-water mark here; before the first growth the table is
            // still its initial (minimum) size, which says nothing about the growth policy.
            if (growths > 0) {
                worst = Math.max(worst, trees.bytesPerEntry());
            }
        }
        assertThat(trees.size()).isEqualTo(200_000);
        assertThat(growths).as("growths from 16 slots to 200k trees").isGreaterThan(30);
        assertThat(worst).as("worst bytes per pending tree after a growth").isLessThanOrEqualTo(32.0);
    }

    @Test
    void steadyStateCreateCompleteAndRotateAllocateNothing() {
        ThreadMXBean threads =
                (ThreadMXBean) ManagementFactory.getThreadMXBean();
        PendingTrees trees = new PendingTrees(5, LongOpenHashIndex.capacityFor(10_000));
        long[] roots = new long[10_000];
        Random rnd = new Random(3);
        for (int i = 0; i < roots.length; i++) {
            roots[i] = rnd.nextLong() | 1;
        }
        Runnable lifeCycles = () -> {
            for (int round = 0; round < 50; round++) {
                for (long root : roots) {
                    trees.xor(root, 0x1234);
                    int slot = trees.xor(root, 0x1234);
                    if (trees.ackVal(slot) == 0) {
                        trees.remove(slot);
                    }
                }
                for (int i = 0; i < roots.length; i += 10) {
                    trees.xor(roots[i], 1); // some stay pending and are rotated out
                }
                trees.rotate();
            }
        };
        lifeCycles.run(); // warm up (JIT, and the table reaches its working size)
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        lifeCycles.run();
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        // 500k life cycles: anything per operation would be megabytes.
        assertThat(allocated).as("bytes allocated by 500k tree life cycles").isLessThan(64 * 1024);
    }

    @Test
    void withTheMostBucketsAnEntryLivesExactlyThatManyRotationsAcrossTheAgeFieldsWrap() {
        // The acker's largest table: 126 spout buckets plus one. Its generation field wraps at 128,
        // so an entry created after 400 rotations ages across the wrap.
        int buckets = TopologySettings.MAX_PENDING_BUCKETS + 1;
        PendingTrees trees = new PendingTrees(buckets, 16);
        for (int i = 0; i < 400; i++) {
            trees.rotate();
        }
        long root = RootIds.root(RootIds.prefix(RootIds.MAX_SPOUT_TASK), 42);
        int slot = trees.xor(root, 7);
        trees.markFailed(slot);
        for (int r = 1; r < buckets; r++) {
            assertThat(trees.rotate()).as("rotation %d", r).isZero();
        }
        slot = trees.slotOf(root);
        assertThat(trees.spoutTask(slot)).isEqualTo(RootIds.MAX_SPOUT_TASK);
        assertThat(trees.isFailed(slot)).isTrue();
        assertThat(trees.ackVal(slot)).isEqualTo(7);
        assertThat(trees.rotate()).isEqualTo(1);
        assertThat(trees.slotOf(root)).isEqualTo(-1);
    }
}
