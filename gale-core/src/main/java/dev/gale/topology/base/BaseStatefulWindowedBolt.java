package dev.gale.topology.base;

import dev.gale.Config;
import dev.gale.state.State;
import dev.gale.topology.IStatefulWindowedBolt;
import dev.gale.windowing.TimestampExtractor;

/**
 * A windowed bolt with state ({@link IStatefulWindowedBolt}): set the window as for
 * {@link BaseWindowedBolt}, and {@link #withMessageIdField} (windows in memory) or
 * {@link #withPersistence()} (windows saved in the state). One instance per task, used on the
 * task's thread only.
 *
 * @param <T> the state type
 */
public abstract class BaseStatefulWindowedBolt<T extends State> extends BaseWindowedBolt implements IStatefulWindowedBolt<T> {
    private static final long serialVersionUID = 1L;
    private boolean persistent;
    /** 0: not set. */
    private long inMemoryLimit;

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength, Count slidingInterval) {
        return same(super.withWindow(windowLength, slidingInterval));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength, Duration slidingInterval) {
        return same(super.withWindow(windowLength, slidingInterval));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength, Count slidingInterval) {
        return same(super.withWindow(windowLength, slidingInterval));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength, Duration slidingInterval) {
        return same(super.withWindow(windowLength, slidingInterval));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength) {
        return same(super.withWindow(windowLength));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength) {
        return same(super.withWindow(windowLength));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTumblingWindow(Count count) {
        return same(super.withTumblingWindow(count));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTumblingWindow(Duration duration) {
        return same(super.withTumblingWindow(duration));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTimestampField(String fieldName) {
        return same(super.withTimestampField(fieldName));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTimestampExtractor(TimestampExtractor timestampExtractor) {
        return same(super.withTimestampExtractor(timestampExtractor));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withLateTupleStream(String streamName) {
        return same(super.withLateTupleStream(streamName));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withLag(Duration duration) {
        return same(super.withLag(duration));
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWatermarkInterval(Duration interval) {
        return same(super.withWatermarkInterval(interval));
    }

    /**
     * The field of each tuple that holds its message id (a long, increasing per source task and
     * stream): after a failure, windows already evaluated are recognized by it and not evaluated
     * again. Needed without {@link #withPersistence()}.
     */
    public BaseStatefulWindowedBolt<T> withMessageIdField(String fieldName) {
        return same(configure(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME, fieldName));
    }

    /**
     * Saves the window's tuples in the state with each checkpoint, keeping at most
     * {@link #withMaxEventsInMemory(long)} of them in memory; {@code execute} then reads the window
     * with {@code getIter()} (or {@code get()}, which loads it all).
     */
    public BaseStatefulWindowedBolt<T> withPersistence() {
        persistent = true;
        return this;
    }

    /**
     * With {@link #withPersistence()}: the most window tuples kept in memory (default 1,000,000);
     * the others are in the state and loaded as the window is read. Unlike
     * {@link BaseWindowedBolt#withMaxEventsInMemory}, input is never refused.
     */
    @Override
    public BaseStatefulWindowedBolt<T> withMaxEventsInMemory(long maxEventsInMemory) {
        inMemoryLimit = maxEventsInMemory;
        return this;
    }

    @Override
    public boolean isPersistent() {
        return persistent;
    }

    @Override
    public long maxEventsInMemory() {
        if (inMemoryLimit <= 0) {
            return IStatefulWindowedBolt.super.maxEventsInMemory(); // not set: the interface's default
        }
        return inMemoryLimit;
    }

    /** This bolt, once the base class has taken a setting: the overrides' covariant return. */
    private BaseStatefulWindowedBolt<T> same(BaseWindowedBolt configured) {
        return this;
    }

    @Override
    public void preCommit(long txid) {
    }

    @Override
    public void prePrepare(long txid) {
    }

    @Override
    public void preRollback() {
    }
}
