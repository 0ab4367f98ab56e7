package dev.gale.kafka.bolt.mapper;

import dev.gale.tuple.Tuple;
import java.io.Serializable;

/** Takes the record's key and value out of a tuple. Called on the bolt's thread. */
public interface TupleToKafkaMapper<K, V> extends Serializable {
    K getKeyFromTuple(Tuple tuple);

    V getMessageFromTuple(Tuple tuple);
}
