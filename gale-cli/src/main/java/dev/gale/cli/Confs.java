package dev.gale.cli;

import dev.gale.Config;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Turns {@code --conf key=value} strings into configuration values. Stateless. */
final class Confs {
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.\\d*|\\.\\d+|\\d+)([eE][-+]?\\d+)?");
    /** Prefixes of the engine's keys: Storm's and Gale's own. */
    private static final List<String> ENGINE_PREFIXES = List.of("topology.", "gale.");

    private Confs() {
    }

    /** One {@code --conf KEY=VALUE}, split at the first '='. */
    record Entry(String key, String value) {
    }

    /** Parses {@code KEY=VALUE} while the command line is parsed, so a malformed one is a usage error. */
    static final class EntryConverter implements ITypeConverter<Entry> {
        @Override
        public Entry convert(String arg) {
            int eq = arg.indexOf('=');
            if (eq < 0 || arg.substring(0, eq).isBlank()) {
                throw new TypeConversionException("'" + arg + "' has no " + (eq < 0 ? "'='" : "key before '='")
                        + "; write KEY=VALUE, e.g. topology.message.timeout.secs=10");
            }
            return new Entry(arg.substring(0, eq).strip(), arg.substring(eq + 1).strip());
        }
    }

    /**
     * Whole numbers become Integer (Long if too big), other numbers Double, true/false Boolean;
     * anything else stays a String for the topology to judge. A later entry for a key wins.
     */
    static Map<String, Object> parse(List<Entry> entries) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (entries != null) {
            entries.forEach(e -> out.put(e.key(), value(e.value())));
        }
        return out;
    }

    static Object value(String v) {
        if (INTEGER.matcher(v).matches()) {
            try {
                long l = Long.parseLong(v);
                return l == (int) l ? (Object) (int) l : (Object) l;
            } catch (NumberFormatException e) {
                return v;
            }
        }
        if (DECIMAL.matcher(v).matches()) {
            return Double.parseDouble(v);
        }
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        return v;
    }

    /**
     * The engine's keys: every key {@link Config} declares (Storm's {@code topology.*} and Gale's
     * {@code gale.*}), read from its constants so that a key added there is known here.
     */
    static Set<String> engineKeys() {
        Set<String> keys = new TreeSet<>();
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    String key = (String) f.get(null);
                    if (isEngineKey(key)) {
                        keys.add(key);
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return keys;
    }

    private static boolean isEngineKey(String key) {
        return ENGINE_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /**
     * One warning per key that looks like the engine's but is none it knows (a typo, or a Storm
     * key Gale does not implement), naming the closest known key. Other keys (the topology's own)
     * are not judged.
     */
    static List<String> unknownEngineKeys(Map<String, Object> settings) {
        Set<String> known = engineKeys();
        List<String> warnings = new ArrayList<>();
        for (String key : settings.keySet()) {
            if (isEngineKey(key) && !known.contains(key)) {
                warnings.add("warning: --conf " + key + " is not a key Gale knows, so the engine ignores it"
                        + Closest.to(key, known).map(c -> " (closest known key: " + c + ")").orElse(""));
            }
        }
        return warnings;
    }
}
