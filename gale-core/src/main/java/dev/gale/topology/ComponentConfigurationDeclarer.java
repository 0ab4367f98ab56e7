package dev.gale.topology;

import java.util.Map;

/** Per-component settings offered by {@link SpoutDeclarer} and {@link BoltDeclarer}. */
public interface ComponentConfigurationDeclarer<T extends ComponentConfigurationDeclarer<T>>
        extends ResourceDeclarer<T> {

    T addConfigurations(Map<String, Object> conf);

    T addConfiguration(String config, Object value);

    T setDebug(boolean debug);

    T setMaxTaskParallelism(Number val);

    T setMaxSpoutPending(Number val);

    /** Number of tasks; at least the parallelism hint (executors), which is the default. */
    T setNumTasks(Number val);
}
