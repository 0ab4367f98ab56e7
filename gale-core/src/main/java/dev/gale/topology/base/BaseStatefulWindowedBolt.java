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
    private long maxEventsInMemory;

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength, Count slidingInterval) {
        super.withWindow(windowLength, slidingInterval);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength, Duration slidingInterval) {
        super.withWindow(windowLength, slidingInterval);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength, Count slidingInterval) {
        super.withWindow(windowLength, slidingInterval);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength, Duration slidingInterval) {
        super.withWindow(windowLength, slidingInterval);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Count windowLength) {
        super.withWindow(windowLength);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWindow(Duration windowLength) {
        super.withWindow(windowLength);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTumblingWindow(Count count) {
        super.withTumblingWindow(count);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTumblingWindow(Duration duration) {
        super.withTumblingWindow(duration);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTimestampField(String fieldName) {
        super.withTimestampField(fieldName);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withTimestampExtractor(TimestampExtractor timestampExtractor) {
        super.withTimestampExtractor(timestampExtractor);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withLateTupleStream(String streamName) {
        super.withLateTupleStream(streamName);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withLag(Duration duration) {
        super.withLag(duration);
        return this;
    }

    @Override
    public BaseStatefulWindowedBolt<T> withWatermarkInterval(Duration interval) {
        super.withWatermarkInterval(interval);
        return this;
    }

    /**
     * The field of each tuple that holds its message id (a long, increasing per source task and
     * stream): after a failure, windows already evaluated are recognized by it and not evaluated
     * again. Needed without {@link #withPersistence()}.
     */
    public BaseStatefulWindowedBolt<T> withMessageIdField(String fieldName) {
        windowConfiguration.put(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME, fieldName);
        return this;
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
        this.maxEventsInMemory = maxEventsInMemory;
        return this;
    }

    @Override
    public boolean isPersistent() {
        return persistent;
    }

    @Override
    public long maxEventsInMemory() {
        return maxEventsInMemory > 0 ? maxEventsInMemory : IStatefulWindowedBolt.super.maxEventsInMemory();
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
