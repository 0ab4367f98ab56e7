package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.metric.LoggingMetricsConsumer;
import dev.gale.stats.MetricV1Value;
import dev.gale.time.SimulatedClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * storm-starter's MultiThreadWordCountTopology as it is (only its imports changed), run through
 * its main on simulated time: its split bolt emits every word from a pool of six threads of its
 * own, and registers a metric v1 read every second, which LoggingMetricsConsumer receives.
 */
class MultiThreadWordCountTopologyTest {

    @Test
    void itsOneSecondMetricReachesTheLoggingConsumerEverySecond() {
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            MultiThreadWordCountTopology.main(new String[] {"mt"});
            cluster.waitForIdle();
            for (int i = 0; i < 30; i++) {
                clock.advanceMillis(100);
            }
            List<MetricV1Value> values = cluster.getMetricV1Values("mt");
            assertThat(values).singleElement().satisfies(v -> {
                assertThat(v.componentId()).isEqualTo("split");
                assertThat(v.name()).isEqualTo("dummy-counter");
                assertThat(v.value()).isEqualTo(0);
                assertThat(v.bucketSecs()).isEqualTo(1);
                assertThat(v.timestampSecs()).isEqualTo(3);
            });
            String consumer = Constants.METRICS_COMPONENT_ID_PREFIX + LoggingMetricsConsumer.class.getCanonicalName();
            assertThat(cluster.getTopologyStats("mt").component(consumer).orElseThrow().executed()).isEqualTo(3);
        }
    }

    @Test
    void everyWordEmittedFromTheSplitBoltsThreadsIsCounted(@TempDir Path dir) throws Exception {
        Path conf = dir.resolve("hooks.yaml");
        Files.writeString(conf, "topology.auto.task.hooks:\n  - " + EmitRecorder.class.getName() + "\n");
        EmitRecorder.clear();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            MultiThreadWordCountTopology.main(new String[] {"mt-words", "-conf", conf.toString()});
            for (int i = 0; i < 20; i++) {
                clock.advanceMillis(100); // the spout sleeps 100 ms (simulated) before each sentence
            }
            cluster.deactivate("mt-words");
            clock.advanceMillis(100);
            Map<String, Integer> expected = new HashMap<>();
            for (List<Object> sentence : EmitRecorder.of("spout")) {
                for (String w : ((String) sentence.get(0)).split("\\s+")) {
                    expected.merge(w, 1, Integer::sum);
                }
            }
            assertThat(expected).isNotEmpty();
            // The words are emitted by the pool's threads, outside the executors: wait for them.
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                cluster.waitForIdle();
                Map<String, Integer> counted = new HashMap<>();
                for (List<Object> wordCount : EmitRecorder.of("count")) {
                    counted.merge((String) wordCount.get(0), (Integer) wordCount.get(1), Math::max);
                }
                assertThat(counted).isEqualTo(expected);
            });
        }
    }
}
