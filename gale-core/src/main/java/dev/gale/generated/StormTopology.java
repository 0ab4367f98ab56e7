package dev.gale.generated;

import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.Subscription;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.stats.ComponentKind;
import dev.gale.utils.Json;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A built topology, ready to submit: its spouts and bolts with their declared streams,
 * subscriptions and configuration, and its worker hooks. Produced by
 * {@link dev.gale.topology.TopologyBuilder}. Storm's getters ({@link #get_spouts()},
 * {@link #get_bolts()}, {@link #get_worker_hooks()}) give read-only views.
 *
 * <p>Immutable and thread-safe; the component objects it holds are templates that every task
 * receives its own copy of.
 */
public final class StormTopology implements Serializable {
    private static final long serialVersionUID = 1L;

    private final Map<String, ComponentDef> components;
    private final List<byte[]> workerHooks;
    private final Map<String, SharedMemory> sharedMemory;
    private final Map<String, Set<String>> componentToSharedMemory;

    /** Used by the builder; the map's iteration order is the declaration order. */
    public StormTopology(Map<String, ComponentDef> components) {
        this(components, List.of());
    }

    /** @param workerHooks each worker hook Java-serialized, as {@code TopologyBuilder.addWorkerHook} stores it */
    public StormTopology(Map<String, ComponentDef> components, List<byte[]> workerHooks) {
        this(components, workerHooks, Map.of(), Map.of());
    }

    /**
     * @param sharedMemory the shared memory regions components asked for, by name
     *     ({@code addSharedMemory}; recorded only: Gale schedules no memory)
     * @param componentToSharedMemory the names of the regions each component asked for
     */
    public StormTopology(Map<String, ComponentDef> components, List<byte[]> workerHooks,
                         Map<String, SharedMemory> sharedMemory, Map<String, Set<String>> componentToSharedMemory) {
        this.components = Collections.unmodifiableMap(new LinkedHashMap<>(components));
        List<byte[]> hooks = new ArrayList<>(workerHooks.size());
        for (byte[] h : workerHooks) {
            hooks.add(h.clone());
        }
        this.workerHooks = Collections.unmodifiableList(hooks);
        Map<String, SharedMemory> shared = new LinkedHashMap<>();
        sharedMemory.forEach((name, region) -> shared.put(name, new SharedMemory(region)));
        this.sharedMemory = Collections.unmodifiableMap(shared);
        Map<String, Set<String>> byComponent = new LinkedHashMap<>();
        componentToSharedMemory.forEach((c, names) -> byComponent.put(c, Collections.unmodifiableSet(new LinkedHashSet<>(names))));
        this.componentToSharedMemory = Collections.unmodifiableMap(byComponent);
    }

    /** The components by id, in declaration order (Gale internals; not part of the API promise). */
    public Map<String, ComponentDef> components() {
        return components;
    }

    /** The serialized worker hooks (Gale internals; see {@link #get_worker_hooks()}). */
    public List<byte[]> workerHooks() {
        return workerHooks;
    }

    /** The spouts by id, in declaration order. */
    public Map<String, SpoutSpec> get_spouts() {
        Map<String, SpoutSpec> out = new LinkedHashMap<>();
        for (ComponentDef c : components.values()) {
            if (c.kind() == ComponentKind.SPOUT) {
                out.put(c.id(), new SpoutSpec(new ComponentObject(c.component()), common(c)));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    public int get_spouts_size() {
        return get_spouts().size();
    }

    /** The bolts by id, in declaration order. */
    public Map<String, Bolt> get_bolts() {
        Map<String, Bolt> out = new LinkedHashMap<>();
        for (ComponentDef c : components.values()) {
            if (c.kind() == ComponentKind.BOLT) {
                out.put(c.id(), new Bolt(new ComponentObject(c.component()), common(c)));
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** Storm's view of a component's common settings; built here, the one reader of the definitions. */
    private static ComponentCommon common(ComponentDef def) {
        Map<GlobalStreamId, Grouping> in = new LinkedHashMap<>();
        for (Subscription s : def.inputs()) {
            in.put(s.source(), s.grouping());
        }
        Map<String, StreamInfo> out = new LinkedHashMap<>();
        for (StreamDef s : def.outputs().values()) {
            out.put(s.streamId(), new StreamInfo(s.fields().toList(), s.direct()));
        }
        return new ComponentCommon(in, out, def.parallelism(), def.conf(), Json.write(def.conf()));
    }

    /**
     * Checks the graph as a submit does (Gale addition): every subscription names a declared
     * component and stream, grouping fields exist in their stream, parallelism is at least one and
     * every component can be copied for its tasks. For code that hands the topology to another
     * engine (gale-storm) and must refuse it with the same messages as the embedded engine.
     *
     * @throws InvalidTopologyException naming the component, stream or field at fault
     */
    public void validate() {
        TopologyPlan.validateGraph(this);
    }

    public int get_bolts_size() {
        return get_bolts().size();
    }

    /** The worker hooks, each Java-serialized (buffers over copies), in the order they were added. */
    public List<ByteBuffer> get_worker_hooks() {
        List<ByteBuffer> out = new ArrayList<>(workerHooks.size());
        for (byte[] h : workerHooks) {
            out.add(ByteBuffer.wrap(h.clone()));
        }
        return Collections.unmodifiableList(out);
    }

    /** The shared memory regions the components asked for, by name (read-only copies; recorded, not scheduled). */
    public Map<String, SharedMemory> get_shared_memory() {
        Map<String, SharedMemory> out = new LinkedHashMap<>();
        sharedMemory.forEach((name, region) -> out.put(name, new SharedMemory(region)));
        return Collections.unmodifiableMap(out);
    }

    public int get_shared_memory_size() {
        return sharedMemory.size();
    }

    public boolean is_set_shared_memory() {
        return !sharedMemory.isEmpty();
    }

    /** For each component that asked for shared memory, the names of its regions. */
    public Map<String, Set<String>> get_component_to_shared_memory() {
        return componentToSharedMemory;
    }

    public boolean is_set_component_to_shared_memory() {
        return !componentToSharedMemory.isEmpty();
    }

    public int get_worker_hooks_size() {
        return workerHooks.size();
    }

    public boolean is_set_worker_hooks() {
        return !workerHooks.isEmpty();
    }

    @Override
    public String toString() {
        return "StormTopology" + components.keySet();
    }
}
