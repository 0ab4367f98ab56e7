package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.examples.AnchoredWordCount.AnchoringSplitBolt;
import dev.gale.testing.BoltTester;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link AnchoredWordCount}: the counts, and a sentence's fate tied to its words'. */
class AnchoredWordCountTest {

    @Test
    void countsEveryWordAndAcksEachSentenceOnceItsWordsAreCounted() {
        CompletedTopology result = Testing.completeTopology(AnchoredWordCount.createTopology(new Config()),
                new MockedSources().withMockData("sentences", new Values("Rain, then more rain."), new Values("Rain stops")));

        assertThat(result.emitted("count")).containsExactlyInAnyOrder(List.of("rain", 1), List.of("rain", 2),
                List.of("rain", 3), List.of("then", 1), List.of("more", 1), List.of("stops", 1));
        assertThat(result.acked("sentences")).hasSize(2);
        assertThat(result.failed("sentences")).isEmpty();
    }

    @Test
    void aSentenceFailsWhenOneOfItsWordsFailsDownstream() {
        TopologyBuilder builder = AnchoredWordCount.builder();
        builder.setBolt("reject-fog", (Tuple word, BasicOutputCollector out) -> {
            if (word.getStringByField("word").equals("fog")) {
                throw new FailedException("no fog allowed");
            }
        }).shuffleGrouping("split");
        CompletedTopology result = Testing.completeTopology(builder.createTopology(), new MockedSources()
                .withMockData("sentences", new Values("clear skies"), new Values("fog at sea")));

        // Mocked sentences get ids 0, 1, ... in the order given.
        assertThat(result.acked("sentences")).containsExactly(0);
        assertThat(result.failed("sentences")).containsExactly(1);
    }

    @Test
    void theSplitterAnchorsEveryWordToItsSentenceThenAcksIt() {
        try (BoltTester bolt = BoltTester.of(new AnchoringSplitBolt()).withSource("sentences", new Fields("sentence"))
                .prepare()) {
            Tuple in = bolt.execute("sentences", new Values("Squall ahead!"));
            assertThat(bolt.emitted()).hasSize(2).allSatisfy(e -> assertThat(e.anchors()).containsExactly(in));
            assertThat(bolt.emitted().stream().map(e -> e.values().get(0))).containsExactly("squall", "ahead");
            assertThat(bolt.acked()).containsExactly(in);
        }
    }
}
