package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.LocalCluster;
import dev.gale.metric.LoggingMetricsConsumer;
import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.stats.ComponentStats;
import dev.gale.task.IErrorReporter;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link ThreadPoolWordCount}: words emitted from the bolt's own threads are all counted, acked and metered. */
class ThreadPoolWordCountTest {

    /** Records the value of every bucket of "words-from-pool". */
    public static class Buckets implements IMetricsConsumer {
        static final Queue<Long> WORDS = new ConcurrentLinkedQueue<>();

        @Override
        public void prepare(Map<String, Object> conf, Object argument, TopologyContext context, IErrorReporter reporter) {
        }

        @Override
        public void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints) {
            dataPoints.stream().filter(p -> p.name.equals("words-from-pool")).forEach(p -> WORDS.add((Long) p.value));
        }

        @Override
        public void cleanup() {
        }
    }

    @BeforeEach
    void clear() {
        EmitLog.clear();
        Buckets.WORDS.clear();
    }

    @Test
    void everyWordThePoolEmitsIsCountedItsSentenceAckedAndTheMetricAddsUpToThem() {
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
                .withDaemonConf(EmitLog.daemonConf()).build()) {
            Config conf = new Config();
            conf.registerMetricsConsumer(Buckets.class);
            cluster.submitTopology("pool-wc", conf, ThreadPoolWordCount.createTopology(conf));
            for (int i = 0; i < 40; i++) {
                clock.advanceMillis(50); // the spout pauses 50 ms (simulated) before each sentence
            }
            cluster.deactivate("pool-wc");
            List<List<Object>> sentences = EmitLog.of("sentences");
            Map<String, Integer> expected = new HashMap<>();
            sentences.forEach(s -> Words.of((String) s.get(0)).forEach(w -> expected.merge(w, 1, Integer::sum)));
            int words = expected.values().stream().mapToInt(Integer::intValue).sum();
            assertThat(sentences).hasSizeGreaterThanOrEqualTo(10);

            // The pool's threads run outside the engine's view of idleness: wait for their work.
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                clock.advanceMillis(10);
                cluster.waitForIdle();
                assertThat(cluster.getTopologyStats("pool-wc").component("sentences").orElseThrow().acked())
                        .isEqualTo(sentences.size());
            });
            Map<String, Integer> counted = new HashMap<>();
            EmitLog.of("count").forEach(c -> counted.merge((String) c.get(0), (Integer) c.get(1), Math::max));
            assertThat(counted).isEqualTo(expected);
            ComponentStats spout = cluster.getTopologyStats("pool-wc").component("sentences").orElseThrow();
            assertThat(spout.failed()).isZero();

            // Metrics v1: each one-second bucket holds the words the pool emitted in it; together, all of them.
            clock.advanceMillis(1_000);
            cluster.waitForIdle();
            assertThat(cluster.getMetricV1Values("pool-wc")).singleElement().satisfies(v -> {
                assertThat(v.componentId()).isEqualTo("split");
                assertThat(v.name()).isEqualTo("words-from-pool");
                assertThat(v.bucketSecs()).isEqualTo(1);
            });
            assertThat(Buckets.WORDS.stream().mapToLong(Long::longValue).sum()).isEqualTo(words);
            // The example's own consumer got the same buckets as the test's.
            String consumer = Constants.METRICS_COMPONENT_ID_PREFIX + LoggingMetricsConsumer.class.getCanonicalName();
            assertThat(cluster.getTopologyStats("pool-wc").component(consumer).orElseThrow().executed())
                    .isEqualTo(Buckets.WORDS.size());
        }
    }
}
