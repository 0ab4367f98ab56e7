package dev.gale.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Key grouping with two choices: each key may go to one of two tasks (an {@link AssignmentCreator}
 * derives them from the key), and a {@link TargetSelector} picks one of them each time, by default
 * the one that has received fewer tuples from this emitter. Spreads hot keys over two tasks while
 * keeping each key on at most two. Without fields the key is the first value's {@code toString},
 * and {@code prepare} needs no context (as in Storm).
 *
 * <p>Not thread-safe; every emitting task has its own copy.
 */
public class PartialKeyGrouping implements CustomStreamGrouping {
    private static final long serialVersionUID = 1L;

    private final Fields fields;
    private final AssignmentCreator assignmentCreator;
    private final TargetSelector targetSelector;
    private List<Integer> targetTasks;
    private Fields outFields;

    /** Groups on the first value. */
    public PartialKeyGrouping() {
        this(null);
    }

    /** Groups on these fields (null: on the first value). */
    public PartialKeyGrouping(Fields fields) {
        this(fields, new RandomTwoTaskAssignmentCreator(), new BalancedTargetSelector());
    }

    public PartialKeyGrouping(Fields fields, AssignmentCreator assignmentCreator) {
        this(fields, assignmentCreator, new BalancedTargetSelector());
    }

    public PartialKeyGrouping(Fields fields, AssignmentCreator assignmentCreator, TargetSelector targetSelector) {
        this.fields = fields;
        this.assignmentCreator = assignmentCreator;
        this.targetSelector = targetSelector;
    }

    @Override
    public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
        this.targetTasks = targetTasks;
        if (fields != null) {
            this.outFields = context.getComponentOutputFields(stream);
        }
    }

    @Override
    public List<Integer> chooseTasks(int taskId, List<Object> values) {
        if (values.isEmpty()) {
            return List.of();
        }
        int[] candidates = assignmentCreator.createAssignment(targetTasks, keyBytes(values));
        return List.of(targetSelector.chooseTask(candidates));
    }

    private byte[] keyBytes(List<Object> values) {
        if (fields == null) {
            return String.valueOf(values.get(0)).getBytes(StandardCharsets.UTF_8);
        }
        List<Object> key = outFields.select(fields, values);
        ByteBuffer out = ByteBuffer.allocate(4 * key.size());
        for (Object o : key) {
            out.putInt(hash(o));
        }
        return out.array();
    }

    /** A hash equal for equal keys, arrays compared by content (their own hashCode is identity). */
    private static int hash(Object o) {
        if (o == null) {
            return 0;
        }
        if (o instanceof List) {
            return Arrays.deepHashCode(((List<?>) o).toArray());
        }
        if (o.getClass().isArray()) {
            return Arrays.deepHashCode(new Object[] {o});
        }
        return o.hashCode();
    }

    /** Picks the candidate tasks of a key: must be deterministic in the key. */
    public interface AssignmentCreator extends Serializable {
        int[] createAssignment(List<Integer> targetTasks, byte[] key);
    }

    /** Picks one task among a key's candidates. */
    public interface TargetSelector extends Serializable {
        Integer chooseTask(int[] assignedTasks);
    }

    /** Two distinct tasks (when there are two), drawn from a generator seeded with the key. */
    public static class RandomTwoTaskAssignmentCreator implements AssignmentCreator {
        private static final long serialVersionUID = 1L;

        @Override
        public int[] createAssignment(List<Integer> tasks, byte[] key) {
            SplittableRandom random = new SplittableRandom(Arrays.hashCode(key));
            int n = tasks.size();
            int first = random.nextInt(n);
            if (n == 1) {
                return new int[] {tasks.get(first), tasks.get(first)};
            }
            int second = (first + 1 + random.nextInt(n - 1)) % n; // any task but the first
            return new int[] {tasks.get(first), tasks.get(second)};
        }
    }

    /** The candidate this selector has given the fewest tuples so far (the first one on a tie). */
    public static class BalancedTargetSelector implements TargetSelector {
        private static final long serialVersionUID = 1L;

        private final Map<Integer, Long> sent = new HashMap<>();

        @Override
        public Integer chooseTask(int[] assignedTasks) {
            int best = assignedTasks[0];
            long bestCount = Long.MAX_VALUE;
            for (int t : assignedTasks) {
                long c = sent.getOrDefault(t, 0L);
                if (c < bestCount) {
                    best = t;
                    bestCount = c;
                }
            }
            sent.merge(best, 1L, Long::sum);
            return best;
        }
    }
}
