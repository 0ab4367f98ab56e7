package dev.gale.flux.internal;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Fits YAML values to Java parameters, as Storm's Flux does: a value of the parameter's type as
 * it is; a number to any numeric type (an integer type only from a whole number in range); a
 * Boolean to {@code boolean}; a name to an enum constant of that name; a list to an array, item
 * by item. Each fit has a cost (0 exact, 1 converted, 2+ list to array), so of several
 * overloads the closest wins. Stateless.
 */
final class Coercion {
    static final int NO_FIT = -1;

    private static final Map<Class<?>, Class<?>> BOXES = Map.of(boolean.class, Boolean.class, byte.class, Byte.class,
            short.class, Short.class, int.class, Integer.class, long.class, Long.class, float.class, Float.class,
            double.class, Double.class, char.class, Character.class);

    private Coercion() {
    }

    /** The total cost of passing {@code args} to {@code parameters}, or {@link #NO_FIT}. */
    static int cost(List<Object> args, Class<?>[] parameters) {
        if (args.size() != parameters.length) {
            return NO_FIT;
        }
        int total = 0;
        for (int i = 0; i < parameters.length; i++) {
            int c = cost(args.get(i), parameters[i]);
            if (c == NO_FIT) {
                return NO_FIT;
            }
            total += c;
        }
        return total;
    }

    static int cost(Object value, Class<?> type) {
        if (value == null) {
            return type.isPrimitive() ? NO_FIT : 0;
        }
        Class<?> boxed = type.isPrimitive() ? BOXES.get(type) : type;
        if (boxed.isInstance(value)) {
            return 0;
        }
        if (value instanceof Number n && isNumeric(boxed)) {
            return fitsNumber(n, boxed) ? 1 : NO_FIT;
        }
        if (value instanceof String s && boxed.isEnum()) {
            return constant(boxed, s) != null ? 1 : NO_FIT;
        }
        if (value instanceof String s && boxed == Character.class) {
            return s.length() == 1 ? 1 : NO_FIT;
        }
        if (value instanceof List<?> list && type.isArray()) {
            int total = 2;
            for (Object item : list) {
                int c = cost(item, type.getComponentType());
                if (c == NO_FIT) {
                    return NO_FIT;
                }
                total += c;
            }
            return total;
        }
        return NO_FIT;
    }

    /** {@code args} converted to {@code parameters}, which {@link #cost} found to fit. */
    static Object[] convert(List<Object> args, Class<?>[] parameters) {
        Object[] out = new Object[parameters.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = convert(args.get(i), parameters[i]);
        }
        return out;
    }

    static Object convert(Object value, Class<?> type) {
        if (value == null) {
            return null;
        }
        Class<?> boxed = type.isPrimitive() ? BOXES.get(type) : type;
        if (boxed.isInstance(value)) {
            return value;
        }
        if (value instanceof Number n && isNumeric(boxed)) {
            return toNumber(n, boxed);
        }
        if (value instanceof String s && boxed.isEnum()) {
            return constant(boxed, s);
        }
        if (value instanceof String s && boxed == Character.class) {
            return s.charAt(0);
        }
        if (value instanceof List<?> list && type.isArray()) {
            Object array = Array.newInstance(type.getComponentType(), list.size());
            for (int i = 0; i < list.size(); i++) {
                Array.set(array, i, convert(list.get(i), type.getComponentType()));
            }
            return array;
        }
        throw new IllegalStateException("no conversion of " + value.getClass().getName() + " to " + type.getName());
    }

    private static boolean isNumeric(Class<?> boxed) {
        return boxed == Byte.class || boxed == Short.class || boxed == Integer.class || boxed == Long.class
                || boxed == Float.class || boxed == Double.class || boxed == BigInteger.class || boxed == BigDecimal.class;
    }

    private static boolean isWhole(Number n) {
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            return d == Math.rint(d) && !Double.isInfinite(d);
        }
        if (n instanceof BigDecimal b) {
            return b.stripTrailingZeros().scale() <= 0;
        }
        return true;
    }

    private static boolean fitsNumber(Number n, Class<?> boxed) {
        if (boxed == Float.class || boxed == Double.class || boxed == BigDecimal.class) {
            return true;
        }
        if (!isWhole(n)) {
            return false;
        }
        BigInteger v = n instanceof BigInteger b ? b : n instanceof BigDecimal d ? d.toBigInteger()
                : BigInteger.valueOf(n.longValue());
        if (boxed == BigInteger.class) {
            return true;
        }
        long min = boxed == Byte.class ? Byte.MIN_VALUE : boxed == Short.class ? Short.MIN_VALUE
                : boxed == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = boxed == Byte.class ? Byte.MAX_VALUE : boxed == Short.class ? Short.MAX_VALUE
                : boxed == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE;
        return v.compareTo(BigInteger.valueOf(min)) >= 0 && v.compareTo(BigInteger.valueOf(max)) <= 0;
    }

    private static Object toNumber(Number n, Class<?> boxed) {
        if (boxed == Byte.class) {
            return n.byteValue();
        } else if (boxed == Short.class) {
            return n.shortValue();
        } else if (boxed == Integer.class) {
            return n.intValue();
        } else if (boxed == Long.class) {
            return n.longValue();
        } else if (boxed == Float.class) {
            return n.floatValue();
        } else if (boxed == Double.class) {
            return n.doubleValue();
        } else if (boxed == BigInteger.class) {
            return n instanceof BigDecimal d ? d.toBigInteger() : new BigInteger(n.toString());
        }
        return new BigDecimal(n.toString());
    }

    private static Object constant(Class<?> enumType, String name) {
        for (Object c : enumType.getEnumConstants()) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /**
     * The arguments as a message shows them: {@code ["word" (String), 1.0 (Double), ref: foo (Duration)]};
     * a value that substitution made shows as written, {@code ${ENV-PASSWORD} (String)}.
     *
     * @param written values made by substitution, by identity, with the text written for each
     */
    static String describe(List<?> args, Map<Object, String> written) {
        List<String> out = new ArrayList<>();
        for (Object a : args) {
            out.add(describe(a, written));
        }
        return "[" + String.join(", ", out) + "]";
    }

    /** One value as a message shows it; see {@link #describe(List, Map)}. */
    static String describe(Object a, Map<Object, String> written) {
        if (a == null) {
            return "null";
        }
        String shown = shown(a, written);
        if (shown.length() > 60) {
            shown = shown.substring(0, 57) + "...";
        }
        return shown + " (" + a.getClass().getSimpleName() + ")";
    }

    private static String shown(Object a, Map<Object, String> written) {
        String asWritten = written.get(a);
        if (asWritten != null) {
            return asWritten;
        }
        if (a instanceof String s) {
            return "\"" + s + "\"";
        }
        if (a instanceof List<?> list) {
            return list.stream().map(item -> inner(item, written)).collect(Collectors.joining(", ", "[", "]"));
        }
        if (a instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> inner(e.getKey(), written) + "=" + inner(e.getValue(), written))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return String.valueOf(a);
    }

    /** An item of a list or map, unquoted as {@code List.toString} shows it. */
    private static String inner(Object item, Map<Object, String> written) {
        return item instanceof String s && !written.containsKey(s) ? s : shown(item, written);
    }

    /** A constructor or method as a message shows it: {@code TestBolt(TestEnum, float)}. */
    static String signature(Executable e) {
        String name = e instanceof Constructor<?> ? e.getDeclaringClass().getSimpleName() : e.getName();
        return name + "(" + Arrays.stream(e.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ")) + ")";
    }
}
