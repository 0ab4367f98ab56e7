package dev.gale;

import dev.gale.generated.StormTopology;
import dev.gale.generated.TopologyInfo;
import dev.gale.hooks.SubmitterHookException;
import dev.gale.utils.ClassResolver;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes and calls the {@link ISubmitterHook} a submitted configuration names in
 * {@link Config#STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN}, if any. Stateless and thread-safe.
 */
final class SubmitterHookCall {
    private static final Logger LOG = LoggerFactory.getLogger(SubmitterHookCall.class);

    private SubmitterHookCall() {
    }

    /**
     * @param info what the cluster says of the topology, asked only when a hook is named
     * @throws SubmitterHookException naming the key, class and topology, when the hook cannot be
     *     made or fails
     */
    static void notifyIfNamed(String name, Map<String, Object> topoConf, StormTopology topology,
                              Supplier<TopologyInfo> info) {
        Object named = topoConf == null ? null : topoConf.get(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN);
        if (named == null) {
            return;
        }
        String className = named.toString();
        String where = "topology '" + name + "': the submitter hook '" + className + "' named in '"
                + Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN + "'";
        if (className.isBlank()) {
            throw new SubmitterHookException(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN
                    + " property must be a non empty string (topology '" + name + "' was submitted)");
        }
        ISubmitterHook hook;
        try {
            hook = (ISubmitterHook) ClassResolver.find(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw new SubmitterHookException(where + " cannot be created (it must be a public ISubmitterHook class with"
                    + " a public no-argument constructor); the topology was submitted: " + e, e);
        }
        LOG.info("Topology '{}' submitted; telling submitter hook {}", name, className);
        try {
            hook.notify(info.get(), topoConf, topology);
        } catch (Exception e) {
            throw new SubmitterHookException(where + " failed; the topology was submitted: " + e, e);
        }
    }
}
