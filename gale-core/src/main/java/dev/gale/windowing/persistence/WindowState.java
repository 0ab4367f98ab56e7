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
    private final KeyValueState<String, Deque<Long>> idsState;
    private final KeyValueState<Long, WindowPartition<T>> partitionsState;
    private final KeyValueState<String, Optional<?>> policiesState;
    private final Supplier<Map<String, Optional<?>>> policies;
    private final long partitionsInMemory;
    /** Partitions pinned by iterators not yet at their end; an evaluation's end unpins them. */
    private final Set<Long> iteratorPins = new HashSet<>();
    private PartitionIndex index;
    private WindowPartition<T> newest;
    private WindowPartitionCache<Long, WindowPartition<T>> cache;

    /**
     * @param partitionsState   the partitions, by id
     * @param idsState          the list of partition ids
     * @param policiesState     the window policies' state
     * @param policies          what to save in {@code policiesState} at each checkpoint
     * @param maxEventsInMemory at least {@value #MIN_PARTITIONS} partitions' worth is kept anyway
     */
    public WindowState(KeyValueState<Long, WindowPartition<T>> partitionsState, KeyValueState<String, Deque<Long>> idsState,
                       KeyValueState<String, Optional<?>> policiesState, Supplier<Map<String, Optional<?>>> policies,
                       long maxEventsInMemory) {
        this.partitionsState = partitionsState;
        this.idsState = idsState;
        this.policiesState = policiesState;
        this.policies = policies;
        long eventsInMemory = Math.max(maxEventsInMemory, (long) MAX_PARTITION_EVENTS * MIN_PARTITIONS);
        this.partitionsInMemory = eventsInMemory / MAX_PARTITION_EVENTS;
        load();
    }

    /** Appends to the newest partition, starting a new one when it is full. */
    @Override
    public boolean add(Event<T> event) {
        boolean newestFull = newest.size() >= MAX_PARTITION_EVENTS;
        if (newestFull) {
            cache.unpin(newest.getId());
            newest = cache.pinAndGet(index.append());
        }
        newest.add(event);
        return true;
    }

    /** The events, oldest first, loading partitions as it reaches them; removes through {@code remove()}. */
    @Override
    public Iterator<Event<T>> iterator() {
        return new PartitionWalk(index.snapshot());
    }

    /** Unpins the partitions that iterators left pinned (an evaluation that did not read the window to its end). */
    public void clearIteratorPins() {
        iteratorPins.forEach(cache::unpin);
        iteratorPins.clear();
    }

    /** @throws UnsupportedOperationException always: counting would load every partition */
    @Override
    public int size() {
        throw new UnsupportedOperationException("a persistent window is not counted: that would load all its partitions");
    }

    /** Saves the changed partitions and the window's policies, and prepares the states as {@code txid}. */
    public void prepareCommit(long txid) {
        saveCachedPartitions();
        policies.get().forEach(policiesState::put);
        idsState.prepareCommit(txid);
        partitionsState.prepareCommit(txid);
        policiesState.prepareCommit(txid);
    }

    public void commit(long txid) {
        idsState.commit(txid);
        partitionsState.commit(txid);
        policiesState.commit(txid);
    }

    /**
     * Rolls the states back to the last commit.
     *
     * @param reInit whether to read the window back from them (else it is read when next needed)
     */
    public void rollback(boolean reInit) {
        idsState.rollback();
        partitionsState.rollback();
        policiesState.rollback();
        if (reInit) {
            load();
        }
    }

    /** (Re)reads the window from the states, with a new cache of its partitions. */
    private void load() {
        LOG.debug("persistent window: up to {} partitions of {} events in memory", partitionsInMemory, MAX_PARTITION_EVENTS);
        iteratorPins.clear();
        WindowPartitionCache.Builder<Long, WindowPartition<T>> builder = SimpleWindowPartitionCache.newBuilder();
        cache = builder.maximumSize(partitionsInMemory).removalListener(this::evicted)
                .build(id -> partitionsState.get(id, new WindowPartition<>(id)));
        index = new PartitionIndex(idsState);
        newest = cache.pinAndGet(index.newest());
    }

    /** A partition left the cache: write it back if changed; forget it if it emptied (not the newest). */
    private void evicted(Long id, WindowPartition<T> partition, WindowPartitionCache.RemovalCause cause) {
        if (isSpent(id, partition)) {
            // An explicit removal is the flush's, which deleted the partition already.
            if (cause == WindowPartitionCache.RemovalCause.REPLACED) {
                delete(id);
            }
        } else {
            saveIfModified(id, partition);
        }
    }

    /** Writes back the changed partitions in memory and deletes those that emptied. */
    private void saveCachedPartitions() {
        List<Long> spent = new ArrayList<>();
        cache.asMap().forEach((id, partition) -> {
            if (isSpent(id, partition)) {
                delete(id);
                spent.add(id);
            } else {
                saveIfModified(id, partition);
            }
        });
        // A pinned one stays cached; it is deleted again (harmlessly) at the next flush or eviction.
        spent.forEach(cache::invalidate);
    }

    /** Whether a partition holds nothing more and never will: empty, and not the one taking new events. */
    private boolean isSpent(long id, WindowPartition<T> partition) {
        return partition.isEmpty() && id != index.newest();
    }

    private void saveIfModified(long id, WindowPartition<T> partition) {
        if (partition.isModified()) {
            partition.clearModified();
            partitionsState.put(id, partition);
        }
    }

    private void delete(long id) {
        index.remove(id);
        partitionsState.delete(id);
    }

    /**
     * Walks the partitions of a snapshot of the ids, pinning the one it reads (and recording the
     * pin, so an evaluation that stops early can release it) and unpinning it when it moves on.
     */
    private final class PartitionWalk implements Iterator<Event<T>> {
        private final Iterator<Long> ids;
        private Iterator<Event<T>> events = Collections.emptyIterator();
        private Long reading;
        private Iterator<Event<T>> lastReturnedFrom;

        PartitionWalk(List<Long> ids) {
            this.ids = ids.iterator();
        }

        @Override
        public boolean hasNext() {
            while (!events.hasNext()) {
                release();
                if (!ids.hasNext()) {
                    return false;
                }
                reading = ids.next();
                WindowPartition<T> partition = cache.pinAndGet(reading);
                iteratorPins.add(reading);
                events = partition.iterator();
            }
            return true;
        }

        @Override
        public Event<T> next() {
            if (!hasNext()) {
                throw new NoSuchElementException("no more events in the persistent window");
            }
            lastReturnedFrom = events;
            return events.next();
        }

        @Override
        public void remove() {
            if (lastReturnedFrom == null) {
                throw new IllegalStateException("remove() needs a next() before it");
            }
            lastReturnedFrom.remove();
            lastReturnedFrom = null;
        }

        private void release() {
            if (reading != null) {
                cache.unpin(reading);
                iteratorPins.remove(reading);
                reading = null;
            }
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

        /** The events, oldest first; a removal through it marks the partition modified. */
        @Override
        public Iterator<Event<T>> iterator() {
            return new MarkingIterator(events.iterator());
        }

        public int size() {
            return events.size();
        }

        public long getId() {
            return id;
        }

        /** The events, for tests. */
        public Collection<Event<T>> getEvents() {
            return Collections.unmodifiableList(new ArrayList<>(events));
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

        /** Passes through to the events' iterator, marking the partition modified on a removal. */
        private final class MarkingIterator implements Iterator<Event<T>> {
            private final Iterator<Event<T>> delegate;

            MarkingIterator(Iterator<Event<T>> delegate) {
                this.delegate = delegate;
            }

            @Override
            public boolean hasNext() {
                return delegate.hasNext();
            }

            @Override
            public Event<T> next() {
                return delegate.next();
            }

            @Override
            public void remove() {
                delegate.remove();
                modified = true;
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
