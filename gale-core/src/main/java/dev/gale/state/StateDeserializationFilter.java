package dev.gale.state;

import dev.gale.Config;
import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.FilterInfo;
import java.io.ObjectInputFilter.Status;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which classes, and how large a stream, {@link DefaultStateSerializer} reads back with Java
 * deserialization: the JDK's value types and collections, Gale's classes and the patterns of
 * {@value Config#GALE_STATE_DESERIALIZATION_ALLOW}; everything else is refused, so that whoever
 * can write to a store cannot make this JVM instantiate a class that runs code as it is read (a
 * "gadget"). The same check is made on write, so a value that could not be read back fails its
 * checkpoint instead of the recovery that needs it. Immutable and thread-safe; each read takes a
 * {@link #newRead() recorder} of its own.
 */
final class StateDeserializationFilter {
    /**
     * Far above what a state value holds, yet a crafted stream can neither overflow the stack (with
     * the default 1 MB of a thread's stack, reading overflows at a nesting of some 450 levels) nor
     * allocate gigabytes from a few bytes.
     */
    static final String DEFAULT_LIMITS = "maxdepth=100;maxrefs=10000000;maxarray=10000000;maxbytes=268435456";
    /**
     * The JDK's value types and collections (ConcurrentHashMap's serial form holds a lock of
     * {@code locks}) and Gale's own classes, whose state values the framework writes.
     */
    static final String DEFAULT_CLASSES = "java.lang.*;java.util.*;java.util.concurrent.*;java.util.concurrent.atomic.*;"
            + "java.util.concurrent.locks.*;java.time.**;java.math.*;dev.gale.**";
    private static final String KEY = Config.GALE_STATE_DESERIALIZATION_ALLOW;
    private static final List<String> LIMITS = List.of("maxdepth", "maxrefs", "maxarray", "maxbytes");

    private final ObjectInputFilter filter;
    /** Each limit's value, as the filter applies it: the defaults, replaced by the configured ones. */
    private final Map<String, Long> limits = new LinkedHashMap<>();

    /** @param allow the configured patterns, joined with {@code ;} (see {@link #patterns}) */
    StateDeserializationFilter(String allow) {
        // The configured patterns come first: the first pattern that matches a class decides, so
        // they can also refuse a default; a limit given twice takes the later value.
        String spec = DEFAULT_LIMITS + (allow.isEmpty() ? "" : ";" + allow) + ";" + DEFAULT_CLASSES + ";!*";
        try {
            filter = ObjectInputFilter.Config.createFilter(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(KEY + " is not a list of ObjectInputFilter patterns (such as"
                    + " \"com.example.**\" or \"maxdepth=1000\", separated by ';'): \"" + allow + "\": " + e.getMessage(), e);
        }
        for (String p : spec.split(";")) {
            int eq = p.indexOf('=');
            if (eq > 0 && LIMITS.contains(p.substring(0, eq))) {
                limits.put(p.substring(0, eq), Long.parseLong(p.substring(eq + 1).trim()));
            }
        }
    }

    /**
     * The patterns configured by {@code topoConf} under {@value Config#GALE_STATE_DESERIALIZATION_ALLOW}
     * (a string of them separated by {@code ;}, or a list), trimmed and joined with {@code ;}; empty
     * if unset.
     */
    static String patterns(Map<String, Object> topoConf) {
        Object configured = topoConf.get(KEY);
        if (configured == null) {
            return "";
        }
        List<Object> items = new ArrayList<>();
        if (configured instanceof Collection<?> c) {
            items.addAll(c);
        } else {
            items.add(configured);
        }
        List<String> out = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof String s)) {
                throw new IllegalArgumentException(KEY + " must be a string of ObjectInputFilter patterns separated by"
                        + " ';' (such as \"com.example.**\"), or a list of them; got " + configured);
            }
            for (String p : s.split(";")) {
                if (!p.isBlank()) {
                    out.add(p.strip());
                }
            }
        }
        return String.join(";", out);
    }

    /**
     * Whether {@code c}, written in a value, could be read back (primitive arrays need no pattern:
     * only their length is limited, when read).
     */
    boolean allowsWritten(Class<?> c) {
        return filter.checkInput(new Written(c, 0)) != Status.REJECTED;
    }

    /** The error for a value of class {@code valueClass} that holds {@code c}, which could not be read back. */
    IllegalArgumentException refusedWritten(Class<?> c, Class<?> valueClass) {
        return new IllegalArgumentException("cannot serialize a value of class " + valueClass.getName()
                + (c == valueClass ? "" : ": it holds class " + elementName(c)) + ", which Gale's DefaultStateSerializer"
                + " would refuse to read back. " + whyAndHow(c));
    }

    /** Refuses a value of {@code bytes} bytes of Java serialization if it could not be read back. */
    void checkWrittenSize(long bytes, Class<?> valueClass) {
        if (filter.checkInput(new Written(null, bytes)) == Status.REJECTED) {
            throw new IllegalArgumentException("cannot serialize a value of class " + valueClass.getName() + ": its Java"
                    + " serialization takes " + bytes + " bytes, more than Gale's DefaultStateSerializer reads back (maxbytes="
                    + limits.get("maxbytes") + "); raise the limit in " + KEY + ", e.g. \"maxbytes=" + bytes + "\", or make"
                    + " the value smaller");
        }
    }

    /** A filter for one stream, which remembers why it refused. */
    Read newRead() {
        return new Read();
    }

    /** The filter of one read: the configured one, then the JVM's ({@code jdk.serialFilter}), if any. Not thread-safe. */
    final class Read implements ObjectInputFilter {
        private final ObjectInputFilter jvm = ObjectInputFilter.Config.getSerialFilter();
        private String refused;

        @Override
        public Status checkInput(FilterInfo info) {
            Status status = filter.checkInput(info);
            if (status == Status.REJECTED) {
                refuse(info, false);
                return status;
            }
            if (jvm != null && jvm.checkInput(info) == Status.REJECTED) {
                refuse(info, true);
                return Status.REJECTED;
            }
            return status;
        }

        private void refuse(FilterInfo info, boolean byJvm) {
            if (refused != null) {
                return; // the first refusal is the cause; the stream fails there
            }
            String limit = byJvm ? null : exceeded(info);
            if (byJvm) {
                refused = "the JVM's deserialization filter (system property jdk.serialFilter) refuses it"
                        + (info.serialClass() == null ? "" : ", at class " + elementName(info.serialClass()));
            } else if (limit != null) {
                long max = limits.get(limit);
                refused = "it exceeds " + limit + "=" + max + ", a limit of Java deserialization (depth " + info.depth() + ", "
                        + info.references() + " references, " + info.streamBytes() + " bytes read"
                        + (info.arrayLength() >= 0 ? ", an array of " + info.arrayLength() : "") + "); if the value is"
                        + " yours, raise the limit in " + KEY + ", e.g. \"" + limit + "=" + 2 * max + "\"";
            } else {
                refused = "it holds class " + elementName(info.serialClass()) + ", which Gale's DefaultStateSerializer"
                        + " does not read back. " + whyAndHow(info.serialClass())
                        + ". If no code of yours writes that class, someone else may have written to the store";
            }
        }

        /** Why the stream was refused, or null if it was not. */
        String refused() {
            return refused;
        }
    }

    /** The name of the limit {@code info} exceeds, or null. */
    private String exceeded(FilterInfo info) {
        long[] seen = {info.depth(), info.references(), info.arrayLength(), info.streamBytes()};
        for (int i = 0; i < LIMITS.size(); i++) {
            if (seen[i] > limits.get(LIMITS.get(i))) {
                return LIMITS.get(i);
            }
        }
        return null;
    }

    private static String whyAndHow(Class<?> c) {
        String name = elementName(c);
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : " or \"" + name.substring(0, dot) + ".*\"";
        return "Java deserialization is limited to the JDK's value types and collections (java.lang, java.util, java.time,"
                + " java.math), Gale's classes and those allowed by " + KEY + ", so that whoever can write to the store"
                + " cannot run code in this JVM through another class. If " + name + " only holds data, add it to " + KEY
                + " (e.g. \"" + name + "\"" + pkg + "), or set keySerializerClass / valueSerializerClass in "
                + Config.TOPOLOGY_STATE_PROVIDER_CONFIG;
    }

    /** The class an array holds, as patterns match arrays; else the class. */
    private static String elementName(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        return c.getName();
    }

    /** What the filter is asked about a class or size on write: as at the start of a read. */
    private record Written(Class<?> serialClass, long streamBytes) implements FilterInfo {
        @Override
        public long arrayLength() {
            return -1;
        }

        @Override
        public long depth() {
            return 1;
        }

        @Override
        public long references() {
            return 0;
        }
    }
}
