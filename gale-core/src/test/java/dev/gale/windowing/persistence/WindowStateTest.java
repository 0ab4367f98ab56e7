package dev.gale.windowing.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.state.KeyValueState;
import dev.gale.windowing.Event;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Ports Storm's WindowStateTest (windowing/persistence): partitions past the memory bound are put
 * in the state, the iterator reads them back in order and removes, and a partition an iterator is
 * on is not evicted. Storm's mocks are a recording map here.
 */
class WindowStateTest {

    /** A KeyValueState over a map that records its puts. */
    static final class Recording<K, V> implements KeyValueState<K, V> {
        final Map<K, V> map = new HashMap<>();
        final List<K> puts = new ArrayList<>();
        final List<V> putValues = new ArrayList<>();

        @Override
        public void put(K key, V value) {
            map.put(key, value);
            puts.add(key);
            putValues.add(value);
        }

        @Override
        public V get(K key) {
            return map.get(key);
        }

        @Override
        public V get(K key, V defaultValue) {
            return map.getOrDefault(key, defaultValue);
        }

        @Override
        public V delete(K key) {
            return map.remove(key);
        }

        @Override
        public Iterator<Map.Entry<K, V>> iterator() {
            return map.entrySet().iterator();
        }

        @Override
        public void prepareCommit(long txid) {
        }

        @Override
        public void commit(long txid) {
        }

        @Override
        public void commit() {
        }

        @Override
        public void rollback() {
        }
    }

    private final Recording<Long, WindowState.WindowPartition<Integer>> windowState = new Recording<>();
    private final Recording<String, Deque<Long>> partitionIdsState = new Recording<>();
    private final Recording<String, Optional<?>> systemState = new Recording<>();

    private WindowState<Integer> windowState(int maxEvents) {
        return new WindowState<>(windowState, partitionIdsState, systemState, Map::of, maxEvents);
    }

    private static Event<Integer> event(int i) {
        return new Event<>() {
            @Override
            public long getTimestamp() {
                return 0;
            }

            @Override
            public Integer get() {
                return i;
            }

            @Override
            public boolean isWatermark() {
                return false;
            }
        };
    }

    @Test
    void partitionsPastTheMemoryBoundArePutInTheState() {
        WindowState<Integer> ws = windowState(10 * WindowState.MAX_PARTITION_EVENTS);
        long partitions = 15;
        for (int i = 0; i < partitions * WindowState.MAX_PARTITION_EVENTS; i++) {
            ws.add(event(i));
        }
        assertThat(windowState.puts).hasSize(5);
        assertThat(windowState.putValues).allSatisfy(p -> assertThat(p.size()).isEqualTo(WindowState.MAX_PARTITION_EVENTS));
        assertThat(windowState.puts).doesNotContain(partitions - 1);
    }

    @Test
    void theIteratorReadsEvictedPartitionsBackInOrderAndRemoves() {
        WindowState<Integer> ws = windowState(10 * WindowState.MAX_PARTITION_EVENTS);
        List<Event<Integer>> expected = new ArrayList<>();
        for (int i = 0; i < 15 * WindowState.MAX_PARTITION_EVENTS; i++) {
            Event<Integer> e = event(i);
            expected.add(e);
            ws.add(e);
        }
        assertThat(windowState.map).hasSize(5);
        List<Event<Integer>> actual = new ArrayList<>();
        ws.iterator().forEachRemaining(actual::add);
        assertThat(actual).isEqualTo(expected);
        actual.clear();
        ws.iterator().forEachRemaining(actual::add);
        assertThat(actual).isEqualTo(expected);

        Iterator<Event<Integer>> it = ws.iterator();
        while (it.hasNext()) {
            it.next();
            it.remove();
        }
        actual.clear();
        ws.iterator().forEachRemaining(actual::add);
        assertThat(actual).isEmpty();
    }

    @Test
    void aPartitionAnIteratorIsOnIsNotEvicted() {
        WindowState<Integer> ws = windowState(10 * WindowState.MAX_PARTITION_EVENTS);
        int n = 10 * WindowState.MAX_PARTITION_EVENTS;
        for (int i = 0; i < n; i++) {
            ws.add(event(i));
        }
        Iterator<Event<Integer>> it = ws.iterator();
        for (int i = 0; i < 9500; i++) {
            it.next(); // in the middle of the 10th partition
        }
        for (int i = 0; i < n; i++) {
            ws.add(event(i));
        }
        assertThat(windowState.map).doesNotContainKey(9L);
    }
}
