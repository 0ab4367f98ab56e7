package dev.gale.impl.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.impl.stats.StreamCounter;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.tuple.TupleOrigin;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Routing of one output stream of one emitting task: the groupers of every subscriber, and the
 * tasks a direct emit may name. Not thread-safe; one per emitting task and stream.
 */
public final class StreamRouter {
    private final StreamDef stream;
    private final Grouper[] groupers;
    private final int[] targets;
    private final int[] directTasks;
    private StreamCounter counter;
    private TupleOrigin origin;

    private StreamRouter(StreamDef stream, Grouper[] groupers, int[] directTasks) {
        this.stream = stream;
        this.groupers = groupers;
        this.directTasks = directTasks;
        int max = 1;
        for (Grouper g : groupers) {
            max += g.maxTargets();
        }
        this.targets = new int[max];
    }

    /** Builds the routers of every stream the component declares, for one of its tasks. */
    public static Map<String, StreamRouter> forTask(TopologyPlan plan, String componentId, int taskId,
                                                    WorkerTopologyContext context) {
        Map<String, StreamRouter> routers = new HashMap<>();
        Map<String, Map<String, Grouping>> targets = plan.targetsOf(componentId);
        for (StreamDef s : plan.component(componentId).outputs().values()) {
            Map<String, Grouping> subscribers = targets.getOrDefault(s.streamId(), Map.of());
            List<Grouper> groupers = new ArrayList<>();
            List<Integer> direct = new ArrayList<>();
            GlobalStreamId id = new GlobalStreamId(componentId, s.streamId());
            for (Map.Entry<String, Grouping> sub : subscribers.entrySet()) {
                List<Integer> subTasks = plan.tasksOf(sub.getKey());
                if (sub.getValue().type() == Grouping.Type.DIRECT) {
                    direct.addAll(subTasks);
                } else {
                    groupers.add(Groupers.create(sub.getValue(), id, s.fields(), subTasks, taskId,
                            plan.tasksOf(componentId), sub.getKey(), context, plan.settingsOf(componentId)));
                }
            }
            int[] directTasks = direct.stream().mapToInt(Integer::intValue).sorted().toArray();
            routers.put(s.streamId(), new StreamRouter(s, groupers.toArray(new Grouper[0]), directTasks));
        }
        return routers;
    }

    /** The stream's declaration. */
    /** The stream's counter for this task; set once by the task's emitter before the task runs. */
    public StreamCounter counter() {
        return counter;
    }

    public void counter(StreamCounter c) {
        this.counter = c;
    }

    /** What every tuple this task emits on the stream shares; set once by the task's emitter before the task runs. */
    public TupleOrigin origin() {
        return origin;
    }

    public void origin(TupleOrigin o) {
        this.origin = o;
    }

    public StreamDef stream() {
        return stream;
    }

    public String streamId() {
        return stream.streamId();
    }

    public Fields fields() {
        return stream.fields();
    }

    public boolean isDirect() {
        return stream.direct();
    }

    /** Tells every grouper where tasks run (see {@link Placement}); before the first route. */
    public void placement(Placement placement) {
        for (Grouper g : groupers) {
            g.placement(placement);
        }
    }

    /** Chooses the targets of a tuple into {@link #targets()}; returns how many. */
    public int route(List<Object> values) {
        int n = 0;
        for (Grouper g : groupers) {
            n += g.chooseTasks(values, targets, n);
        }
        return n;
    }

    /** The task ids chosen by the last {@link #route} (first {@code n} entries valid). */
    public int[] targets() {
        return targets;
    }

    /** Whether a direct emit may name this task. */
    public boolean isDirectTarget(int taskId) {
        return Arrays.binarySearch(directTasks, taskId) >= 0;
    }

    public int[] directTasks() {
        return directTasks.clone();
    }
}
