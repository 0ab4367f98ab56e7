package dev.gale.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.starter.spout.RandomSentenceSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class WordCountTopologyTest {

    @Test
    void eachWordIsCountedByOneTaskWithoutRepeats() {
        Collect collect = new Collect();
        TopologyBuilder builder = WordCountTopology.builder();
        builder.setBolt("collect", collect).shuffleGrouping("count");
        Config conf = new Config();
        conf.setMaxTaskParallelism(3); // as the example's main does
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("word-count", conf, builder.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(() -> collect.size() >= 60);
            assertThat(cluster.getTopologyStats("word-count").component("count").orElseThrow().tasks()).hasSize(3);
            cluster.killTopology("word-count");
        }

        Set<String> vocabulary = Arrays.stream(RandomSentenceSpout.SENTENCES)
                .flatMap(s -> Arrays.stream(s.split(" "))).collect(Collectors.toSet());
        Map<String, List<Integer>> countsByWord = collect.seen().stream().collect(Collectors.groupingBy(
                v -> (String) v.get(0), Collectors.mapping(v -> (Integer) v.get(1), Collectors.toList())));
        assertThat(vocabulary).containsAll(countsByWord.keySet());
        // One task counts each word (fields grouping), so its running counts never repeat.
        countsByWord.forEach((word, counts) -> assertThat(counts).as(word).doesNotHaveDuplicates()
                .allSatisfy(c -> assertThat(c).isBetween(1, counts.size() + 16)));
    }

    @Test
    void splitSentenceAndWordCountAreSerializableComponents() {
        assertThat(WordCountTopology.createTopology()).isNotNull();
    }
}
