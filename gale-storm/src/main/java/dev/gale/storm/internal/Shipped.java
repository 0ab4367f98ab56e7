package dev.gale.storm.internal;

import java.io.Serializable;
import java.util.Map;

/**
 * What every wrapper carries to the workers besides its Gale component: the topology's facts,
 * what Storm is not given of the topology's and the component's configuration (values JSON cannot
 * carry, Gale-only keys: see {@link ConfTranslator}), and the part of the component's
 * configuration Storm is given. Immutable.
 *
 * @param facts              the Gale topology's streams and subscriptions
 * @param topologyConf       the topology's configuration Storm is not given
 * @param componentConf      the component's own configuration Storm is not given
 * @param stormComponentConf the JSON part of {@code componentConf}, normalized as Storm wants it
 * @param checkSerialization whether emits are checked with {@link KryoValueCheck}
 */
public record Shipped(TopologyFacts facts, Map<String, Object> topologyConf, Map<String, Object> componentConf,
                      Map<String, Object> stormComponentConf, boolean checkSerialization) implements Serializable {
}
