package dev.gale.spout;

import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Turns the bytes a spout reads into any number of tuples' values (a {@link Scheme} gives one).
 * Serialized with the spout, one copy per task: implementations need no locking.
 */
public interface MultiScheme extends Serializable {

    /** The values of each tuple to emit, or null to emit nothing. */
    Iterable<List<Object>> deserialize(ByteBuffer ser);

    Fields getOutputFields();
}
