package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.cli.MainTest.Result;
import org.junit.jupiter.api.Test;

/**
 * {@code gale kafka-demo} end to end: a real broker in this JVM, two worker JVMs, one killed
 * with SIGKILL and restarted, the output checked.
 */
class KafkaDemoCommandTest {

    @Test
    void demoLosesNothingAcrossAKilledWorkerAndExitsZero() {
        // With the UI on: worker 1 serves it for the whole run, and the demo prints where.
        Result r = MainTest.gale("kafka-demo", "--passes", "60", "--progress", "log", "--ui", "0");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out())
                .contains("Gale kafka demo: 3,180 lines (53 lines x 60 passes)")
                .containsPattern("Broker up at [a-z0-9.]+:\\d+ \\(loopback only")
                .containsPattern("Gale UI \\(worker 1\\): http://127\\.0\\.0\\.1:\\d+/\\?token=\\S+")
                .containsPattern("Killed worker 2 \\(pid \\d+\\) with SIGKILL")
                .containsPattern("process +pid +lines acked +retries +gave up +end")
                .containsPattern("worker 1 +\\d+ +[0-9,]+ +[0-9,]+ +0 +stopped")
                .containsPattern("worker 2 +\\d+ +[0-9,]+ +[0-9,]+ +0 +SIGKILL at [0-9.]+s")
                .containsPattern("worker 2 \\(restarted\\) +\\d+ +[0-9,]+ +[0-9,]+ +0 +stopped")
                .containsPattern("records in \\(lines on gale-lines\\) +3,180\\R")
                .containsPattern("records out \\(words on gale-words\\) +[0-9,]+\\R")
                .containsPattern("duplicates \\(out - distinct\\) +[0-9,]+\\R")
                .containsPattern("retries \\(failed tuple trees replayed\\) +[1-9][0-9,]*\\R")
                .containsPattern("dead letters \\(on gale-lines-dead\\) +0\\R")
                .containsPattern("missing / unexpected keys +0 / 0\\R")
                .contains("OK: exact.");
        assertThat(r.out()).doesNotContain("FAILED", "Worker logs:");
    }

    @Test
    void helpFitsEightyColumns() {
        Result r = MainTest.gale("help", "kafka-demo");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("--passes=N", "SIGKILL", "Exits 0 when the output", "kafka.fail.fraction");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        assertThat(MainTest.gale("--help").out()).contains("kafka-demo");
    }

    @Test
    void badWorkerConfIsOneLineBeforeAnythingStarts() {
        Result r = MainTest.gale("kafka-demo", "--conf", "kafka.fail.fraction=2");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale kafka-demo: kafka.fail.fraction must be at least 0 and below 1, "
                + "got 2.0");
        assertThat(MainTest.gale("kafka-demo", "--passes", "0").oneLineError())
                .isEqualTo("gale kafka-demo: --passes must be from 1 to 100000, got 0");
    }
}
