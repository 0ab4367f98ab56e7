package dev.gale.storm.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.examples.ReliableWordCount;
import dev.gale.storm.StormRunner;
import java.time.Duration;
import java.util.Map;
import org.apache.storm.ILocalCluster;
import org.junit.jupiter.api.Test;

/** StormRunner.local: the reliable word count on Storm's own in-process LocalCluster. */
class StormLocalModeIT {

    @Test
    void runsAGaleTopologyOnStormsLocalCluster() throws Exception {
        String tally = Engines.itDir().resolve("tallies").resolve("local-" + System.nanoTime()).toString();
        try (ReliableWordCount job = new ReliableWordCount()) {
            Config conf = ReliableWordCount.defaultConfig(Map.of(ReliableWordCount.FAIL_FRACTION, 0.1,
                    ReliableWordCount.TALLY_DIR, tally));
            try (ILocalCluster cluster = StormRunner.local("local-word-count", conf, job.build(conf))) {
                await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200)).until(job::isComplete);
                assertThat(job.progress().failed()).isPositive();
                assertThat(job.counts()).isEqualTo(job.expectedCounts());
            }
        }
    }
}
