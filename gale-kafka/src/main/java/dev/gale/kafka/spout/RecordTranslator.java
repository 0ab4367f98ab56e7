package dev.gale.kafka.spout;

import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Turns a Kafka record into the values of a tuple, and says which streams and fields the spout
 * declares. Return a {@link KafkaTuple} routed to a stream to emit on a stream other than the
 * first one of {@link #streams()}; return {@code null} to skip the record (it then counts as
 * processed, unless {@code setEmitNullTuples(true)}). Called on the spout's thread only.
 */
public interface RecordTranslator<K, V> extends Serializable, Func<ConsumerRecord<K, V>, List<Object>> {
    List<String> DEFAULT_STREAM = Collections.singletonList("default");

    @Override
    List<Object> apply(ConsumerRecord<K, V> record);

    /** The fields of the tuples emitted on {@code stream}. */
    Fields getFieldsFor(String stream);

    /** Every stream this translator emits on; the first is where plain lists go. */
    default List<String> streams() {
        return DEFAULT_STREAM;
    }
}
