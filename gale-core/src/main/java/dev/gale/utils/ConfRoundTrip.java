package dev.gale.utils;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a configuration survives the JSON round trip Storm puts it through on submit (see
 * {@link Utils#isValidConf}). Both sides are compared after the widenings the round trip is known
 * to make (Integer to Long, Float to Double, any collection to a list), so only a real loss or
 * change counts. Stateless and thread-safe.
 */
final class ConfRoundTrip {
    private static final Logger LOG = LoggerFactory.getLogger(ConfRoundTrip.class);

    private ConfRoundTrip() {
    }

    @SuppressWarnings("unchecked")
    static boolean survives(Map<String, Object> conf) {
        Map<String, Object> before = widened(conf);
        Object reread;
        try {
            reread = Json.parse(Json.write(conf == null ? Map.of() : conf));
        } catch (IllegalArgumentException e) {
            LOG.error("The configuration written as JSON cannot be read back", e);
            return false;
        }
        Map<String, Object> after = widened((Map<String, Object>) reread);
        if (before.equals(after)) {
            return true;
        }
        Set<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        for (String key : keys) {
            if (!after.containsKey(key)) {
                LOG.warn("Configuration '{}' is lost by the JSON round trip a submit makes (value {})", key,
                        before.get(key));
            } else if (!before.containsKey(key)) {
                LOG.warn("Configuration '{}' appears after the JSON round trip a submit makes (value {})", key,
                        after.get(key));
            } else if (!Objects.equals(before.get(key), after.get(key))) {
                LOG.warn("Configuration '{}' changes in the JSON round trip a submit makes: {} becomes {}", key,
                        before.get(key), after.get(key));
            }
        }
        return false;
    }

    private static Map<String, Object> widened(Map<String, Object> conf) {
        Map<String, Object> out = new HashMap<>();
        if (conf != null) {
            conf.forEach((k, v) -> out.put(k, widenedValue(v)));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object widenedValue(Object v) {
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof Float f) {
            return f.doubleValue();
        }
        if (v instanceof Map<?, ?> m) {
            return widened((Map<String, Object>) m);
        }
        if (v instanceof Collection<?> items) {
            List<Object> list = new ArrayList<>(items.size());
            for (Object item : items) {
                list.add(widenedValue(item));
            }
            return list;
        }
        return v;
    }
}
