package dev.gale.state;

import dev.gale.Config;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ClassResolver;
import dev.gale.utils.Json;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a state provider's {@code topology.state.provider.config} the way Storm's providers take it
 * (a JSON object in a string, or a map), checks its keys, and makes the serializers it names (Gale
 * addition, for state providers such as gale-redis's and gale-rocksdb's). Errors name the setting
 * and the key; a text that is not JSON is located by line and column only, since it may hold a
 * password.
 * Stateless.
 */
public final class StateProviderConfig {
    private static final Pattern OFFSET = Pattern.compile("at offset (\\d+)");

    private StateProviderConfig() {
    }

    /**
     * The provider config of {@code topoConf}: empty when unset.
     *
     * @param knownKeys the keys {@code provider} reads; any other is refused
     * @throws IllegalArgumentException if the config is not a JSON object or has an unknown key
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> read(Map<String, Object> topoConf, Set<String> knownKeys, Class<?> provider) {
        Object raw = topoConf.get(Config.TOPOLOGY_STATE_PROVIDER_CONFIG);
        Map<String, Object> config;
        if (raw == null) {
            config = Map.of();
        } else if (raw instanceof Map) {
            config = (Map<String, Object>) raw;
        } else {
            Object parsed;
            try {
                parsed = Json.parse(raw.toString());
            } catch (IllegalArgumentException e) {
                // The parser's message quotes the text, which may hold a password: only the place is
                // told, and the exception is not chained.
                Matcher at = OFFSET.matcher(String.valueOf(e.getMessage()));
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " is not a JSON object"
                        + (at.find() ? " (see " + place(raw.toString(), Integer.parseInt(at.group(1))) + ")" : ""));
            }
            if (!(parsed instanceof Map)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " is not a JSON object");
            }
            config = (Map<String, Object>) parsed;
        }
        for (String k : config.keySet()) {
            if (!knownKeys.contains(k)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": unknown key \"" + k
                        + "\" for " + provider.getSimpleName() + "; known: " + knownKeys);
            }
        }
        return config;
    }

    /** "line L, column C" (both from 1) of the character at {@code offset} in {@code text}. */
    private static String place(String text, int offset) {
        int end = Math.min(offset, text.length());
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (end - lineStart + 1);
    }

    /**
     * The serializer {@code key} names in the provider config, else a {@link DefaultStateSerializer}
     * made with the topology configuration, whose rules for keys and allow-list of classes to
     * deserialize it reads ({@code gale.state.keys.java.serialization},
     * {@code gale.state.deserialization.allow}).
     *
     * @throws IllegalArgumentException if the named class is missing, is no {@link Serializer} or
     *     cannot be made with a public no-argument constructor
     */
    @SuppressWarnings("unchecked")
    public static <T> Serializer<T> serializer(Map<String, Object> topoConf, TopologyContext context,
                                               Map<String, Object> config, String key) {
        Object name = config.get(key);
        Class<?> c;
        try {
            c = name == null ? DefaultStateSerializer.class : ClassResolver.find(name.toString());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + ": " + e.getMessage(), e);
        }
        if (c == DefaultStateSerializer.class) {
            // Named or not, the default serializer is made with the configuration, which its
            // no-argument constructor would not see.
            return new DefaultStateSerializer<>(topoConf, context);
        }
        try {
            if (!Serializer.class.isAssignableFrom(c)) {
                throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + " " + name
                        + " does not implement " + Serializer.class.getName());
            }
            return (Serializer<T>) c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + ": " + key + " " + name
                    + " cannot be created with a public no-argument constructor: " + e, e);
        }
    }
}
