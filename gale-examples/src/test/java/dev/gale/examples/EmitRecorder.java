package dev.gale.examples;

import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.task.TopologyContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A task hook that records every emit of every task, for tests of examples run unchanged through
 * their {@code main}: added to every task by {@code topology.auto.task.hooks}, given in a
 * {@code -conf} YAML file. One recording per JVM: {@link #clear()} it before a run.
 */
public class EmitRecorder extends BaseTaskHook {
    /** One emit: the emitting component and task, its stream and values. */
    public record Emit(String component, int task, String stream, List<Object> values) {
    }

    private static final Queue<Emit> EMITS = new ConcurrentLinkedQueue<>();
    private String component;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        component = context.getThisComponentId();
    }

    @Override
    public void emit(EmitInfo info) {
        EMITS.add(new Emit(component, info.taskId, info.stream, List.copyOf(info.values)));
    }

    static void clear() {
        EMITS.clear();
    }

    /** The values emitted so far by {@code component} on its default stream, in order per task. */
    static List<List<Object>> of(String component) {
        List<List<Object>> out = new ArrayList<>();
        for (Emit e : emits(component)) {
            out.add(e.values());
        }
        return out;
    }

    /** The emits so far of {@code component} on its default stream, in order per task. */
    static List<Emit> emits(String component) {
        List<Emit> out = new ArrayList<>();
        for (Emit e : EMITS) {
            if (e.component().equals(component) && e.stream().equals("default")) {
                out.add(e);
            }
        }
        return out;
    }
}
