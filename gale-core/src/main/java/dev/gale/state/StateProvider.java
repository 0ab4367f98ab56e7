package dev.gale.state;

import dev.gale.task.TopologyContext;
import java.util.Map;

/**
 * Makes the {@link State}s of a kind of storage; named by {@code topology.state.provider} and
 * created by {@link StateFactory} with its public no-argument constructor. Thread-safe: tasks of
 * several components may call it at once from their own threads.
 */
public interface StateProvider {
    /**
     * The state of {@code namespace} (unique per task and part; see {@link StateNamespaces}): the
     * last committed state if one was saved, else a new empty one.
     */
    State newState(String namespace, Map<String, Object> topoConf, TopologyContext context);
}
