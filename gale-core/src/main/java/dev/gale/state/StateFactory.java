package dev.gale.state;

import dev.gale.Config;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ClassResolver;
import java.util.Map;

/**
 * Makes the {@link State} of a namespace with the {@link StateProvider} named by
 * {@code topology.state.provider} ({@link InMemoryKeyValueStateProvider} if unset). Storm's
 * provider class names are read as Gale's ({@code org.apache.storm.redis.state.RedisKeyValueStateProvider}
 * as {@code dev.gale.redis.state.RedisKeyValueStateProvider}), so a Storm configuration works as
 * it is. Stateless; thread-safe.
 */
public class StateFactory {
    private static final String DEFAULT_PROVIDER = InMemoryKeyValueStateProvider.class.getName();

    /**
     * The state of {@code namespace}, from the configured provider.
     *
     * @throws IllegalArgumentException if the provider cannot be loaded or is not a {@link StateProvider}
     * @throws RuntimeException whatever the provider throws (a store it cannot reach, a bad config)
     */
    public static State getState(String namespace, Map<String, Object> topoConf, TopologyContext context) {
        return provider(providerName(topoConf)).newState(namespace, topoConf, context);
    }

    /** Gale: the class name of the configured provider, as configured. */
    public static String providerName(Map<String, Object> topoConf) {
        Object configured = topoConf.get(Config.TOPOLOGY_STATE_PROVIDER);
        return configured == null ? DEFAULT_PROVIDER : configured.toString().trim();
    }

    /** The provider of class {@code name} (a Storm name is read as Gale's), new. */
    static StateProvider provider(String name) {
        Class<?> klass;
        try {
            klass = ClassResolver.find(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER + " names class '" + name + "', but "
                    + e.getMessage() + "; add the module that has it (gale-rocksdb, gale-redis) or fix the name", e);
        }
        if (!StateProvider.class.isAssignableFrom(klass)) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER + " names class '" + klass.getName()
                    + "', which does not implement " + StateProvider.class.getName());
        }
        try {
            return (StateProvider) klass.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("state provider " + klass.getName() + " cannot be created with a public"
                    + " no-argument constructor: " + e, e);
        }
    }
}
