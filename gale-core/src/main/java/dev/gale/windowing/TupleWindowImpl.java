package dev.gale.windowing;

import dev.gale.tuple.Tuple;
import java.util.List;
import java.util.Objects;

/** A {@link TupleWindow} over lists given to it (not copied). Immutable if they are. */
public class TupleWindowImpl implements TupleWindow {
    private final List<Tuple> tuples;
    private final List<Tuple> newTuples;
    private final List<Tuple> expiredTuples;
    private final Long startTimestamp;
    private final Long endTimestamp;

    public TupleWindowImpl(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples) {
        this(tuples, newTuples, expiredTuples, null, null);
    }

    public TupleWindowImpl(List<Tuple> tuples, List<Tuple> newTuples, List<Tuple> expiredTuples,
                           Long startTs, Long endTs) {
        this.tuples = tuples;
        this.newTuples = newTuples;
        this.expiredTuples = expiredTuples;
        this.startTimestamp = startTs;
        this.endTimestamp = endTs;
    }

    @Override
    public List<Tuple> get() {
        return tuples;
    }

    @Override
    public List<Tuple> getNew() {
        return newTuples;
    }

    @Override
    public List<Tuple> getExpired() {
        return expiredTuples;
    }

    @Override
    public Long getStartTimestamp() {
        return startTimestamp;
    }

    @Override
    public Long getEndTimestamp() {
        return endTimestamp;
    }

    @Override
    public String toString() {
        return "TupleWindowImpl{tuples=" + tuples + ", newTuples=" + newTuples + ", expiredTuples=" + expiredTuples + '}';
    }

    /** Equal when the three lists are (the timestamps are not compared, as in Storm). */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        return o instanceof TupleWindowImpl other && other.getClass() == getClass()
                && Objects.equals(tuples, other.tuples) && Objects.equals(newTuples, other.newTuples)
                && Objects.equals(expiredTuples, other.expiredTuples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tuples, newTuples, expiredTuples);
    }
}
