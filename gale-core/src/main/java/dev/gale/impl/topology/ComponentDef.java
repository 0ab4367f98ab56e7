package dev.gale.impl.topology;

import dev.gale.stats.ComponentKind;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One spout or bolt of a built topology: the template object, its parallelism, configuration,
 * declared output streams and subscriptions. Immutable once built.
 */
public final class ComponentDef implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String id;
    private final ComponentKind kind;
    private final Object component;
    private final int parallelism;
    private final int numTasks;
    private final Map<String, Object> conf;
    private final Map<String, StreamDef> outputs;
    private final List<Subscription> inputs;

    public ComponentDef(String id, ComponentKind kind, Object component, int parallelism, int numTasks,
                        Map<String, Object> conf, Map<String, StreamDef> outputs, List<Subscription> inputs) {
        if (kind != ComponentKind.SPOUT && kind != ComponentKind.BOLT) {
            // The acker is the engine's, never a component of a built topology.
            throw new IllegalArgumentException("component '" + id + "': a topology's component is a spout or a bolt,"
                    + " not " + kind);
        }
        this.id = id;
        this.kind = kind;
        this.component = component;
        this.parallelism = parallelism;
        this.numTasks = numTasks;
        this.conf = Collections.unmodifiableMap(new LinkedHashMap<>(conf));
        this.outputs = Collections.unmodifiableMap(new LinkedHashMap<>(outputs));
        this.inputs = List.copyOf(inputs);
    }

    public String id() {
        return id;
    }

    /** {@link ComponentKind#SPOUT} or {@link ComponentKind#BOLT}, never the acker. */
    public ComponentKind kind() {
        return kind;
    }

    /** The submitted template; tasks run copies of it. */
    public Object component() {
        return component;
    }

    /** Number of executors (threads). */
    public int parallelism() {
        return parallelism;
    }

    /** Number of tasks, at least {@link #parallelism()}. */
    public int numTasks() {
        return numTasks;
    }

    /** Component-level configuration (from the component and the declarer). */
    public Map<String, Object> conf() {
        return conf;
    }

    public Map<String, StreamDef> outputs() {
        return outputs;
    }

    public List<Subscription> inputs() {
        return inputs;
    }

    /** "spout 'x'" or "bolt 'x'", for messages. */
    public String describe() {
        return (kind == ComponentKind.SPOUT ? "spout '" : "bolt '") + id + "'";
    }
}
