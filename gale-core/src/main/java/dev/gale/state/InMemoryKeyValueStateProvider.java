package dev.gale.state;

import dev.gale.task.TopologyContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Provides {@link InMemoryKeyValueState}s: the default {@code topology.state.provider}. Each
 * {@link StateFactory} call makes a provider of its own, so every call gets a new, empty state, as
 * in Storm. Thread-safe.
 */
public class InMemoryKeyValueStateProvider implements StateProvider {
    private final ConcurrentHashMap<String, State> states = new ConcurrentHashMap<>();

    @Override
    public State newState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        return states.computeIfAbsent(namespace, n -> new InMemoryKeyValueState<>());
    }
}
