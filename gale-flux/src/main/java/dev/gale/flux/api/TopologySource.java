package dev.gale.flux.api;

import dev.gale.generated.StormTopology;
import java.util.Map;

/**
 * A {@code topologySource} class that builds its topology in Java. Implementing it is optional:
 * Flux calls any public method of the configured name (default {@code getTopology}) that takes
 * the configuration as a {@code Map} or a {@code Config} and returns a {@link StormTopology}.
 * Implementations are called once, on the thread that builds the topology.
 */
public interface TopologySource {
    StormTopology getTopology(Map<String, Object> config);
}
