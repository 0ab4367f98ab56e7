package dev.gale.flux.model;

import dev.gale.Config;
import dev.gale.topology.IRichSpout;
import java.util.HashMap;
import java.util.Map;

/**
 * What building a Flux topology needs and makes: the definition, the topology configuration, and
 * the objects built so far (components, spouts and bolts by id), which tests can look at.
 *
 * <p>Not thread-safe: used by one build.
 */
public class ExecutionContext {
    private final TopologyDef topologyDef;
    private final Config config;
    private final Map<String, Object> componentMap = new HashMap<>();
    private final Map<String, IRichSpout> spoutMap = new HashMap<>();
    private final Map<String, Object> boltMap = new HashMap<>();

    public ExecutionContext(TopologyDef topologyDef, Config config) {
        this.topologyDef = topologyDef;
        this.config = config;
    }

    public TopologyDef getTopologyDef() {
        return topologyDef;
    }

    /** Gale only: the topology configuration this context was made with. */
    public Config getConfig() {
        return config;
    }

    public void addSpout(String id, IRichSpout spout) {
        spoutMap.put(id, spout);
    }

    /** Gale only: the spout built for {@code id}, or null. */
    public IRichSpout getSpout(String id) {
        return spoutMap.get(id);
    }

    public void addBolt(String id, Object bolt) {
        boltMap.put(id, bolt);
    }

    public Object getBolt(String id) {
        return boltMap.get(id);
    }

    public void addComponent(String id, Object value) {
        componentMap.put(id, value);
    }

    public Object getComponent(String id) {
        return componentMap.get(id);
    }

    /** Gale only: whether a component of that id is built (its value may be null). */
    public boolean hasComponent(String id) {
        return componentMap.containsKey(id);
    }
}
