package dev.gale.windowing.persistence;

import dev.gale.state.KeyValueState;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedList;
import java.util.List;

/**
 * The ids of a persistent window's partitions, oldest first, mirrored into their state on every
 * change (a copy, so what the state holds never changes under it). A window always has at least one
 * partition, the newest, which takes the events added. Not thread-safe: the window's thread only.
 */
final class PartitionIndex {
    /** The key under which the ids are saved. */
    private static final String KEY = "pk";
    private final KeyValueState<String, Deque<Long>> state;
    private final Deque<Long> ids;

    /** Reads the ids from {@code state}; an empty window starts with partition 0. */
    PartitionIndex(KeyValueState<String, Deque<Long>> state) {
        this.state = state;
        this.ids = new LinkedList<>(state.get(KEY, new LinkedList<>()));
        if (ids.isEmpty()) {
            ids.add(0L);
            save();
        }
    }

    long newest() {
        return ids.getLast();
    }

    /** Adds a partition after the newest, and returns its id. */
    long append() {
        long id = newest() + 1;
        ids.addLast(id);
        save();
        return id;
    }

    void remove(long id) {
        ids.remove(id);
        save();
    }

    /** The ids now, oldest first, unaffected by later changes. */
    List<Long> snapshot() {
        return new ArrayList<>(ids);
    }

    private void save() {
        state.put(KEY, new LinkedList<>(ids));
    }
}
