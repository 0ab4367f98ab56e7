package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.starter.WordCountTopology.SplitSentence;
import dev.gale.starter.WordCountTopology.WordCount;
import dev.gale.testing.BoltTester;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

class WordCountTopologyTest {

    @Test
    void theTopologyCountsEveryWordWithOneTaskPerWord() {
        // The topology 'gale run wordcount' runs (5 spouts, 8 splitters, 12 counters), with the
        // random sentences replaced by known ones.
        CompletedTopology result = Testing.completeTopology(WordCountTopology.createTopology(), new MockedSources()
                .addMockData("spout", new Values("the cow jumped over the moon"), new Values("the man went to the store")));

        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("the"), List.of("cow"), List.of("jumped"), List.of("over"), List.of("the"), List.of("moon"),
                List.of("the"), List.of("man"), List.of("went"), List.of("to"), List.of("the"), List.of("store"));
        assertThat(result.emitted("count")).containsExactlyInAnyOrder(
                List.of("the", 1), List.of("cow", 1), List.of("jumped", 1), List.of("over", 1), List.of("the", 2),
                List.of("moon", 1), List.of("the", 3), List.of("man", 1), List.of("went", 1), List.of("to", 1),
                List.of("the", 4), List.of("store", 1));
        // All four "the" reach one of the 12 counters (fields grouping), which emits them in order.
        assertThat(result.emitted("count").stream().filter(v -> v.get(0).equals("the")).map(v -> v.get(1)))
                .containsExactly(1, 2, 3, 4);
        assertThat(result.acked("spout")).containsExactlyInAnyOrder(0, 1);
        assertThat(result.failed("spout")).isEmpty();
        assertThat(result.stats().component("split").orElseThrow().tasks()).hasSize(8);
        assertThat(result.stats().component("count").orElseThrow().tasks()).hasSize(12);
    }

    @Test
    void splitSentenceEmitsEachWordAnchoredToTheSentence() {
        try (BoltTester split = BoltTester.of(new SplitSentence()).withSource("spout", new Fields("sentence")).prepare()) {
            Tuple sentence = split.execute("spout", new Values("an apple a day"));
            assertThat(split.emittedValues()).containsExactly(List.of("an"), List.of("apple"), List.of("a"), List.of("day"));
            assertThat(split.emitted()).allSatisfy(e -> assertThat(e.anchors()).containsExactly(sentence));
            assertThat(split.acked()).containsExactly(sentence);
        }
    }

    @Test
    void wordCountEmitsTheRunningCountOfEachWord() {
        try (BoltTester count = BoltTester.of(new WordCount()).withSource("split", new Fields("word")).prepare()) {
            for (String word : List.of("the", "cow", "the", "the", "moon")) {
                count.execute("split", new Values(word));
            }
            assertThat(count.emittedValues()).containsExactly(
                    List.of("the", 1), List.of("cow", 1), List.of("the", 2), List.of("the", 3), List.of("moon", 1));
            assertThat(count.acked()).hasSize(5);
            assertThat(count.failed()).isEmpty();
        }
    }
}
