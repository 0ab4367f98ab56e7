package dev.gale.utils;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gale addition: the small JSON reader and writer that Storm's multilang protocol, DRPC return
 * information and the Nimbus-shaped views speak (Storm shades json-smart for this; gale-core
 * depends on no JSON library).
 *
 * <p>Reading gives {@code Map<String, Object>} (in document order) for objects, {@code List<Object>}
 * for arrays, {@code String}, {@code Long} for whole numbers that fit (as Storm's multilang reads
 * them), {@code Double} for the others, {@code Boolean} and {@code null}. Writing takes those, any
 * {@code Map}, {@code Iterable} or array, other numbers and characters; any other object is written
 * as its {@code toString()}, as Storm's JSON writer does, and a NaN or infinite number as
 * {@code null} (JSON has none).
 *
 * <p>Stateless and thread-safe.
 */
public final class Json {
    private Json() {
    }

    /**
     * Parses one JSON value.
     *
     * @throws IllegalArgumentException if {@code text} is not one JSON value; the message gives the
     *     offset and what was expected there
     */
    public static Object parse(String text) {
        Reader r = new Reader(text);
        r.skipSpace();
        Object v = r.value();
        r.skipSpace();
        if (r.pos < text.length()) {
            throw r.error("end of input");
        }
        return v;
    }

    /** {@code value} as JSON text, on one line. */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    /** Appends {@code value} as JSON text to {@code out}. */
    public static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String s) {
            string(s, out);
        } else if (value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            out.append(Double.isFinite(d) ? value.toString() : "null");
        } else if (value instanceof BigDecimal b) {
            out.append(b.toString());
        } else if (value instanceof Number) {
            out.append(value);
        } else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(item, out);
            }
            out.append(']');
        } else if (value.getClass().isArray()) {
            out.append('[');
            int n = Array.getLength(value);
            for (int i = 0; i < n; i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(Array.get(value, i), out);
            }
            out.append(']');
        } else if (value instanceof Enum<?> e) {
            string(e.name(), out);
        } else {
            string(value.toString(), out);
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    // Control characters, and the two line separators JavaScript source would choke on.
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** A recursive-descent reader over one text; one per parse. */
    private static final class Reader {
        /** Deeper nesting than this is refused rather than risking the stack. */
        private static final int MAX_DEPTH = 512;
        private final String text;
        private int pos;
        private int depth;

        Reader(String text) {
            this.text = text;
        }

        Object value() {
            if (pos >= text.length()) {
                throw error("a value");
            }
            char c = text.charAt(pos);
            switch (c) {
                case '{':
                    return object();
                case '[':
                    return array();
                case '"':
                    return string();
                case 't':
                    return literal("true", Boolean.TRUE);
                case 'f':
                    return literal("false", Boolean.FALSE);
                case 'n':
                    return literal("null", null);
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("a value");
            }
        }

        private Map<String, Object> object() {
            enter();
            pos++; // '{'
            Map<String, Object> m = new LinkedHashMap<>();
            skipSpace();
            if (peek() == '}') {
                pos++;
                depth--;
                return m;
            }
            while (true) {
                skipSpace();
                if (peek() != '"') {
                    throw error("a string key");
                }
                String key = string();
                skipSpace();
                expect(':');
                skipSpace();
                m.put(key, value());
                skipSpace();
                char c = peek();
                pos++;
                if (c == '}') {
                    depth--;
                    return m;
                }
                if (c != ',') {
                    pos--;
                    throw error("',' or '}'");
                }
            }
        }

        private List<Object> array() {
            enter();
            pos++; // '['
            List<Object> list = new ArrayList<>();
            skipSpace();
            if (peek() == ']') {
                pos++;
                depth--;
                return list;
            }
            while (true) {
                skipSpace();
                list.add(value());
                skipSpace();
                char c = peek();
                pos++;
                if (c == ']') {
                    depth--;
                    return list;
                }
                if (c != ',') {
                    pos--;
                    throw error("',' or ']'");
                }
            }
        }

        private void enter() {
            if (++depth > MAX_DEPTH) {
                throw error("at most " + MAX_DEPTH + " levels of nesting");
            }
        }

        private String string() {
            pos++; // opening quote
            StringBuilder sb = null;
            int start = pos;
            while (true) {
                if (pos >= text.length()) {
                    throw error("a closing '\"'");
                }
                char c = text.charAt(pos);
                if (c == '"') {
                    String s = sb == null ? text.substring(start, pos) : sb.append(text, start, pos).toString();
                    pos++;
                    return s;
                }
                if (c == '\\') {
                    if (sb == null) {
                        sb = new StringBuilder();
                    }
                    sb.append(text, start, pos);
                    pos++;
                    if (pos >= text.length()) {
                        throw error("an escape");
                    }
                    char e = text.charAt(pos++);
                    switch (e) {
                        case '"' -> sb.append('"');
                        case '\\' -> sb.append('\\');
                        case '/' -> sb.append('/');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'n' -> sb.append('\n');
                        case 'r' -> sb.append('\r');
                        case 't' -> sb.append('\t');
                        case 'u' -> {
                            if (pos + 4 > text.length()) {
                                throw error("four hex digits");
                            }
                            try {
                                sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                            } catch (NumberFormatException notHex) {
                                throw error("four hex digits");
                            }
                            pos += 4;
                        }
                        default -> {
                            pos--;
                            throw error("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX");
                        }
                    }
                    start = pos;
                } else if (c < 0x20) {
                    throw error("no raw control character inside a string");
                } else {
                    pos++;
                }
            }
        }

        private Object number() {
            int start = pos;
            boolean integral = true;
            if (peek() == '-') {
                pos++;
            }
            if (!digits()) {
                throw error("a digit");
            }
            if (peek() == '.') {
                integral = false;
                pos++;
                if (!digits()) {
                    throw error("a digit after '.'");
                }
            }
            if (peek() == 'e' || peek() == 'E') {
                integral = false;
                pos++;
                if (peek() == '+' || peek() == '-') {
                    pos++;
                }
                if (!digits()) {
                    throw error("a digit in the exponent");
                }
            }
            String n = text.substring(start, pos);
            if (integral) {
                BigInteger big = new BigInteger(n);
                if (big.bitLength() < 64) {
                    return big.longValue();
                }
            }
            return Double.parseDouble(n);
        }

        private boolean digits() {
            int start = pos;
            while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
                pos++;
            }
            return pos > start;
        }

        private Object literal(String word, Object v) {
            if (!text.startsWith(word, pos)) {
                throw error("a value");
            }
            pos += word.length();
            return v;
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("'" + c + "'");
            }
            pos++;
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        void skipSpace() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                    pos++;
                } else {
                    return;
                }
            }
        }

        IllegalArgumentException error(String expected) {
            String found = pos >= text.length() ? "the end of the text"
                    : "'" + text.substring(pos, Math.min(text.length(), pos + 20)) + "'";
            String shown = text.length() <= 200 ? text : text.substring(0, 200) + "...";
            return new IllegalArgumentException("not JSON: expected " + expected + " at offset " + pos + ", found "
                    + found + " in: " + shown);
        }
    }
}
