package dev.gale.testing;

import dev.gale.utils.Utils;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A tuple as a test states it: a stream and its values (Storm's {@code FixedTuple}). Mocked
 * sources are lists of them, and Storm-style {@code dev.gale.Testing.completeTopology} returns
 * what each component emitted as lists of them. Public fields as in Storm; not thread-safe.
 */
public class FixedTuple implements Serializable {
    private static final long serialVersionUID = 1L;

    public String stream;
    public List<Object> values;

    /** A tuple on the default stream. */
    public FixedTuple(List<Object> values) {
        this(Utils.DEFAULT_STREAM_ID, values);
    }

    public FixedTuple(String stream, List<Object> values) {
        this.stream = stream;
        this.values = values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FixedTuple && Objects.equals(stream, ((FixedTuple) o).stream)
                && Objects.equals(values, ((FixedTuple) o).values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(stream, values);
    }

    @Override
    public String toString() {
        return stream + ":<" + values + ">";
    }
}
