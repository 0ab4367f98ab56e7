package dev.gale.kafka.spout;

import java.io.Serializable;

/**
 * A serializable function, as storm-kafka-client's: turns a record into a tuple in
 * {@link SimpleRecordTranslator} and {@link ByTopicRecordTranslator}. Implementations must be
 * stateless or confined to the spout's thread.
 */
@FunctionalInterface
public interface Func<V, R> extends Serializable {
    R apply(V record);
}
