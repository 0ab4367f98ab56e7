package dev.gale.coordination;

import dev.gale.task.TopologyContext;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.Map;

/**
 * The batch bolt copies of one {@link BatchBoltExecutor} task: the user's bolt kept as serialized
 * bytes, and one deserialized, prepared copy per open batch, so no state leaks from one batch to
 * the next. Not thread-safe: the task's executor thread only.
 */
final class BatchBoltCopies {
    private final byte[] template;
    private final Map<Object, IBatchBolt<Object>> open = new HashMap<>();
    private Map<String, Object> conf;
    private TopologyContext context;
    private BatchOutputCollector output;

    BatchBoltCopies(byte[] template) {
        this.template = template;
    }

    /** What every copy is prepared with; call before {@link #forBatch}. */
    void bind(Map<String, Object> conf, TopologyContext context, BatchOutputCollector output) {
        this.conf = conf;
        this.context = context;
        this.output = output;
    }

    /** The copy working on {@code batchId}, made and prepared on the batch's first tuple. */
    IBatchBolt<Object> forBatch(Object batchId) {
        return open.computeIfAbsent(batchId, id -> {
            IBatchBolt<Object> copy = fresh();
            copy.prepare(conf, context, output, id);
            return copy;
        });
    }

    /**
     * Closes the batch and returns its copy so that it can finish; a batch that completes with no
     * tuple of its own on this task gets a freshly prepared copy, so it still finishes.
     */
    IBatchBolt<Object> close(Object batchId) {
        IBatchBolt<Object> copy = forBatch(batchId);
        open.remove(batchId);
        return copy;
    }

    /** Drops the batch's copy, if any, without finishing it. */
    void discard(Object batchId) {
        open.remove(batchId);
    }

    /** An unprepared copy: enough to ask for the declared streams or the component configuration. */
    @SuppressWarnings("unchecked")
    IBatchBolt<Object> fresh() {
        return Utils.javaDeserialize(template, IBatchBolt.class);
    }
}
