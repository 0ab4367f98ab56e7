package dev.gale.topology;

import java.io.Serializable;
import java.util.Map;

/**
 * What every spout and bolt has: the streams it emits, and optional component configuration.
 *
 * <p>Components are serializable because every task runs its own copy of the submitted object.
 */
public interface IComponent extends Serializable {

    /** Declares the output streams and their fields. Called once, when the topology is built. */
    void declareOutputFields(OutputFieldsDeclarer declarer);

    /** Configuration for this component only (e.g. tick frequency), or null. */
    Map<String, Object> getComponentConfiguration();
}
