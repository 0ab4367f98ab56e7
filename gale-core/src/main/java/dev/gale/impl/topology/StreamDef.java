package dev.gale.impl.topology;

import dev.gale.tuple.Fields;
import java.io.Serializable;

/** A declared output stream: its fields and whether it is direct. Immutable. */
public record StreamDef(String streamId, Fields fields, boolean direct) implements Serializable {
}
