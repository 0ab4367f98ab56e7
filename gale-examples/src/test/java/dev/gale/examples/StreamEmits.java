package dev.gale.examples;

import dev.gale.Config;
import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.task.TopologyContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A task hook that records every emit of every task with its task and stream, null values
 * included: submit a topology with {@link #conf()} to add it to every task. One record for the
 * whole JVM: {@link #clear()} it first. Thread-safe.
 */
public class StreamEmits extends BaseTaskHook {
    private static final Queue<Emit> EMITS = new ConcurrentLinkedQueue<>();
    private static final AtomicLong ORDER = new AtomicLong();
    private String component;

    /** One emit: its place in the order of all emits, the emitting component and task, the stream and the values. */
    record Emit(long order, String component, int task, String stream, List<Object> values) {
    }

    /** The topology configuration that adds this hook to every task. */
    static Map<String, Object> conf() {
        return Map.of(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(StreamEmits.class.getName()));
    }

    static void clear() {
        EMITS.clear();
    }

    /** What {@code component} emitted on {@code stream} so far, in the order recorded. */
    static List<Emit> of(String component, String stream) {
        return EMITS.stream().filter(e -> e.component().equals(component) && e.stream().equals(stream)).toList();
    }

    /** The values {@code component} emitted on {@code stream} so far, in the order recorded. */
    static List<List<Object>> values(String component, String stream) {
        return of(component, stream).stream().map(Emit::values).toList();
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        component = context.getThisComponentId();
    }

    @Override
    public void emit(EmitInfo info) {
        EMITS.add(new Emit(ORDER.incrementAndGet(), component, info.taskId, info.stream, Collections.unmodifiableList(new ArrayList<>(info.values))));
    }
}
