package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The window's event ring: arrival order, removal anywhere while walking, growth, and holes squeezed out. */
class EventQueueTest {

    private static List<Integer> values(EventQueue<Integer> q) {
        List<Integer> out = new ArrayList<>();
        for (Event<Integer> e : q) {
            out.add(e.get());
        }
        return out;
    }

    @Test
    void keepsArrivalOrderAndRemovesAtTheOldestEndAndInTheMiddle() {
        EventQueue<Integer> q = new EventQueue<>();
        for (int i = 0; i < 40; i++) {
            q.add(new EventImpl<>(i, i));
        }
        Iterator<Event<Integer>> it = q.iterator();
        while (it.hasNext()) {
            int v = it.next().get();
            if (v < 5 || v % 3 == 0) {
                it.remove();
            }
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = 5; i < 40; i++) {
            if (i % 3 != 0) {
                expected.add(i);
            }
        }
        assertThat(values(q)).isEqualTo(expected);
        assertThat(q).hasSize(expected.size());
    }

    @Test
    void behavesAsALinkedListUnderRandomAddsAndRemovals() {
        Random random = new Random(42);
        EventQueue<Integer> q = new EventQueue<>();
        LinkedList<Integer> reference = new LinkedList<>();
        int next = 0;
        for (int round = 0; round < 2000; round++) {
            int adds = random.nextInt(20);
            for (int i = 0; i < adds; i++) {
                q.add(new EventImpl<>(next, next));
                reference.add(next++);
            }
            // Remove a random subset, more often from the oldest end, as windows do.
            double oldest = random.nextDouble();
            Iterator<Event<Integer>> it = q.iterator();
            Iterator<Integer> ref = reference.iterator();
            int position = 0;
            while (it.hasNext()) {
                int v = it.next().get();
                assertThat(ref.next()).isEqualTo(v);
                boolean remove = position < reference.size() * oldest / 2 || random.nextInt(10) == 0;
                if (remove) {
                    it.remove();
                    ref.remove();
                }
                position++;
            }
            assertThat(q).hasSize(reference.size());
        }
        assertThat(values(q)).isEqualTo(reference);
    }

    @Test
    void anIteratorMadeBeforeAnAddIsStale() {
        EventQueue<Integer> q = new EventQueue<>();
        q.add(new EventImpl<>(1, 1));
        Iterator<Event<Integer>> it = q.iterator();
        q.add(new EventImpl<>(2, 2));
        assertThatThrownBy(it::hasNext).isInstanceOf(ConcurrentModificationException.class);
        Iterator<Event<Integer>> fresh = q.iterator();
        assertThatThrownBy(fresh::remove).isInstanceOf(IllegalStateException.class);
    }
}
