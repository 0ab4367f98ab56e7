package dev.gale.topology;

import dev.gale.tuple.Tuple;
import dev.gale.windowing.TimestampExtractor;

/** Reads a tuple's event time from one of its fields, a {@code long} of milliseconds. Immutable. */
public final class TupleFieldTimestampExtractor implements TimestampExtractor {
    private static final long serialVersionUID = 1L;
    private final String fieldName;

    private TupleFieldTimestampExtractor(String fieldName) {
        this.fieldName = fieldName;
    }

    public static TupleFieldTimestampExtractor of(String fieldName) {
        return new TupleFieldTimestampExtractor(fieldName);
    }

    /**
     * @throws IllegalArgumentException if the tuple has no such field or it holds no {@code Long},
     *         naming the field and the tuple's component and stream
     */
    @Override
    public long extractTimestamp(Tuple tuple) {
        if (!tuple.contains(fieldName)) {
            throw new IllegalArgumentException("the timestamp field '" + fieldName + "' is not in the tuple from '"
                    + tuple.getSourceComponent() + "' stream '" + tuple.getSourceStreamId() + "', whose fields are "
                    + tuple.getFields().toList());
        }
        Object value = tuple.getValueByField(fieldName);
        if (!(value instanceof Long)) {
            throw new IllegalArgumentException("the timestamp field '" + fieldName + "' of the tuple from '"
                    + tuple.getSourceComponent() + "' stream '" + tuple.getSourceStreamId() + "' holds "
                    + (value == null ? "null" : "a " + value.getClass().getSimpleName() + " (" + value + ")")
                    + ", not a Long of milliseconds");
        }
        return (Long) value;
    }

    @Override
    public String toString() {
        return "TupleFieldTimestampExtractor{fieldName='" + fieldName + "'}";
    }
}
