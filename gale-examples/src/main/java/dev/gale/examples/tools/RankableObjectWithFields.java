package dev.gale.examples.tools;

import dev.gale.tuple.Tuple;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * storm-starter's RankableObjectWithFields: an object, its count and any further fields of the
 * tuple it came from. Immutable, so thread-safe.
 */
public class RankableObjectWithFields implements Rankable, Serializable {

    private static final long serialVersionUID = -9102878650001058090L;
    private static final String toStringSeparator = "|";

    private final Object obj;
    private final long count;
    private final List<Object> fields;

    public RankableObjectWithFields(Object obj, long count, Object... otherFields) {
        if (obj == null) {
            throw new IllegalArgumentException("The object must not be null");
        }
        if (count < 0) {
            throw new IllegalArgumentException("The count must be >= 0");
        }
        this.obj = obj;
        this.count = count;
        fields = List.of(otherFields);
    }

    /**
     * Reads a tuple of (object, count, other fields...), as RollingCountBolt emits.
     *
     * @throws ClassCastException if the second value is not a Long
     */
    public static RankableObjectWithFields from(Tuple tuple) {
        List<Object> otherFields = new ArrayList<>(tuple.getValues());
        Object obj = otherFields.remove(0);
        Long count = (Long) otherFields.remove(0);
        return new RankableObjectWithFields(obj, count, otherFields.toArray());
    }

    @Override
    public Object getObject() {
        return obj;
    }

    @Override
    public long getCount() {
        return count;
    }

    public List<Object> getFields() {
        return fields;
    }

    @Override
    public int compareTo(Rankable other) {
        long delta = this.getCount() - other.getCount();
        if (delta > 0) {
            return 1;
        } else if (delta < 0) {
            return -1;
        } else {
            return 0;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RankableObjectWithFields)) {
            return false;
        }
        RankableObjectWithFields other = (RankableObjectWithFields) o;
        return obj.equals(other.obj) && count == other.count;
    }

    @Override
    public int hashCode() {
        int result = 17;
        int countHash = (int) (count ^ (count >>> 32));
        result = 31 * result + countHash;
        result = 31 * result + obj.hashCode();
        return result;
    }

    @Override
    public String toString() {
        StringBuilder buf = new StringBuilder();
        buf.append("[");
        buf.append(obj);
        buf.append(toStringSeparator);
        buf.append(count);
        for (Object field : fields) {
            buf.append(toStringSeparator);
            buf.append(field);
        }
        buf.append("]");
        return buf.toString();
    }

    /** Note: as in storm-starter, the copy's fields are the original's field list as one field. */
    @Override
    public Rankable copy() {
        List<Object> shallowCopyOfFields = List.copyOf(getFields());
        return new RankableObjectWithFields(getObject(), getCount(), shallowCopyOfFields);
    }
}
