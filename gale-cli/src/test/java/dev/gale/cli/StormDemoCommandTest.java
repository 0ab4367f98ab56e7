package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.examples.ReliableWordCount.Progress;
import org.apache.storm.generated.TopologySummary;
import org.junit.jupiter.api.Test;

/** gale storm-demo's options and progress line (the demo itself runs in CI, from .ci/run). */
class StormDemoCommandTest {

    @Test
    void badOptionsAreUsageErrorsNamingTheOption() {
        MainTest.Result r = MainTest.gale("storm-demo", "--passes", "0");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale storm-demo: --passes must be from 1 to 100000, got 0");
        assertThat(MainTest.gale("storm-demo", "--fail-fraction", "1").oneLineError())
                .isEqualTo("gale storm-demo: --fail-fraction must be at least 0 and below 1, got 1.0");
    }

    @Test
    void itIsListedInTheHelp() {
        assertThat(MainTest.gale("--help").out()).contains("storm-demo");
        assertThat(MainTest.gale("help", "storm-demo").out()).contains("2 worker slots").contains("pid");
    }

    @Test
    void theProgressLineShowsNimbusSummaryAndTheLinesAcked() {
        TopologySummary t = new TopologySummary();
        t.set_status("ACTIVE");
        t.set_num_workers(2);
        t.set_num_executors(10);
        t.set_num_tasks(10);
        t.set_uptime_secs(12);
        String line = StormDemoCommand.progressLine(t, new Progress(126, 126, 100, 7, 7, 3));
        assertThat(line).contains("nimbus: ACTIVE, 2 workers, 10 executors, 10 tasks, up 12 s")
                .contains("lines acked 100/126, failed 7, replayed 7");
        assertThat(StormDemoCommand.progressLine(null, new Progress(126, 0, 0, 0, 0, 0))).contains("not scheduled yet");
    }
}
