package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.hooks.ITaskHook;
import dev.gale.task.TaskTimer;
import dev.gale.utils.ClassResolver;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.IErrorReporter;
import org.apache.storm.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a wrapped Gale component needs in a Storm task, made in {@code open} or {@code prepare}:
 * the configuration it is given, Gale's view of the topology, its Gale context with the hooks of
 * {@code topology.auto.task.hooks}, and its emit checks. Not thread-safe: one per task.
 */
final class TaskEnv {
    private static final Logger LOG = LoggerFactory.getLogger(TaskEnv.class);

    final String describe;
    final Map<String, Object> conf;
    final StormTopologyView view;
    final StormBackedContext context;
    final EmitChecks checks;

    /**
     * @param stormConf the task's configuration from Storm (JSON values)
     * @param reporter  reports an error of the task to Storm (and its log)
     */
    TaskEnv(String describe, String componentId, Shipped shipped, Map<String, Object> stormConf,
            TopologyContext stormContext, TaskTimer timer, HookBridge.Reporter reporter) {
        this.describe = describe;
        this.conf = taskConf(stormConf, shipped);
        this.view = new StormTopologyView(stormContext, shipped.facts(), messageTimeoutSecs(stormConf));
        this.context = new StormBackedContext(view, conf, stormContext, timer, reporter);
        this.checks = new EmitChecks(describe, shipped.facts().streamsOf(componentId),
                shipped.checkSerialization() ? new KryoValueCheck(stormConf) : null);
        addAutoHooks();
    }

    /**
     * Storm's configuration (its defaults, the topology's, the component's), typed as Gale's engine
     * types it, with what Storm was not given put back: the topology's, unless the component sets the key, then the component's.
     */
    static Map<String, Object> taskConf(Map<String, Object> stormConf, Shipped shipped) {
        Map<String, Object> out = new HashMap<>();
        // Storm's JSON parser gives small whole numbers as Integer; Gale's engine shows Long, as Storm's
        // documentation has it: a Gale component reads the types it reads on Gale.
        stormConf.forEach((k, v) -> out.put(k, ConfTranslator.typed(v)));
        shipped.topologyConf().forEach((k, v) -> {
            if (!shipped.stormComponentConf().containsKey(k)) {
                out.put(k, v);
            }
        });
        out.putAll(shipped.componentConf());
        return out;
    }

    private static int messageTimeoutSecs(Map<String, Object> stormConf) {
        Object v = stormConf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
        return v instanceof Number n ? n.intValue() : 30;
    }

    /** As Gale's engine: the hooks named in topology.auto.task.hooks join every task before open/prepare. */
    private void addAutoHooks() {
        Object names = conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS);
        if (!(names instanceof List<?> list)) {
            return; // checked at submit: absent or a list
        }
        for (Object name : list) {
            ITaskHook hook;
            try {
                hook = (ITaskHook) ClassResolver.find(String.valueOf(name)).getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new IllegalStateException(describe + ": task hook '" + name + "' cannot be created: " + e, e);
            }
            context.addTaskHook(hook);
        }
    }

    /** Reports a failure of user code: to Storm (its UI shows it with the component) and to the worker's log. */
    static void report(IErrorReporter storm, String describe, int taskId, String what, Throwable e) {
        LOG.error("{} task {}: {}", describe, taskId, what, e);
        storm.reportError(e);
    }
}
