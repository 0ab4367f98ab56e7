package dev.gale.spout;

import dev.gale.tuple.Fields;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/** A {@link Scheme} used where a {@link MultiScheme} is taken: one tuple, or none. As thread-safe as the scheme. */
public class SchemeAsMultiScheme implements MultiScheme {
    private static final long serialVersionUID = 1L;

    public final Scheme scheme;

    public SchemeAsMultiScheme(Scheme scheme) {
        this.scheme = scheme;
    }

    @Override
    public Iterable<List<Object>> deserialize(ByteBuffer ser) {
        List<Object> values = scheme.deserialize(ser);
        return values == null ? null : Arrays.asList(values);
    }

    @Override
    public Fields getOutputFields() {
        return scheme.getOutputFields();
    }
}
