package dev.gale.impl.topology;

import dev.gale.Constants;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.task.TopologyView;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A validated topology with task ids assigned: the static facts every task's context (through
 * {@link TopologyView}) and the runtime's routing read. Task ids start at 1 and are given per component in id order (the
 * acker component {@code __acker} included). Immutable and thread-safe.
 */
public final class TopologyPlan implements TopologyView {
    private final String name;
    private final StormTopology topology;
    private final TopologySettings settings;
    private final Map<String, ComponentDef> components;
    private final Map<String, List<Integer>> tasksByComponent = new TreeMap<>();
    private final Map<Integer, String> taskToComponent = new TreeMap<>();
    private final Map<String, Map<GlobalStreamId, Grouping>> sources = new LinkedHashMap<>();
    private final Map<String, Map<String, Map<String, Grouping>>> targets = new LinkedHashMap<>();
    private final List<Integer> allTasks;
    private final Map<String, ComponentSettings> componentSettings;
    private final long windowHoldNanos;

    private TopologyPlan(String name, StormTopology topology, TopologySettings settings, Map<String, Object> conf) {
        this.name = name;
        this.topology = topology;
        this.settings = settings;
        Map<String, ComponentSettings> resolved = new LinkedHashMap<>();
        Map<String, ComponentDef> planned = new LinkedHashMap<>();
        long hold = 0;
        for (ComponentDef c : topology.components().values()) {
            ComponentSettings s = ComponentSettings.resolve(c, conf);
            resolved.put(c.id(), s);
            // The definitions the contexts show carry the resolved counts too.
            planned.put(c.id(), s.tasks() == c.numTasks() && s.executors() == c.parallelism() ? c
                    : new ComponentDef(c.id(), c.kind(), c.component(), s.executors(), s.tasks(), c.conf(), c.outputs(),
                    c.inputs()));
            hold = Math.max(hold, s.window().holdNanos());
        }
        this.components = Collections.unmodifiableMap(planned);
        this.componentSettings = Collections.unmodifiableMap(resolved);
        this.windowHoldNanos = hold;
        int next = 1;
        Set<String> ids = new TreeSet<>(components.keySet());
        if (settings.ackers() > 0) {
            ids.add(Constants.ACKER_COMPONENT_ID);
        }
        for (String id : ids) {
            int n = id.equals(Constants.ACKER_COMPONENT_ID) ? settings.ackers() : resolved.get(id).tasks();
            List<Integer> tasks = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                tasks.add(next);
                taskToComponent.put(next, id);
                next++;
            }
            tasksByComponent.put(id, Collections.unmodifiableList(tasks));
        }
        for (ComponentDef c : components.values()) {
            Map<GlobalStreamId, Grouping> in = new LinkedHashMap<>();
            for (Subscription s : c.inputs()) {
                in.put(s.source(), s.grouping());
                targets.computeIfAbsent(s.source().get_componentId(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(s.source().get_streamId(), k -> new LinkedHashMap<>())
                        .put(c.id(), s.grouping());
            }
            sources.put(c.id(), Collections.unmodifiableMap(in));
        }
        this.allTasks = List.copyOf(taskToComponent.keySet());
    }

    /** Only the graph checks of {@link #of}, for {@link StormTopology#validate()}. */
    public static void validateGraph(StormTopology topology) {
        TopologyValidator.validate(topology);
    }

    /**
     * Validates a topology, resolves every component's settings and assigns its tasks.
     *
     * @param conf the submitted topology configuration (components' own go on top of it)
     * @throws InvalidTopologyException naming the component, stream and field at fault
     */
    public static TopologyPlan of(String name, StormTopology topology, TopologySettings settings,
                                  Map<String, Object> conf) {
        TopologyValidator.validate(topology);
        return new TopologyPlan(name, topology, settings, conf);
    }

    /** A component's settings, resolved at submit. */
    public ComponentSettings settingsOf(String componentId) {
        ComponentSettings s = componentSettings.get(componentId);
        if (s == null) {
            throw new IllegalArgumentException("no component '" + componentId + "'");
        }
        return s;
    }

    /** The longest a time window holds a tuple by design (0 without time windows); see {@code PendingLimit}. */
    public long windowHoldNanos() {
        return windowHoldNanos;
    }

    /** Valid but suspicious shapes of a topology (idle bolts, no spout), one message each, naming the component. */
    public static List<String> warnings(StormTopology topology, Map<String, Object> topologyConf) {
        return TopologyValidator.warnings(topology, topologyConf);
    }

    public String name() {
        return name;
    }

    public StormTopology topology() {
        return topology;
    }

    public TopologySettings settings() {
        return settings;
    }

    public int messageTimeoutSecs() {
        return settings.messageTimeoutSecs();
    }

    /** User components (spouts and bolts) by id, in declaration order. */
    public Map<String, ComponentDef> components() {
        return components;
    }

    public ComponentDef component(String id) {
        return components.get(id);
    }

    public String componentOf(int taskId) {
        if (taskId == Constants.SYSTEM_TASK_ID) {
            return Constants.SYSTEM_COMPONENT_ID;
        }
        String c = taskToComponent.get(taskId);
        if (c == null) {
            throw new IllegalArgumentException("no task " + taskId + " in topology '" + name + "'");
        }
        return c;
    }

    public List<Integer> tasksOf(String componentId) {
        List<Integer> t = tasksByComponent.get(componentId);
        return t == null ? Collections.emptyList() : t;
    }

    public List<Integer> ackerTasks() {
        return tasksOf(Constants.ACKER_COMPONENT_ID);
    }

    public List<Integer> allTasks() {
        return allTasks;
    }

    public Map<Integer, String> taskToComponent() {
        return Collections.unmodifiableMap(taskToComponent);
    }

    public Set<String> componentIds() {
        return Collections.unmodifiableSet(tasksByComponent.keySet());
    }

    public Set<String> streamsOf(String componentId) {
        ComponentDef c = components.get(componentId);
        return c == null ? Collections.emptySet() : Collections.unmodifiableSet(c.outputs().keySet());
    }

    public Fields outputFields(String componentId, String streamId) {
        if (ImplicitStreams.isImplicit(componentId, streamId, components.keySet())) {
            return new Fields(ImplicitStreams.fields(componentId, streamId));
        }
        ComponentDef c = components.get(componentId);
        if (c == null) {
            throw new IllegalArgumentException("no component '" + componentId + "' in topology '" + name + "'");
        }
        StreamDef s = c.outputs().get(streamId);
        if (s == null) {
            throw new IllegalArgumentException("component '" + componentId + "' declares no stream '" + streamId
                    + "'; it declares " + c.outputs().keySet());
        }
        return s.fields();
    }

    public Map<GlobalStreamId, Grouping> sourcesOf(String componentId) {
        Map<GlobalStreamId, Grouping> s = sources.get(componentId);
        return s == null ? Collections.emptyMap() : s;
    }

    public Map<String, Map<String, Grouping>> targetsOf(String componentId) {
        Map<String, Map<String, Grouping>> t = targets.get(componentId);
        return t == null ? Collections.emptyMap() : Collections.unmodifiableMap(t);
    }
}
