package dev.gale.utils;

import java.util.Map;

/**
 * Reads typed values out of a configuration map, with errors that name the key: what the engine
 * uses for every setting it reads, and what a component can use for its own. A Gale addition.
 * Stateless and thread-safe.
 */
public final class ConfigValues {
    private ConfigValues() {
    }

    /** The key's value as an int, or {@code dflt} when absent or null. */
    public static int getInt(Map<String, ?> conf, String key, int dflt) {
        Object v = conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number) {
            long l = ((Number) v).longValue();
            if (l != ((Number) v).doubleValue() || l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) {
                throw bad(key, v, "a whole number");
            }
            return (int) l;
        }
        if (v instanceof String) {
            try {
                return Integer.parseInt(((String) v).trim());
            } catch (NumberFormatException e) {
                throw bad(key, v, "a whole number");
            }
        }
        throw bad(key, v, "a whole number");
    }

    /** The key's value as a positive int, or {@code dflt} when absent. */
    public static int getPositiveInt(Map<String, ?> conf, String key, int dflt) {
        int v = getInt(conf, key, dflt);
        if (v < 1) {
            throw bad(key, conf.get(key), "a positive whole number");
        }
        return v;
    }

    /** The key's value as a non-negative int, or {@code dflt} when absent. */
    public static int getNonNegativeInt(Map<String, ?> conf, String key, int dflt) {
        int v = getInt(conf, key, dflt);
        if (v < 0) {
            throw bad(key, conf.get(key), "a whole number >= 0");
        }
        return v;
    }

    /** The key's value as a boolean, or {@code dflt} when absent. */
    public static boolean getBoolean(Map<String, ?> conf, String key, boolean dflt) {
        Object v = conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        if (v instanceof String) {
            String s = ((String) v).trim();
            if (s.equalsIgnoreCase("true")) {
                return true;
            }
            if (s.equalsIgnoreCase("false")) {
                return false;
            }
        }
        throw bad(key, v, "true or false");
    }

    private static IllegalArgumentException bad(String key, Object v, String expected) {
        return new IllegalArgumentException("configuration '" + key + "' must be " + expected + ", got "
                + (v instanceof String ? "'" + v + "'" : String.valueOf(v))
                + (v == null ? "" : " (" + v.getClass().getSimpleName() + ")"));
    }
}
