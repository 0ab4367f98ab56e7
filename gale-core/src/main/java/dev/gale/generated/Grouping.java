package dev.gale.generated;

import dev.gale.grouping.CustomStreamGrouping;
import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * How the tuples of one subscribed stream are spread over the tasks of the subscribing bolt.
 *
 * <p>Immutable (a custom grouping object is copied per emitting task) and thread-safe.
 */
public final class Grouping implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The kinds of grouping, as in Storm. */
    public enum Type {
        SHUFFLE, FIELDS, ALL, GLOBAL, NONE, DIRECT, LOCAL_OR_SHUFFLE, PARTIAL_KEY, CUSTOM
    }

    private final Type type;
    private final List<String> fields;
    private final CustomStreamGrouping custom;

    private Grouping(Type type, List<String> fields, CustomStreamGrouping custom) {
        this.type = type;
        this.fields = fields == null ? Collections.emptyList() : List.copyOf(fields);
        this.custom = custom;
    }

    public static Grouping of(Type type) {
        if (type == Type.FIELDS || type == Type.PARTIAL_KEY || type == Type.CUSTOM) {
            throw new IllegalArgumentException(type + " grouping needs fields or a grouping object");
        }
        return new Grouping(type, null, null);
    }

    public static Grouping fields(List<String> fields) {
        return new Grouping(Type.FIELDS, Objects.requireNonNull(fields, "fields"), null);
    }

    public static Grouping partialKey(List<String> fields) {
        return new Grouping(Type.PARTIAL_KEY, Objects.requireNonNull(fields, "fields"), null);
    }

    public static Grouping custom(CustomStreamGrouping grouping) {
        return new Grouping(Type.CUSTOM, null, Objects.requireNonNull(grouping, "grouping"));
    }

    public Type type() {
        return type;
    }

    /** The grouping fields (fields and partial-key groupings), else empty. */
    public List<String> fields() {
        return fields;
    }

    /** The user's grouping object (custom grouping), else null. */
    public CustomStreamGrouping customGrouping() {
        return custom;
    }

    @Override
    public String toString() {
        switch (type) {
            case FIELDS:
            case PARTIAL_KEY:
                return type.name().toLowerCase() + fields;
            case CUSTOM:
                return "custom(" + custom.getClass().getName() + ")";
            default:
                return type.name().toLowerCase();
        }
    }
}
