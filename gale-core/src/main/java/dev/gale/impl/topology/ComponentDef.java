package dev.gale.impl.topology;

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

    /** Whether the component is a spout (a source) or a bolt. */
    public enum Kind { SPOUT, BOLT }

    private final String id;
    private final Kind kind;
    private final Object component;
    private final int parallelism;
    private final int numTasks;
    private final Map<String, Object> conf;
    private final Map<String, StreamDef> outputs;
    private final List<Subscription> inputs;

    public ComponentDef(String id, Kind kind, Object component, int parallelism, int numTasks,
                        Map<String, Object> conf, Map<String, StreamDef> outputs, List<Subscription> inputs) {
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

    public Kind kind() {
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
        return (kind == Kind.SPOUT ? "spout '" : "bolt '") + id + "'";
    }
}
