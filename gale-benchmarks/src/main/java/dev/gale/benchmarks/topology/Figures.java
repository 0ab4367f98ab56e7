package dev.gale.benchmarks.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How the comparison harnesses read their options and summarise repeated runs: median and
 * min-max of sorted values, as a table cell and as JSON, numbers to three significant digits with
 * k/M suffixes, and the machine's load average. Stateless; thread-safe.
 */
final class Figures {
    private Figures() {
    }

    /** The median of sorted values; NaN when there are none. */
    static double median(double[] v) {
        if (v.length == 0) {
            return Double.NaN;
        }
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** Median, min, max and count of sorted values, for results.json. */
    static Map<String, Object> stats(double[] v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("median", median(v));
        m.put("min", v.length == 0 ? Double.NaN : v[0]);
        m.put("max", v.length == 0 ? Double.NaN : v[v.length - 1]);
        m.put("n", v.length);
        return m;
    }

    /** "median (min-max)" of sorted values; just the value for one run, "-" for none. */
    static String cell(double[] v) {
        if (v.length == 0) {
            return "-";
        }
        String med = num(median(v));
        return v.length == 1 ? med : med + " (" + num(v[0]) + "-" + num(v[v.length - 1]) + ")";
    }

    /** Three significant digits, with k/M suffixes for large numbers. */
    static String num(double x) {
        if (Double.isNaN(x)) {
            return "n/a";
        }
        double a = Math.abs(x);
        if (a >= 1e6) {
            return sig(x / 1e6) + "M";
        }
        if (a >= 1e4) {
            return sig(x / 1e3) + "k";
        }
        return sig(x);
    }

    private static String sig(double x) {
        double a = Math.abs(x);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", x);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", x);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", x);
        }
        return String.format(Locale.ROOT, "%.3g", x);
    }

    /** The 1, 5 and 15 minute load averages, or "unknown" off Linux. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /**
     * {@code --key value}, {@code --key=value} and {@code --quick}; {@code usage} is told of bad
     * usage (null for --help) and is expected to end the run.
     */
    static Map<String, String> options(String[] args, Consumer<String> usage) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) {
                usage.accept(null);
            }
            if (!a.startsWith("--")) {
                usage.accept("unexpected argument '" + a + "'");
            }
            String k = a.substring(2);
            if (k.equals("quick")) {
                m.put(k, "true");
            } else if (k.contains("=")) {
                m.put(k.substring(0, k.indexOf('=')), k.substring(k.indexOf('=') + 1));
            } else if (i + 1 < args.length) {
                m.put(k, args[++i]);
            } else {
                usage.accept("--" + k + " needs a value");
            }
        }
        return m;
    }

    /** {@code value} (maps, lists, numbers, strings) as indented JSON, NaN and infinities as null. */
    static String json(Object value) {
        StringBuilder b = new StringBuilder();
        write(b, value, "");
        return b.append('\n').toString();
    }

    private static void write(StringBuilder b, Object v, String indent) {
        if (v instanceof Map<?, ?> m) {
            b.append('{');
            String in = indent + "  ";
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                b.append(i++ == 0 ? "\n" : ",\n").append(in);
                string(b, String.valueOf(e.getKey()));
                b.append(": ");
                write(b, e.getValue(), in);
            }
            b.append(m.isEmpty() ? "}" : "\n" + indent + "}");
        } else if (v instanceof List<?> l) {
            b.append('[');
            String in = indent + "  ";
            for (int i = 0; i < l.size(); i++) {
                b.append(i == 0 ? "\n" : ",\n").append(in);
                write(b, l.get(i), in);
            }
            b.append(l.isEmpty() ? "]" : "\n" + indent + "]");
        } else if (v instanceof Double x) {
            b.append(Double.isNaN(x) || Double.isInfinite(x) ? "null" : Double.toString(x));
        } else if (v == null) {
            b.append("null");
        } else {
            string(b, v.toString());
        }
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        b.append('"');
    }
}
