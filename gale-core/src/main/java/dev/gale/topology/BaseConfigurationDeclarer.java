package dev.gale.topology;

import dev.gale.Config;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link ComponentConfigurationDeclarer} whose settings all become configuration entries, through
 * {@link #addConfigurations} and {@link #getComponentConfiguration()}, which a subclass provides.
 * Not thread-safe, like the declarers.
 */
public abstract class BaseConfigurationDeclarer<T extends ComponentConfigurationDeclarer<T>>
        implements ComponentConfigurationDeclarer<T> {

    @SuppressWarnings("unchecked")
    private T self() {
        return (T) this;
    }

    @Override
    public T addConfiguration(String config, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(config, value);
        return addConfigurations(m);
    }

    @Override
    public T setDebug(boolean debug) {
        return addConfiguration(Config.TOPOLOGY_DEBUG, debug);
    }

    @Override
    public T setMaxTaskParallelism(Number val) {
        return addConfiguration(Config.TOPOLOGY_MAX_TASK_PARALLELISM, val == null ? null : val.intValue());
    }

    @Override
    public T setMaxSpoutPending(Number val) {
        return addConfiguration(Config.TOPOLOGY_MAX_SPOUT_PENDING, val == null ? null : val.intValue());
    }

    @Override
    public T setNumTasks(Number val) {
        return addConfiguration(Config.TOPOLOGY_TASKS, val == null ? null : val.intValue());
    }

    @Override
    public T setMemoryLoad(Number onHeap) {
        if (onHeap == null) {
            return self();
        }
        addResource(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, onHeap);
        return addConfiguration(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, onHeap.doubleValue());
    }

    @Override
    public T setMemoryLoad(Number onHeap, Number offHeap) {
        setMemoryLoad(onHeap);
        if (offHeap == null) {
            return self();
        }
        addResource(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, offHeap);
        return addConfiguration(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, offHeap.doubleValue());
    }

    @Override
    @SuppressWarnings("checkstyle:AbbreviationAsWordInName")
    public T setCPULoad(Number amount) {
        if (amount == null) {
            return self();
        }
        addResource(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, amount);
        return addConfiguration(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, amount);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T addResource(String resourceName, Number resourceValue) {
        Map<String, Object> conf = getComponentConfiguration();
        Object m = conf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP);
        if (!(m instanceof Map)) {
            m = new LinkedHashMap<String, Double>();
            conf.put(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP, m);
        }
        ((Map<String, Double>) m).put(resourceName, resourceValue.doubleValue());
        return self();
    }

    @Override
    public T addResources(Map<String, Double> resources) {
        if (resources != null) {
            resources.forEach(this::addResource);
        }
        return self();
    }
}
