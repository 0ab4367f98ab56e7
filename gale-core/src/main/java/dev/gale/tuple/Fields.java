package dev.gale.tuple;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The ordered field names of a stream, as declared by the component that emits it.
 *
 * <p>Immutable and thread-safe.
 */
public final class Fields implements Iterable<String>, Serializable {
    private static final long serialVersionUID = 1L;

    private final List<String> fields;
    private final Map<String, Integer> index = new HashMap<>();

    /** Fields with these names, in this order. Names must be unique. */
    public Fields(String... fields) {
        this(Arrays.asList(fields));
    }

    /** Fields with these names, in this order. Names must be unique. */
    public Fields(List<String> fields) {
        this.fields = Collections.unmodifiableList(new ArrayList<>(fields));
        for (int i = 0; i < this.fields.size(); i++) {
            String f = this.fields.get(i);
            if (f == null) {
                throw new IllegalArgumentException("field name at position " + i + " is null in " + fields);
            }
            if (index.put(f, i) != null) {
                throw new IllegalArgumentException("duplicate field name '" + f + "' in " + fields);
            }
        }
    }

    /** Selects the values of {@code selector}'s fields from a tuple of these fields. */
    public List<Object> select(Fields selector, List<Object> tuple) {
        List<Object> ret = new ArrayList<>(selector.size());
        for (String s : selector) {
            ret.add(tuple.get(fieldIndex(s)));
        }
        return ret;
    }

    /** The field names as an unmodifiable list. */
    public List<String> toList() {
        return fields;
    }

    public int size() {
        return fields.size();
    }

    public String get(int index) {
        return fields.get(index);
    }

    /**
     * The position of a field.
     *
     * @throws IllegalArgumentException if there is no such field
     */
    public int fieldIndex(String field) {
        Integer ret = index.get(field);
        if (ret == null) {
            throw new IllegalArgumentException("'" + field + "' does not exist in " + fields);
        }
        return ret;
    }

    public boolean contains(String field) {
        return index.containsKey(field);
    }

    @Override
    public Iterator<String> iterator() {
        return fields.iterator();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fields && ((Fields) o).fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return fields.toString();
    }
}
