package dev.gale.spout;

import dev.gale.task.TopologyContext;
import java.io.Serializable;
import java.util.Map;

/**
 * A source of tuples. Every method of one task is called from the same thread, never
 * concurrently: {@code ack} and {@code fail} run between {@code nextTuple} calls.
 */
public interface ISpout extends Serializable {

    /** Called once on the task's thread before anything else. */
    void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector);

    /** Called when the topology is killed (best effort). */
    void close();

    /** Called when the spout is activated after having been deactivated. */
    void activate();

    /** Called when the spout is deactivated: {@code nextTuple} will not be called until activation. */
    void deactivate();

    /**
     * Emits zero or more tuples. Should not block for long: acks and fails of this task wait
     * until it returns. When it emits nothing the engine backs off briefly before calling again.
     */
    void nextTuple();

    /** The tuple tree of the tuple emitted with this message id was fully processed. */
    void ack(Object msgId);

    /** The tuple tree failed or timed out; replay the message if it must not be lost. */
    void fail(Object msgId);
}
