package dev.gale.examples;

import dev.gale.generated.StormTopology;
import dev.gale.examples.bolt.IntermediateRankingsBolt;
import dev.gale.examples.bolt.RollingCountBolt;
import dev.gale.examples.bolt.TotalRankingsBolt;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.ConfigurableTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * storm-starter's RollingTopWords: the top five words of a sliding window. Words from
 * {@link TestWordSpout} are counted over 9 s windows sliding every 3 s by
 * {@link RollingCountBolt}, ranked in parallel by {@link IntermediateRankingsBolt} and merged by
 * one {@link TotalRankingsBolt}; the rankers emit every 2 s.
 */
public class RollingTopWords extends ConfigurableTopology {
    private static final Logger LOG = LoggerFactory.getLogger(RollingTopWords.class);
    private static final int TOP_N = 5;

    private RollingTopWords() {
    }

    public static void main(String[] args) throws Exception {
        ConfigurableTopology.start(new RollingTopWords(), args);
    }

    /** Used by {@code gale run rolling-top-words} and the tests. */
    public static StormTopology createTopology() {
        return builder().createTopology();
    }

    static TopologyBuilder builder() {
        TopologyBuilder builder = new TopologyBuilder();
        String spoutId = "wordGenerator";
        String counterId = "counter";
        String intermediateRankerId = "intermediateRanker";
        builder.setSpout(spoutId, new TestWordSpout(), 5);
        builder.setBolt(counterId, new RollingCountBolt(9, 3), 4).fieldsGrouping(spoutId, new Fields("word"));
        builder.setBolt(intermediateRankerId, new IntermediateRankingsBolt(TOP_N), 4).fieldsGrouping(counterId,
                                                                                                     new Fields("obj"));
        String totalRankerId = "finalRanker";
        builder.setBolt(totalRankerId, new TotalRankingsBolt(TOP_N)).globalGrouping(intermediateRankerId);
        return builder;
    }

    /**
     * Submits (runs) the topology. Usage: "RollingTopWords [topology-name] [-local] [-ttl SECONDS]";
     * the name defaults to "slidingWindowCounts".
     */
    @Override
    protected int run(String[] args) {
        String topologyName = "slidingWindowCounts";
        if (args.length >= 1) {
            topologyName = args[0];
        }
        LOG.info("Topology name: " + topologyName);
        return submit(topologyName, conf, builder());
    }
}
