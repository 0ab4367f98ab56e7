package dev.gale.windowing;

import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * A {@link TupleWindow} read through iterators: what a persistent window ({@code withPersistence})
 * gives its bolt, whose tuples may be partly in the state rather than in memory. {@link #getIter()}
 * reads it; {@link #get()} loads it all into a list; new and expired tuples are not tracked. Valid
 * only during the {@code execute} it is given to. Not thread-safe.
 */
public class TupleWindowIterImpl implements TupleWindow {
    private final Supplier<Iterator<Tuple>> tuplesIt;
    private final Supplier<Iterator<Tuple>> newTuplesIt;
    private final Supplier<Iterator<Tuple>> expiredTuplesIt;
    private final Long startTimestamp;
    private final Long endTimestamp;

    public TupleWindowIterImpl(Supplier<Iterator<Tuple>> tuplesIt, Supplier<Iterator<Tuple>> newTuplesIt,
                               Supplier<Iterator<Tuple>> expiredTuplesIt, Long startTimestamp, Long endTimestamp) {
        this.tuplesIt = tuplesIt;
        this.newTuplesIt = newTuplesIt;
        this.expiredTuplesIt = expiredTuplesIt;
        this.startTimestamp = startTimestamp;
        this.endTimestamp = endTimestamp;
    }

    @Override
    public List<Tuple> get() {
        List<Tuple> tuples = new ArrayList<>();
        tuplesIt.get().forEachRemaining(tuples::add);
        return tuples;
    }

    @Override
    public Iterator<Tuple> getIter() {
        Iterator<Tuple> it = tuplesIt.get();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Tuple next() {
                return it.next();
            }
        };
    }

    /** @throws UnsupportedOperationException always: persistent windows do not track new tuples */
    @Override
    public List<Tuple> getNew() {
        throw new UnsupportedOperationException("Not implemented: persistent windows do not track new tuples");
    }

    /** @throws UnsupportedOperationException always: persistent windows do not track expired tuples */
    @Override
    public List<Tuple> getExpired() {
        throw new UnsupportedOperationException("Not implemented: persistent windows do not track expired tuples");
    }

    @Override
    public Long getEndTimestamp() {
        return endTimestamp;
    }

    @Override
    public Long getStartTimestamp() {
        return startTimestamp;
    }

    @Override
    public String toString() {
        return "TupleWindowIterImpl{start=" + startTimestamp + ", end=" + endTimestamp + '}';
    }
}
