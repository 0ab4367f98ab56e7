package dev.gale.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.tuple.Fields;
import java.util.Arrays;
import java.util.List;

/**
 * Key grouping with two choices: each key may go to one of two tasks (picked by two hash
 * functions), and the one that has received fewer tuples from this emitter gets it. Spreads
 * hot keys over two tasks while keeping each key on at most two.
 *
 * <p>Not thread-safe; every emitting task has its own copy.
 */
public class PartialKeyGrouping implements CustomStreamGrouping {
    private static final long serialVersionUID = 1L;

    private final Fields fields;
    private transient Fields outFields;
    private transient List<Integer> targets;
    private transient long[] load;

    /** Groups on every field of the stream. */
    public PartialKeyGrouping() {
        this(null);
    }

    /** Groups on these fields. */
    public PartialKeyGrouping(Fields fields) {
        this.fields = fields;
    }

    @Override
    public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
        this.targets = targetTasks;
        this.load = new long[targetTasks.size()];
        this.outFields = context.getComponentOutputFields(stream.get_componentId(), stream.get_streamId());
    }

    @Override
    public List<Integer> chooseTasks(int taskId, List<Object> values) {
        Object[] key = (fields == null ? values : outFields.select(fields, values)).toArray();
        int h = Arrays.deepHashCode(key);
        int first = Math.floorMod(mix(h, 0x9E3779B9), load.length);
        int second = Math.floorMod(mix(h, 0x85EBCA6B), load.length);
        int chosen = load[first] <= load[second] ? first : second;
        load[chosen]++;
        return List.of(targets.get(chosen));
    }

    private static int mix(int h, int seed) {
        int x = h * seed;
        return x ^ (x >>> 16);
    }
}
