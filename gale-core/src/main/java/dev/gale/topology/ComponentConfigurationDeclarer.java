package dev.gale.topology;

import java.util.Map;

/** Per-component settings offered by {@link SpoutDeclarer} and {@link BoltDeclarer}. */
public interface ComponentConfigurationDeclarer<T extends ComponentConfigurationDeclarer<T>>
        extends ResourceDeclarer<T> {

    T addConfigurations(Map<String, Object> conf);

    /** The configuration declared so far for the component (live: changes to it count). */
    Map<String, Object> getComponentConfiguration();

    T addConfiguration(String config, Object value);

    T setDebug(boolean debug);

    T setMaxTaskParallelism(Number val);

    T setMaxSpoutPending(Number val);

    /** Number of tasks; at least the parallelism hint (executors), which is the default. */
    T setNumTasks(Number val);

    /** Records generic resources the component needs (e.g. {@code "gpu.count" -> 1.0}), by name. */
    T addResources(Map<String, Double> resources);

    /** Records one generic resource the component needs. */
    T addResource(String resourceName, Number resourceValue);
}
