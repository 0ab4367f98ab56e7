package dev.gale.spout;

import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.nio.ByteBuffer;
import java.util.List;

/** {@link RawScheme} as a {@link MultiScheme}: one tuple, field {@code bytes}. Stateless. */
public class RawMultiScheme implements MultiScheme {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterable<List<Object>> deserialize(ByteBuffer ser) {
        return List.of(Utils.tuple(new Object[] {Utils.toByteArray(ser)}));
    }

    @Override
    public Fields getOutputFields() {
        return new Fields("bytes");
    }
}
