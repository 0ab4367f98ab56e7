package dev.gale.flux.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Flux topology file, parsed: its name, configuration, components, and either spouts, bolts and
 * streams or a {@code topologySource} that builds the topology in Java. Spouts, bolts, components
 * and worker hooks are kept by id in the order they were defined.
 *
 * <p>Not thread-safe.
 */
public class TopologyDef {
    private static final Logger LOG = LoggerFactory.getLogger(TopologyDef.class);

    private String name;
    private Map<String, BeanDef> componentMap = new LinkedHashMap<>();
    private List<IncludeDef> includes;
    private Map<String, Object> config = new HashMap<>();
    private TopologySourceDef topologySource;
    private Map<String, BoltDef> boltMap = new LinkedHashMap<>();
    private Map<String, SpoutDef> spoutMap = new LinkedHashMap<>();
    private List<StreamDef> streams = new ArrayList<>();
    private Map<String, WorkerHookDef> workerHookMap = new LinkedHashMap<>();
    private String location;
    private final Map<Object, String> substitutedValues = new IdentityHashMap<>();

    /**
     * Gale only: the values that placeholder substitution made, by identity, each with the text
     * the file wrote for it ({@code ${ENV-PASSWORD}}). Messages about the values show that text,
     * never the value. Filled by the parser; a live map.
     */
    public Map<Object, String> getSubstitutedValues() {
        return substitutedValues;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Sets the name unless one is set and {@code override} is false (an include's name). */
    public void setName(String name, boolean override) {
        if (this.name == null || override) {
            this.name = name;
        } else {
            LOG.warn("Ignoring attempt to set property 'name' with override == false.");
        }
    }

    public List<SpoutDef> getSpouts() {
        return new ArrayList<>(spoutMap.values());
    }

    public void setSpouts(List<SpoutDef> spouts) {
        spoutMap = new LinkedHashMap<>();
        for (SpoutDef spout : spouts) {
            spoutMap.put(spout.getId(), spout);
        }
    }

    public List<BoltDef> getBolts() {
        return new ArrayList<>(boltMap.values());
    }

    public void setBolts(List<BoltDef> bolts) {
        boltMap = new LinkedHashMap<>();
        for (BoltDef bolt : bolts) {
            boltMap.put(bolt.getId(), bolt);
        }
    }

    public List<StreamDef> getStreams() {
        return streams;
    }

    public void setStreams(List<StreamDef> streams) {
        this.streams = streams;
    }

    public Map<String, Object> getConfig() {
        return config;
    }

    public void setConfig(Map<String, Object> config) {
        this.config = config;
    }

    public List<BeanDef> getComponents() {
        return new ArrayList<>(componentMap.values());
    }

    public void setComponents(List<BeanDef> components) {
        componentMap = new LinkedHashMap<>();
        for (BeanDef component : components) {
            componentMap.put(component.getId(), component);
        }
    }

    public List<IncludeDef> getIncludes() {
        return includes;
    }

    public void setIncludes(List<IncludeDef> includes) {
        this.includes = includes;
    }

    public List<WorkerHookDef> getWorkerHooks() {
        return new ArrayList<>(workerHookMap.values());
    }

    public void setWorkerHooks(List<WorkerHookDef> workerHooks) {
        workerHookMap = new LinkedHashMap<>();
        for (WorkerHookDef workerHook : workerHooks) {
            workerHookMap.put(workerHook.getId(), workerHook);
        }
    }

    /** The parallelism of the bolt {@code boltId}. */
    public int parallelismForBolt(String boltId) {
        return boltMap.get(boltId).getParallelism();
    }

    public BoltDef getBoltDef(String id) {
        return boltMap.get(id);
    }

    public SpoutDef getSpoutDef(String id) {
        return spoutMap.get(id);
    }

    public BeanDef getComponent(String id) {
        return componentMap.get(id);
    }

    public WorkerHookDef getWorkerHook(String id) {
        return workerHookMap.get(id);
    }

    /** Adds bolts; one whose id exists already replaces it only with {@code override}. */
    public void addAllBolts(List<BoltDef> bolts, boolean override) {
        addAll(boltMap, bolts, override, "bolt");
    }

    /** Adds spouts; one whose id exists already replaces it only with {@code override}. */
    public void addAllSpouts(List<SpoutDef> spouts, boolean override) {
        addAll(spoutMap, spouts, override, "spout");
    }

    /** Adds components; one whose id exists already replaces it only with {@code override}. */
    public void addAllComponents(List<BeanDef> components, boolean override) {
        addAll(componentMap, components, override, "component");
    }

    /** Adds worker hooks; one whose id exists already replaces it only with {@code override}. */
    public void addAllWorkerHooks(List<WorkerHookDef> workerHooks, boolean override) {
        addAll(workerHookMap, workerHooks, override, "worker hook");
    }

    /** Appends streams: streams have no identity, so {@code override} does not apply (as in Storm). */
    public void addAllStreams(List<StreamDef> streams, boolean override) {
        this.streams.addAll(streams);
    }

    private static <T extends BeanDef> void addAll(Map<String, T> map, List<T> defs, boolean override, String kind) {
        for (T def : defs) {
            if (!map.containsKey(def.getId()) || override) {
                map.put(def.getId(), def);
            } else {
                LOG.warn("Ignoring attempt to create {} '{}' with override == false.", kind, def.getId());
            }
        }
    }

    public TopologySourceDef getTopologySource() {
        return topologySource;
    }

    public void setTopologySource(TopologySourceDef topologySource) {
        this.topologySource = topologySource;
    }

    /** True when the topology is defined by spouts, bolts and streams rather than a topologySource. */
    public boolean isDslTopology() {
        return topologySource == null;
    }

    /** False when both a topologySource and spouts, bolts or streams are defined. */
    public boolean validate() {
        boolean hasGraph = !spoutMap.isEmpty() || !boltMap.isEmpty() || (streams != null && !streams.isEmpty());
        return isDslTopology() || !hasGraph;
    }

    /** Gale only: the file this definition was read from; null when built in code. */
    public String getLocation() {
        return location;
    }

    /** Gale only: see {@link #getLocation()}. */
    public void setLocation(String location) {
        this.location = location;
    }
}
