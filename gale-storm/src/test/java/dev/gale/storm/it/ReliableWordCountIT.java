package dev.gale.storm.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.examples.ReliableWordCount;
import dev.gale.examples.ReliableWordCount.Progress;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Gale's reliable word count (gale-examples), unchanged, on both engines: a bolt fails a share of
 * the words on purpose, the spout replays their lines, and the counts come out exact. On Storm the
 * tasks are spread over two worker processes, so every hand-off between them is serialized.
 */
@ExtendWith(Engines.class)
class ReliableWordCountIT {

    @ParameterizedTest(name = "{0}")
    @EnumSource(EngineKind.class)
    void countsExactlyAlthoughAShareOfTheWordsFailsAndIsReplayed(EngineKind kind, Engines engines) {
        // The tasks report to files: on Storm they run in other processes, where a static registry would be theirs.
        Map<String, Object> settings = Map.of(ReliableWordCount.FAIL_FRACTION, 0.1, ReliableWordCount.PASSES, 2,
                ReliableWordCount.TALLY_DIR, tallyDir(kind));
        try (Engine engine = engines.open(kind); ReliableWordCount job = new ReliableWordCount()) {
            Config conf = ReliableWordCount.defaultConfig(settings);
            engine.submit("reliable-word-count", conf, job.build(conf));
            engine.await("every line acked", Duration.ofMinutes(3), Duration.ofMillis(100), job::isComplete);

            Progress p = job.progress();
            assertThat(p.total()).isEqualTo(2L * ReliableWordCount.text().size());
            assertThat(p.acked()).isEqualTo(p.total());
            assertThat(p.emitted()).isEqualTo(p.total());
            assertThat(p.failed()).as("lines failed by the flaky bolt").isPositive();
            assertThat(p.replayed()).isEqualTo(p.failed());
            assertThat(p.duplicatesIgnored()).as("words of replayed lines counted once").isPositive();
            assertThat(job.counts()).isEqualTo(job.expectedCounts());
            if (kind == EngineKind.STORM) {
                assertThat(engine.processes("reliable-word-count")).as("worker processes running the tasks").isEqualTo(2);
            }
            engine.kill("reliable-word-count");
        }
    }

    private static String tallyDir(EngineKind kind) {
        return Engines.itDir().resolve("tallies").resolve("word-count-" + kind + "-" + System.nanoTime()).toString();
    }
}
