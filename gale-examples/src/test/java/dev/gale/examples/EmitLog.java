package dev.gale.examples;

import dev.gale.Config;
import dev.gale.hooks.BaseTaskHook;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.task.TopologyContext;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A task hook that records every emit of every task, for tests that run an example's topology or
 * main: a cluster built with {@link #daemonConf()} adds it to each topology it runs
 * ({@code topology.auto.task.hooks}). One record for the whole JVM: {@link #clear()} it first.
 */
public class EmitLog extends BaseTaskHook {
    private static final Queue<Emit> EMITS = new ConcurrentLinkedQueue<>();
    private String component;

    /** One emit: the emitting component, the stream and the values. */
    record Emit(String component, String stream, List<Object> values) {
    }

    /** The daemon configuration that adds this hook to every topology of a cluster. */
    static Map<String, Object> daemonConf() {
        return Map.of(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(EmitLog.class.getName()));
    }

    static void clear() {
        EMITS.clear();
    }

    /** The values {@code component} emitted on its default stream so far, in the order recorded. */
    static List<List<Object>> of(String component) {
        return EMITS.stream().filter(e -> e.component().equals(component) && e.stream().equals("default"))
                .map(Emit::values).toList();
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        component = context.getThisComponentId();
    }

    @Override
    public void emit(EmitInfo info) {
        EMITS.add(new Emit(component, info.stream, List.copyOf(info.values)));
    }
}
