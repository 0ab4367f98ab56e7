package dev.gale.spout;

import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.nio.ByteBuffer;
import java.util.List;

/** The bytes as they are: one field {@code bytes} holding a copy of them. Stateless. */
public class RawScheme implements Scheme {
    private static final long serialVersionUID = 1L;

    @Override
    public List<Object> deserialize(ByteBuffer ser) {
        return Utils.tuple(new Object[] {Utils.toByteArray(ser)});
    }

    @Override
    public Fields getOutputFields() {
        return new Fields("bytes");
    }
}
