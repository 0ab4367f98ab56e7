package dev.gale.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Turns {@code --conf key=value} strings into configuration values. Stateless. */
final class Confs {
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.\\d*|\\.\\d+|\\d+)([eE][-+]?\\d+)?");

    private Confs() {
    }

    /**
     * Whole numbers become Integer (Long if too big), other numbers Double, true/false Boolean;
     * anything else stays a String for the topology to judge.
     */
    static Map<String, Object> parse(Map<String, String> raw) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        raw.forEach((k, v) -> {
            if (k.isBlank()) {
                throw new UserException("--conf needs a key before '=', got '=" + v + "'");
            }
            out.put(k.strip(), value(v.strip()));
        });
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
}
