package dev.gale.topology;

import dev.gale.tuple.Fields;

/** Declares a component's output streams; given to {@link IComponent#declareOutputFields}. */
public interface OutputFieldsDeclarer {

    /** Declares the default stream. */
    void declare(Fields fields);

    /** Declares the default stream, direct or not. */
    void declare(boolean direct, Fields fields);

    void declareStream(String streamId, Fields fields);

    void declareStream(String streamId, boolean direct, Fields fields);
}
