package dev.gale.impl.env;

import java.util.List;

/**
 * Told of every emit, and of every ack and fail delivered to a spout, of one running topology.
 * Used by the testing kit to record what each component emitted. Called on executor threads, so
 * implementations must be thread-safe and must copy {@code values} if they keep them.
 */
public interface TupleObserver {

    void emitted(String componentId, int taskId, String streamId, List<Object> values);

    default void acked(String spoutId, int taskId, Object messageId) {
    }

    default void failed(String spoutId, int taskId, Object messageId) {
    }
}
