package dev.gale.storm.internal;

import dev.gale.hooks.IWorkerHook;
import dev.gale.task.WorkerUserContext;
import dev.gale.utils.Utils;
import java.util.HashMap;
import java.util.Map;

/**
 * A Gale worker hook run by every Storm worker of the topology: {@code start} before the worker's
 * tasks open, with a Gale {@link WorkerUserContext} whose resources are Storm's (so tasks read
 * them with {@code getResource}), and {@code shutdown} when the worker stops. On Storm a topology
 * has one such hook per worker, not one in all. Storm calls it on the worker's thread.
 */
public final class GaleWorkerHook implements org.apache.storm.hooks.IWorkerHook {
    private static final long serialVersionUID = 1L;

    private final byte[] serializedHook;
    private final TopologyFacts facts;
    private final Map<String, Object> topologyConf;
    private transient IWorkerHook hook;

    /** @param serializedHook the Gale hook, Java-serialized as Gale's builder stores it */
    public GaleWorkerHook(byte[] serializedHook, TopologyFacts facts, Map<String, Object> topologyConf) {
        this.serializedHook = serializedHook.clone();
        this.facts = facts;
        this.topologyConf = topologyConf;
    }

    @Override
    public void start(Map<String, Object> topoConf, org.apache.storm.task.WorkerUserContext context) {
        hook = Utils.javaDeserialize(serializedHook, IWorkerHook.class);
        Map<String, Object> conf = new HashMap<>(topoConf);
        conf.putAll(topologyConf);
        Object timeout = topoConf.get("topology.message.timeout.secs");
        StormTopologyView view = new StormTopologyView(context, facts, timeout instanceof Number n ? n.intValue() : 30);
        hook.start(conf, new WorkerUserContext(view, conf, new StormResources(context::getResource, context::setResource)));
    }

    @Override
    public void shutdown() {
        if (hook != null) {
            hook.shutdown();
        }
    }
}
