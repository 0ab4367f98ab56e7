package dev.gale.impl.executor;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.hooks.ITaskHook;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.topology.ComponentCopier;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.TopologyConf;
import dev.gale.impl.transfer.Outbox;
import dev.gale.metric.api.IMetric;
import dev.gale.task.TaskTimer;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ClassResolver;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/** What a task is given before it runs: its copy of the component, its conf, context, hooks and emitter. */
final class TaskSetup {
    final int taskId;
    final Object component;
    final Map<String, Object> conf;
    final TopologyContext context;
    final TaskMetrics metrics;
    final TaskHooks hooks;
    final TaskEmitter emitter;
    /** The task's metrics v1 (bucket seconds -> task -> name), filled by its context while it opens or prepares. */
    final Map<Integer, Map<Integer, Map<String, IMetric>>> registeredMetrics = new HashMap<>();
    /** Set once open / prepare has returned: the context then refuses metrics v1 registrations. */
    final AtomicBoolean openOrPrepareWasCalled = new AtomicBoolean();

    /** @param executorData shared by the tasks of one executor */
    TaskSetup(RuntimeEnv env, ComponentDef def, int taskId, Outbox outbox, boolean spout, Map<String, Object> executorData) {
        this(env, def, taskId, outbox, spout, executorData, null);
    }

    /** Same, with the task's own timer (null: none; its context says so when asked for it). */
    TaskSetup(RuntimeEnv env, ComponentDef def, int taskId, Outbox outbox, boolean spout, Map<String, Object> executorData,
              TaskTimer timer) {
        this.taskId = taskId;
        this.component = ComponentCopier.copy(def.id(), def.component());
        this.conf = TopologyConf.taskView(env.topoConf(), def.conf());
        this.context = new TopologyContext(env.plan(), conf, taskId, env.clock(), env.userResources(), executorData,
                env.userMetrics(), timer, registeredMetrics, openOrPrepareWasCalled);
        this.metrics = new TaskMetrics(def.id(), taskId, spout);
        this.hooks = new TaskHooks(context.getHooks(), env.errors(), def.id(), taskId);
        addAutoHooks(def, env.plan().settingsOf(def.id()).autoTaskHooks());
        boolean debug = env.plan().settingsOf(def.id()).debug();
        this.emitter = new TaskEmitter(taskId, def.id(), def.describe(),
                StreamRouter.forTask(env.plan(), def.id(), taskId, context), outbox, metrics, context, debug,
                env.observer(), hooks);
    }

    /** Storm adds the hooks named in topology.auto.task.hooks to every task before open/prepare. */
    private void addAutoHooks(ComponentDef def, List<String> names) {
        for (String name : names) {
            ITaskHook hook;
            try {
                Class<?> c = ClassResolver.find(name);
                hook = (ITaskHook) c.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new InvalidTopologyException(def.describe() + ": task hook '" + name + "' named in '"
                        + Config.TOPOLOGY_AUTO_TASK_HOOKS + "' cannot be created (it must be a public ITaskHook class"
                        + " with a public no-argument constructor): " + e, e);
            }
            context.addTaskHook(hook);
        }
    }

    /** The metrics of each of {@code tasks}, in task order. */
    static <T> List<TaskMetrics> metricsOf(T[] tasks, Function<T, TaskSetup> setup) {
        List<TaskMetrics> out = new ArrayList<>(tasks.length);
        for (T t : tasks) {
            out.add(setup.apply(t).metrics);
        }
        return out;
    }
}
