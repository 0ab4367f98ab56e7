package dev.gale.impl.spout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The spout's pending table against a plain map: entries keep their message id, stream, start and task. */
class SpoutPendingTest {

    private record Entry(Object messageId, String stream, long start, int task) {
    }

    @Test
    void entriesKeepTheirFieldsThroughGrowthRemovalAndExpiry() {
        SplittableRandom random = new SplittableRandom(11);
        // Equal stream names that are different objects must still come back as that stream.
        String[] streams = {"default", new String("default"), "b", "c", "d", "e", "f"};
        SpoutPending pending = new SpoutPending(3, 2, 4);
        Map<Long, Entry> model = new HashMap<>();
        List<Long> roots = new ArrayList<>();
        List<Entry> expired = new ArrayList<>();
        List<Entry> expectedExpired = new ArrayList<>();
        Map<Long, Integer> bornAt = new HashMap<>();
        int generation = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = random.nextInt(10);
            if (op < 5) {
                long root = random.nextLong() | 1;
                Entry e = new Entry("m" + step, streams[random.nextInt(streams.length)], step, random.nextInt(2));
                if (pending.putIfAbsent(root, e.messageId(), e.stream(), e.start(), e.task())) {
                    model.put(root, e);
                    roots.add(root);
                    bornAt.put(root, generation);
                }
            } else if (op < 9 && !roots.isEmpty()) {
                long root = roots.remove(random.nextInt(roots.size()));
                int slot = pending.slotOf(root);
                Entry e = model.remove(root);
                assertThat(slot).isGreaterThanOrEqualTo(0);
                assertThat(new Entry(pending.messageId(slot), pending.streamId(slot), pending.startNanos(slot),
                        pending.taskIndex(slot))).isEqualTo(e);
                pending.remove(slot);
            } else {
                generation++;
                for (Long root : new ArrayList<>(roots)) {
                    if (generation - bornAt.get(root) >= 3) {
                        expectedExpired.add(model.remove(root));
                        roots.remove(root);
                    }
                }
                pending.rotate((task, root, id, stream, start) -> expired.add(new Entry(id, stream, start, task)));
                assertThat(expired).containsExactlyInAnyOrderElementsOf(expectedExpired);
                expired.clear();
                expectedExpired.clear();
            }
            assertThat(pending.pendingOf(0) + pending.pendingOf(1)).isEqualTo(model.size());
        }
    }
}
