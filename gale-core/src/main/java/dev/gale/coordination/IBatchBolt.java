package dev.gale.coordination;

import dev.gale.task.TopologyContext;
import dev.gale.topology.IComponent;
import dev.gale.tuple.Tuple;
import java.io.Serializable;
import java.util.Map;

/**
 * A bolt that processes one batch (one DRPC request, say) at a time: a fresh copy is prepared
 * for each batch id, sees the batch's tuples, and is told when the batch is complete
 * ({@link #finishBatch()}), when it emits its result. Run by {@link BatchBoltExecutor} inside a
 * {@link CoordinatedBolt}, which knows when a batch is complete. Each copy is called on one thread.
 *
 * @param <T> the type of the batch id
 */
public interface IBatchBolt<T> extends Serializable, IComponent {

    void prepare(Map<String, Object> conf, TopologyContext context, BatchOutputCollector collector, T id);

    void execute(Tuple tuple);

    /** Every tuple of the batch has been executed. */
    void finishBatch();
}
