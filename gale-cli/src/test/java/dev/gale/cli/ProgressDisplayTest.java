package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.examples.ReliableWordCount.Progress;
import dev.gale.stats.LatencySummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {
    /** Figures as wide as the demo's get: five-character counts and sub-millisecond latencies. */
    private static final Progress WIDE = new Progress(13_250, 13_250, 13_249, 11_523, 11_498, 20_000);
    private static final LatencySummary SUB_MS = new LatencySummary(13_249, 0.31, 0.29, 0.54, 1.9, 3.2);

    @Test
    void theDemoLineKeepsEveryRequiredFigureOnAnEightyColumnTerminal() {
        StringWriter err = new StringWriter();
        try (ProgressDisplay display = new ProgressDisplay(new PrintWriter(err), ProgressDisplay.Mode.live, 1, 80)) {
            display.update(DemoCommand.statusSegments(WIDE, 12.3, 6_520, SUB_MS), "log line");
        }
        String drawn = err.toString().split("\r")[1].replace("\033[K", "");
        assertThat(drawn).hasSizeLessThanOrEqualTo(79)
                .contains("emit 13.3k", "ack 13.2k", "fail 11.5k", "replay 11.5k")
                .contains("p50/p99 0.29/0.54ms")
                .contains("6.52k/s");
    }

    @Test
    void slowTreesAndMillionsStillFitWithTheLatency() {
        Progress millions = new Progress(2_000_000, 1_990_000, 1_980_000, 99_000, 98_000, 0);
        LatencySummary slow = new LatencySummary(10, 900, 1_234, 9_876, 9_900, 9_999);
        String line = ProgressDisplay.fit(DemoCommand.statusSegments(millions, 123.4, 99_900, slow), 80);
        assertThat(line).hasSizeLessThanOrEqualTo(79).contains("p50/p99 1234/9876ms").contains("emit 1.99M");
    }

    @Test
    void onAWideTerminalTheElapsedTimeShowsTooAndBeforeAnyTreeTheLatencyIsADash() {
        String line = ProgressDisplay.fit(DemoCommand.statusSegments(new Progress(100, 3, 0, 0, 0, 0), 0.4, Double.NaN,
                LatencySummary.EMPTY), 120);
        assertThat(line).isEqualTo("0% emit 3 ack 0 fail 0 replay 0  p50/p99 -  -/s  0.4s");
    }

    @Test
    void aNarrowTerminalDropsTheLeastImportantPartsAndNeverWritesIntoTheLastColumn() {
        List<String> segments = DemoCommand.statusSegments(WIDE, 12.3, 6_520, SUB_MS);
        assertThat(ProgressDisplay.fit(segments, 60)).isEqualTo(segments.get(0));
        assertThat(ProgressDisplay.fit(segments, 30)).hasSize(29).isEqualTo(segments.get(0).substring(0, 29));
    }
}
