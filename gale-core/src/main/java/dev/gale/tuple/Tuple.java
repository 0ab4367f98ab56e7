package dev.gale.tuple;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.GeneralTopologyContext;

/**
 * A tuple received by a bolt: its values plus where it came from and its tracking identity.
 *
 * <p>A tuple is handed to one bolt task and must be acked or failed by that task (through its
 * collector). Not thread-safe: use it on the executing task's thread, or hand it to another
 * thread only together with the responsibility to ack it.
 */
public interface Tuple extends ITuple {

    /** The component and stream this tuple was emitted on. */
    GlobalStreamId getSourceGlobalStreamId();

    String getSourceComponent();

    int getSourceTask();

    String getSourceStreamId();

    /** The tracking identity: which spout trees this tuple belongs to. */
    MessageId getMessageId();

    /** The topology this tuple travels in. */
    GeneralTopologyContext getContext();
}
