package dev.gale.impl.executor;

import dev.gale.Config;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.runtime.RuntimeEnv;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.ComponentCopier;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.ConfigValues;
import dev.gale.impl.transfer.Outbox;
import dev.gale.task.TopologyContext;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** What a task is given before it runs: its copy of the component, its conf, context and emitter. */
final class TaskSetup {
    final int taskId;
    final Object component;
    final Map<String, Object> conf;
    final TopologyContext context;
    final TaskMetrics metrics;
    final TaskEmitter emitter;

    TaskSetup(RuntimeEnv env, ComponentDef def, int taskId, Outbox outbox, boolean spout) {
        this.taskId = taskId;
        this.component = ComponentCopier.copy(def.id(), def.component());
        Map<String, Object> merged = new HashMap<>(env.topoConf());
        merged.putAll(def.conf());
        this.conf = Collections.unmodifiableMap(merged);
        this.context = new TopologyContext(env.plan(), conf, taskId, env.clock());
        this.metrics = new TaskMetrics(def.id(), taskId, spout);
        boolean debug = ConfigValues.getBoolean(conf, Config.TOPOLOGY_DEBUG, false);
        this.emitter = new TaskEmitter(taskId, def.id(), spout ? "spout" : "bolt",
                StreamRouter.forTask(env.plan(), def.id(), taskId, context), outbox, metrics, context, debug,
                env.observer());
    }
}
