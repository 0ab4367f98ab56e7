package dev.gale.spout;

import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Turns the bytes a spout reads (a message of a queue, a line of a file) into one tuple's values.
 * A spout that takes a scheme gets a copy per task: implementations are serialized with it and
 * need no locking.
 */
public interface Scheme extends Serializable {

    /** The values of one tuple, or null to emit nothing for these bytes. */
    List<Object> deserialize(ByteBuffer ser);

    Fields getOutputFields();
}
