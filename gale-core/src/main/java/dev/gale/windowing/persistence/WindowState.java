package dev.gale.windowing.persistence;

import dev.gale.state.KeyValueState;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.Event;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.AbstractCollection;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The events of a persistent window ({@code withPersistence}), kept in partitions of
 * {@value #MAX_PARTITION_EVENTS} events saved in a state: the window's queue, of which at most
 * {@code maxEventsInMemory} events (in partitions) stay in memory, the others being loaded from the
 * state as the window is read. {@link #prepareCommit} saves the partitions changed since the last
 * checkpoint, the list of partitions, and the window policies' state; {@link #rollback} goes back
 * to the last commit. Saved tuples come back as tuples of their values, fields and source.
 *
 * <p>Used on the window's thread only (the bolt task's); not thread-safe.
 *
 * @param <T> the type of the events, {@code Tuple} for a windowed bolt
 */
public class WindowState<T> extends AbstractCollection<Event<T>> {
    /** Events per partition. */
    public static final int MAX_PARTITION_EVENTS = 1000;
    /** The fewest partitions kept in memory. */
    public static final int MIN_PARTITIONS = 10;
    private static final Logger LOG = LoggerFactory.getLogger(WindowState.class);
    private static final String PARTITION_IDS_KEY = "pk";
    private final KeyValueState<String, Deque<Long>> partitionIdsState;
    private final KeyValueState<Long, WindowPartition<T>> windowPartitionsState;
    private final KeyValueState<String, Optional<?>> windowSystemState;
    private final Supplier<Map<String, Optional<?>>> windowSystemStateSupplier;
    private final long maxEventsInMemory;
    private final Set<Long> iteratorPins = new HashSet<>();
    private Deque<Long> partitionIds;
    private long latestPartitionId;
    private WindowPartition<T> latestPartition;
    private WindowPartitionCache<Long, WindowPartition<T>> cache;

    public WindowState(KeyValueState<Long, WindowPartition<T>> windowPartitionsState,
                       KeyValueState<String, Deque<Long>> partitionIdsState,
                       KeyValueState<String, Optional<?>> windowSystemState,
                       Supplier<Map<String, Optional<?>>> windowSystemStateSupplier,
                       long maxEventsInMemory) {
        this.windowPartitionsState = windowPartitionsState;
        this.partitionIdsState = partitionIdsState;
        this.windowSystemState = windowSystemState;
        this.windowSystemStateSupplier = windowSystemStateSupplier;
        this.maxEventsInMemory = Math.max((long) MAX_PARTITION_EVENTS * MIN_PARTITIONS, maxEventsInMemory);
        init();
    }

    @Override
    public boolean add(Event<T> event) {
        if (latestPartition.size() >= MAX_PARTITION_EVENTS) {
            cache.unpin(latestPartition.getId());
            latestPartition = cache.pinAndGet(nextPartitionId());
        }
        latestPartition.add(event);
        return true;
    }

    @Override
    public Iterator<Event<T>> iterator() {
        return new Iterator<>() {
            private final Iterator<Long> ids = new ArrayList<>(partitionIds).iterator();
            private Iterator<Event<T>> current = Collections.emptyIterator();
            private Iterator<Event<T>> removeFrom;
            private WindowPartition<T> curPartition;

            @Override
            public boolean hasNext() {
                boolean curHasNext = current.hasNext();
                while (!curHasNext && ids.hasNext()) {
                    if (curPartition != null) {
                        unpin(curPartition.getId());
                    }
                    curPartition = cache.pinAndGet(ids.next());
                    iteratorPins.add(curPartition.getId());
                    current = curPartition.iterator();
                    curHasNext = current.hasNext();
                }
                if (!curHasNext && curPartition != null) {
                    unpin(curPartition.getId());
                    curPartition = null;
                }
                return curHasNext;
            }

            @Override
            public Event<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                removeFrom = current;
                return current.next();
            }

            @Override
            public void remove() {
                if (removeFrom == null) {
                    throw new IllegalStateException("No calls to next() since last call to remove()");
                }
                removeFrom.remove();
                removeFrom = null;
            }

            private void unpin(long id) {
                cache.unpin(id);
                iteratorPins.remove(id);
            }
        };
    }

    /** Unpins the partitions that iterators left pinned (an evaluation that did not read the window to its end). */
    public void clearIteratorPins() {
        for (Long id : iteratorPins) {
            cache.unpin(id);
        }
        iteratorPins.clear();
    }

    /** @throws UnsupportedOperationException always: counting would load every partition */
    @Override
    public int size() {
        throw new UnsupportedOperationException();
    }

    /** Saves the changed partitions and the window's policies, and prepares the states as {@code txid}. */
    public void prepareCommit(long txid) {
        flush();
        partitionIdsState.prepareCommit(txid);
        windowPartitionsState.prepareCommit(txid);
        windowSystemState.prepareCommit(txid);
    }

    public void commit(long txid) {
        partitionIdsState.commit(txid);
        windowPartitionsState.commit(txid);
        windowSystemState.commit(txid);
    }

    /**
     * Rolls the states back to the last commit.
     *
     * @param reInit whether to read the window back from them (else it is read when next needed)
     */
    public void rollback(boolean reInit) {
        partitionIdsState.rollback();
        windowPartitionsState.rollback();
        windowSystemState.rollback();
        if (reInit) {
            init();
        }
    }

    private void init() {
        iteratorPins.clear();
        long partitions = maxEventsInMemory / MAX_PARTITION_EVENTS;
        LOG.debug("maxEventsInMemory: {}, partitions in memory: {}", maxEventsInMemory, partitions);
        cache = SimpleWindowPartitionCache.<Long, WindowPartition<T>>newBuilder()
                .maximumSize(partitions)
                .removalListener(this::onRemoval)
                .build(id -> windowPartitionsState.get(id, new WindowPartition<>(id)));
        Deque<Long> saved = partitionIdsState.get(PARTITION_IDS_KEY);
        partitionIds = saved == null ? new LinkedList<>() : new LinkedList<>(saved);
        if (partitionIds.isEmpty()) {
            partitionIds.add(0L);
            partitionIdsState.put(PARTITION_IDS_KEY, new LinkedList<>(partitionIds));
        }
        latestPartitionId = partitionIds.peekLast();
        latestPartition = cache.pinAndGet(latestPartitionId);
    }

    private void onRemoval(Long pid, WindowPartition<T> p, WindowPartitionCache.RemovalCause cause) {
        if (p.isEmpty() && pid != latestPartitionId) {
            if (cause != WindowPartitionCache.RemovalCause.EXPLICIT) {
                deletePartition(pid);
            }
        } else if (p.isModified()) {
            p.clearModified();
            windowPartitionsState.put(pid, p);
        }
    }

    private void deletePartition(long pid) {
        partitionIds.remove(pid);
        partitionIdsState.put(PARTITION_IDS_KEY, new LinkedList<>(partitionIds));
        windowPartitionsState.delete(pid);
    }

    private long nextPartitionId() {
        partitionIds.add(++latestPartitionId);
        partitionIdsState.put(PARTITION_IDS_KEY, new LinkedList<>(partitionIds));
        return latestPartitionId;
    }

    private void flush() {
        List<Long> toInvalidate = new ArrayList<>();
        for (Map.Entry<Long, WindowPartition<T>> e : cache.asMap().entrySet()) {
            long pid = e.getKey();
            WindowPartition<T> p = e.getValue();
            if (p.isEmpty() && pid != latestPartitionId) {
                deletePartition(pid);
                toInvalidate.add(pid);
            } else if (p.isModified()) {
                p.clearModified();
                windowPartitionsState.put(pid, p);
            }
        }
        // A pinned one stays cached; it is deleted again (harmlessly) at the next flush or eviction.
        toInvalidate.forEach(cache::invalidate);
        for (Map.Entry<String, Optional<?>> entry : windowSystemStateSupplier.get().entrySet()) {
            windowSystemState.put(entry.getKey(), entry.getValue());
        }
    }

    /**
     * Up to {@value #MAX_PARTITION_EVENTS} events of a window, saved as one value of the state.
     * Tuples are saved as their values, fields and source (the values must be serializable by the
     * state's serializer). Not thread-safe.
     *
     * @param <T> the type of the events
     */
    public static class WindowPartition<T> implements Iterable<Event<T>>, Serializable {
        private static final long serialVersionUID = 1L;
        private final long id;
        private transient Deque<Event<T>> events = new ArrayDeque<>();
        private transient boolean modified;

        public WindowPartition(long id) {
            this.id = id;
        }

        void add(Event<T> event) {
            events.add(event);
            modified = true;
        }

        boolean isModified() {
            return modified;
        }

        void clearModified() {
            modified = false;
        }

        boolean isEmpty() {
            return events.isEmpty();
        }

        @Override
        public Iterator<Event<T>> iterator() {
            Iterator<Event<T>> it = events.iterator();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public Event<T> next() {
                    return it.next();
                }

                @Override
                public void remove() {
                    it.remove();
                    modified = true;
                }
            };
        }

        public int size() {
            return events.size();
        }

        public long getId() {
            return id;
        }

        /** The events, for tests. */
        public Collection<Event<T>> getEvents() {
            return Collections.unmodifiableCollection(events);
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(events.size());
            for (Event<T> e : events) {
                out.writeLong(e.getTimestamp());
                Object o = e.get();
                out.writeObject(o instanceof Tuple ? SavedTuple.of((Tuple) o) : o);
            }
        }

        @SuppressWarnings("unchecked")
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            int n = in.readInt();
            events = new ArrayDeque<>(n);
            for (int i = 0; i < n; i++) {
                long ts = in.readLong();
                events.add(new SavedEvent<>((T) in.readObject(), ts));
            }
        }

        @Override
        public String toString() {
            return "WindowPartition{id=" + id + ", size=" + events.size() + '}';
        }
    }

    /** An event read back from the state. Immutable. */
    private record SavedEvent<T>(T event, long ts) implements Event<T> {
        @Override
        public long getTimestamp() {
            return ts;
        }

        @Override
        public T get() {
            return event;
        }

        @Override
        public boolean isWatermark() {
            return false;
        }
    }
}
