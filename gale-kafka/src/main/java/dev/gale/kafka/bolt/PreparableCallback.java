package dev.gale.kafka.bolt;

import dev.gale.task.TopologyContext;
import java.io.Serializable;
import java.util.Map;
import org.apache.kafka.clients.producer.Callback;

/**
 * A producer callback the {@link KafkaBolt} also calls after each write, prepared with the bolt.
 * Called on the producer's I/O thread: it must be thread-safe and quick.
 */
public interface PreparableCallback extends Callback, Serializable {
    void prepare(Map<String, Object> topoConf, TopologyContext context);
}
