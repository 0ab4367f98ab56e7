package dev.gale.topology;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.tuple.Fields;

/**
 * Subscribes a bolt to streams of other components, each with a grouping. Methods without a
 * stream id subscribe to the component's default stream.
 */
public interface InputDeclarer<T extends InputDeclarer<T>> {

    /** Tuples with equal values of {@code fields} always go to the same task. */
    T fieldsGrouping(String componentId, Fields fields);

    T fieldsGrouping(String componentId, String streamId, Fields fields);

    /** Every tuple goes to the task with the lowest id. */
    T globalGrouping(String componentId);

    T globalGrouping(String componentId, String streamId);

    /** Tuples are spread evenly over the tasks. */
    T shuffleGrouping(String componentId);

    T shuffleGrouping(String componentId, String streamId);

    /** Same as shuffle in an embedded engine (every task is local). */
    T localOrShuffleGrouping(String componentId);

    T localOrShuffleGrouping(String componentId, String streamId);

    /** No preference: currently shuffle. */
    T noneGrouping(String componentId);

    T noneGrouping(String componentId, String streamId);

    /** Every tuple goes to every task. */
    T allGrouping(String componentId);

    T allGrouping(String componentId, String streamId);

    /** The emitter picks the task with {@code emitDirect}; the stream must be declared direct. */
    T directGrouping(String componentId);

    T directGrouping(String componentId, String streamId);

    /** Each key goes to the less loaded of two tasks chosen for it. */
    T partialKeyGrouping(String componentId, Fields fields);

    T partialKeyGrouping(String componentId, String streamId, Fields fields);

    T customGrouping(String componentId, CustomStreamGrouping grouping);

    T customGrouping(String componentId, String streamId, CustomStreamGrouping grouping);

    T grouping(GlobalStreamId id, Grouping grouping);
}
