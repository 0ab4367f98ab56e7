package dev.gale.generated;

import dev.gale.impl.topology.ComponentDef;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A built topology, ready to submit: its spouts and bolts with their declared streams,
 * subscriptions and configuration. Produced by {@link dev.gale.topology.TopologyBuilder}.
 *
 * <p>Immutable and thread-safe; the component objects it holds are templates that every task
 * receives its own copy of.
 */
public final class StormTopology implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, ComponentDef> components;

    /** Used by the builder; the map's iteration order is the declaration order. */
    public StormTopology(Map<String, ComponentDef> components) {
        this.components = Collections.unmodifiableMap(new LinkedHashMap<>(components));
    }

    /** The components by id, in declaration order (Gale internals; not part of the API promise). */
    public Map<String, ComponentDef> components() {
        return components;
    }

    @Override
    public String toString() {
        return "StormTopology" + components.keySet();
    }
}
