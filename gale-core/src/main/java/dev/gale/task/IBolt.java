package dev.gale.task;

import dev.gale.tuple.Tuple;
import java.io.Serializable;
import java.util.Map;

/**
 * A processor of tuples. Every input must eventually be acked or failed through the collector
 * (acking may happen later, e.g. in a join or batch). Each task has its own instance, called
 * from one thread.
 */
public interface IBolt extends Serializable {

    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector);

    void execute(Tuple input);

    void cleanup();
}
