package dev.gale.storm.bridge.internal;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.tuple.Fields;
import java.util.List;
import org.apache.storm.generated.NullStruct;

/**
 * Converts the values Gale and Storm both have (fields, stream ids, groupings) from one API's
 * classes to the other's. Stateless.
 */
public final class StormTypes {
    private StormTypes() {
    }

    /** Storm's fields for Gale's. */
    public static org.apache.storm.tuple.Fields storm(Fields fields) {
        return new org.apache.storm.tuple.Fields(fields.toList());
    }

    /** Gale's fields for Storm's. */
    public static Fields gale(org.apache.storm.tuple.Fields fields) {
        return new Fields(fields.toList());
    }

    /** Storm's stream id for Gale's. */
    public static org.apache.storm.generated.GlobalStreamId storm(GlobalStreamId id) {
        return new org.apache.storm.generated.GlobalStreamId(id.componentId(), id.streamId());
    }

    /**
     * Storm's description of Gale's grouping. A custom or partial-key grouping has no Storm
     * object here: it is described as a custom grouping with no serialized form.
     */
    public static org.apache.storm.generated.Grouping storm(Grouping grouping) {
        return switch (grouping.type()) {
            case SHUFFLE -> org.apache.storm.generated.Grouping.shuffle(new NullStruct());
            case FIELDS -> org.apache.storm.generated.Grouping.fields(grouping.fields());
            case GLOBAL -> org.apache.storm.generated.Grouping.fields(List.of());
            case ALL -> org.apache.storm.generated.Grouping.all(new NullStruct());
            case NONE -> org.apache.storm.generated.Grouping.none(new NullStruct());
            case DIRECT -> org.apache.storm.generated.Grouping.direct(new NullStruct());
            case LOCAL_OR_SHUFFLE -> org.apache.storm.generated.Grouping.local_or_shuffle(new NullStruct());
            case PARTIAL_KEY, CUSTOM -> org.apache.storm.generated.Grouping.custom_serialized(new byte[0]);
        };
    }
}
