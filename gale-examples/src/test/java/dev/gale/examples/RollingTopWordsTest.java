package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.LocalCluster;
import dev.gale.Testing;
import dev.gale.generated.StormTopology;
import dev.gale.examples.bolt.IntermediateRankingsBolt;
import dev.gale.examples.bolt.RollingCountBolt;
import dev.gale.examples.bolt.TotalRankingsBolt;
import dev.gale.examples.tools.Rankable;
import dev.gale.examples.tools.Rankings;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RollingTopWordsTest {

    @Test
    void rankingsFollowTheSlidingWindowOnSimulatedTime() throws Exception {
        FeederSpout words = new FeederSpout(new Fields("word"));
        AckFailMapTracker tracker = new AckFailMapTracker();
        words.setAckFailDelegate(tracker);
        Collect ranked = new Collect();
        // RollingTopWords' topology, with known words in place of TestWordSpout's random ones.
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("wordGenerator", words);
        builder.setBolt("counter", new RollingCountBolt(9, 3), 4).fieldsGrouping("wordGenerator", new Fields("word"));
        builder.setBolt("intermediateRanker", new IntermediateRankingsBolt(2), 4)
                .fieldsGrouping("counter", new Fields("obj"));
        builder.setBolt("finalRanker", new TotalRankingsBolt(2)).globalGrouping("intermediateRanker");
        builder.setBolt("ranked", ranked).globalGrouping("finalRanker");

        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build()) {
            cluster.submitTopology("rolling", Map.of(), builder.createTopology());
            int id = 0;
            for (String word : List.of("nathan", "bob", "nathan", "joey", "bob", "nathan")) {
                words.feed(new Values(word), id++);
            }
            int fed = id;
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> ackedAll(tracker, fed));

            // One window: counts emitted at 3 s, ranked at 4 s, merged at 6 s; top 2 of 3 words.
            for (int s = 0; s < 6; s++) {
                cluster.advanceClusterTime(1);
            }
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS))
                    .until(() -> Map.of("nathan", 3L, "bob", 2L).equals(latest(ranked)));
            assertThat(latest(ranked).keySet()).containsExactly("nathan", "bob");

            // Nothing new: after the 9 s window has slid past the words, the total ranking empties.
            for (int s = 0; s < 15; s++) {
                cluster.advanceClusterTime(1);
            }
            await().atMost(Duration.ofMillis(Testing.TEST_TIMEOUT_MS)).until(() -> latest(ranked).isEmpty());
        }
    }

    @Test
    void theTopologyHasStormStartersComponents() {
        StormTopology topology = RollingTopWords.createTopology();
        assertThat(topology.get_spouts()).containsOnlyKeys("wordGenerator");
        assertThat(topology.get_bolts()).containsOnlyKeys("counter", "intermediateRanker", "finalRanker");
    }

    private static boolean ackedAll(AckFailMapTracker tracker, int count) {
        for (int i = 0; i < count; i++) {
            if (!tracker.isAcked(i)) {
                return false;
            }
        }
        return true;
    }

    /** The last ranking the final ranker emitted, word to count in rank order (empty before any). */
    private static Map<Object, Long> latest(Collect ranked) {
        List<List<Object>> seen = ranked.seen();
        Map<Object, Long> counts = new LinkedHashMap<>();
        if (seen.isEmpty()) {
            return counts;
        }
        Rankings rankings = (Rankings) seen.get(seen.size() - 1).get(0);
        for (Rankable r : rankings.getRankings()) {
            counts.put(r.getObject(), r.getCount());
        }
        return counts;
    }
}
