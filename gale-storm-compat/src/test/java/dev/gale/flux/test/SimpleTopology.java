package dev.gale.flux.test;

import dev.gale.flux.wrappers.bolts.LogInfoBolt;
import dev.gale.generated.StormTopology;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import java.util.Map;

/**
 * Storm's Flux test topology source that does not implement TopologySource but has its method,
 * and one of another name. A Java word spout stands in for Storm's FluxShellSpout.
 */
public class SimpleTopology {

    public SimpleTopology() {
    }

    public SimpleTopology(String foo, String bar) {
    }

    public StormTopology getTopologyWithDifferentMethodName(Map<String, Object> config) {
        return getTopology(config);
    }

    public StormTopology getTopology(Map<String, Object> config) {
        return wordsToLog();
    }

    /** sentence-spout --shuffle--> log-bolt, as in Storm's test sources. */
    static StormTopology wordsToLog() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentence-spout", new TestWordSpout(), 1);
        builder.setBolt("log-bolt", new LogInfoBolt(), 1).shuffleGrouping("sentence-spout");
        return builder.createTopology();
    }
}
