package dev.gale.flux.test;

import dev.gale.flux.api.TopologySource;
import dev.gale.generated.StormTopology;
import java.util.Map;

/**
 * Storm's Flux test topology source, implementing {@link TopologySource}. Storm's spout is a
 * FluxShellSpout running node; Gale has no multilang yet, so a Java word spout stands in.
 */
public class SimpleTopologySource implements TopologySource {

    public SimpleTopologySource() {
    }

    public SimpleTopologySource(String foo, String bar) {
    }

    @Override
    public StormTopology getTopology(Map<String, Object> config) {
        return SimpleTopology.wordsToLog();
    }
}
