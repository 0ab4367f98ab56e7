package dev.gale.utils;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Storm's lenient readers of configuration values, which may arrive typed as Java put them or as a
 * JSON or YAML reader gave them back (an {@code Integer} as a {@code Long}, a number as a
 * string). A value that cannot be read as asked fails with an {@link IllegalArgumentException}
 * naming it, as in Storm. Stateless and thread-safe.
 */
public class ObjectReader {

    /**
     * A list of strings: empty for null, the one string for a string, each member's
     * {@code toString()} for a collection (null members left out).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static List<String> getStrings(final Object o) {
        List<String> strings = new ArrayList<>();
        if (o instanceof String s) {
            strings.add(s);
        } else if (o instanceof Collection<?> members) {
            for (Object member : members) {
                if (member != null) {
                    strings.add(member.toString());
                }
            }
        } else if (o != null) {
            throw new IllegalArgumentException("Don't know how to convert to string list");
        }
        return strings;
    }

    /**
     * The value's {@code toString()}.
     *
     * @throws IllegalArgumentException for null
     */
    public static String getString(Object o) {
        if (o == null) {
            throw new IllegalArgumentException("Don't know how to convert null to String");
        }
        return o.toString();
    }

    /**
     * A string, or {@code defaultValue} for null.
     *
     * @throws IllegalArgumentException for a value that is not a string
     */
    public static String getString(Object o, String defaultValue) {
        if (o == null || o instanceof String) {
            return o == null ? defaultValue : (String) o;
        }
        throw new IllegalArgumentException("Don't know how to convert " + o + " to String");
    }

    /**
     * See {@link #getInt(Object, Integer)}.
     *
     * @throws IllegalArgumentException for null too
     */
    public static Integer getInt(Object o) {
        Integer value = getInt(o, null);
        if (value != null) {
            return value;
        }
        throw new IllegalArgumentException("Don't know how to convert null to int");
    }

    /**
     * An int from an Integer, Short, Byte, a Long within int's range, or a decimal string;
     * {@code defaultValue} for null.
     *
     * @throws IllegalArgumentException for other values (a Double, a Long out of range), and a
     *     {@link NumberFormatException} (one) for a string that is not an int
     */
    public static Integer getInt(Object o, Integer defaultValue) {
        if (o == null) {
            return defaultValue;
        }
        if (o instanceof Integer || o instanceof Short || o instanceof Byte) {
            return ((Number) o).intValue();
        }
        if (o instanceof Long wide && wide == (long) wide.intValue()) {
            return wide.intValue();
        }
        if (o instanceof String text) {
            return Integer.parseInt(text);
        }
        throw new IllegalArgumentException("Don't know how to convert " + o + " to int");
    }

    /** See {@link #getLong(Object, Long)}; null for null (as Storm's). */
    public static Long getLong(Object o) {
        return getLong(o, null);
    }

    /**
     * A long from any Number (truncated, as {@link Number#longValue()}) or a decimal string;
     * {@code defaultValue} for null.
     *
     * @throws IllegalArgumentException for other values ({@link NumberFormatException} for a bad string)
     */
    public static Long getLong(Object o, Long defaultValue) {
        if (o instanceof Number n) {
            return n.longValue();
        }
        if (o instanceof String text) {
            return Long.valueOf(text);
        }
        if (o == null) {
            return defaultValue;
        }
        throw new IllegalArgumentException("Don't know how to convert " + o + " to a long");
    }

    /**
     * See {@link #getDouble(Object, Double)}.
     *
     * @throws IllegalArgumentException for null too
     */
    public static Double getDouble(Object o) {
        Double value = getDouble(o, null);
        if (value != null) {
            return value;
        }
        throw new IllegalArgumentException("Don't know how to convert null to double");
    }

    /**
     * A double from any Number; {@code defaultValue} for null.
     *
     * @throws IllegalArgumentException for anything else, a string included (as in Storm)
     */
    public static Double getDouble(Object o, Double defaultValue) {
        if (o instanceof Number n) {
            return n.doubleValue();
        }
        if (o == null) {
            return defaultValue;
        }
        throw new IllegalArgumentException("Don't know how to convert (" + o + ") to double");
    }

    /**
     * A Boolean's value; {@code defaultValue} for null.
     *
     * @throws IllegalArgumentException for anything else, the string "true" included (as in Storm)
     */
    public static boolean getBoolean(Object o, boolean defaultValue) {
        if (o instanceof Boolean b) {
            return b;
        }
        if (o == null) {
            return defaultValue;
        }
        throw new IllegalArgumentException("Don't know how to convert " + o + " to boolean");
    }
}
