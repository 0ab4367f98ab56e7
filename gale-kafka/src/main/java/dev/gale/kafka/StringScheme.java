package dev.gale.kafka;

import dev.gale.spout.Scheme;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The bytes as one UTF-8 string, in the field {@code str}: storm-kafka's {@code StringScheme}
 * (Storm 1.x, {@code org.apache.storm.kafka}), still imported by many Storm topologies. Stateless.
 */
public class StringScheme implements Scheme {
    private static final long serialVersionUID = 1L;
    public static final String STRING_SCHEME_KEY = "str";

    @Override
    public List<Object> deserialize(ByteBuffer bytes) {
        return new Values(deserializeString(bytes));
    }

    /** The buffer's remaining bytes as UTF-8; the buffer's position does not move. */
    public static String deserializeString(ByteBuffer string) {
        if (string.hasArray()) {
            return new String(string.array(), string.arrayOffset() + string.position(), string.remaining(),
                    StandardCharsets.UTF_8);
        }
        return new String(Utils.toByteArray(string), StandardCharsets.UTF_8);
    }

    @Override
    public Fields getOutputFields() {
        return new Fields(STRING_SCHEME_KEY);
    }
}
