package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.ErrorInfo;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TopologyStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ErrorFeedTest {
    private static ErrorInfo error(int n) {
        return new ErrorInfo("split", 3, 1_000 + n, "execute threw: java.lang.IllegalStateException: no " + n, "trace");
    }

    private static TopologyStats stats(List<ErrorInfo> errors) {
        return new TopologyStats("t", 1, List.of(new ComponentStats("split", ComponentKind.BOLT, List.of(), errors, 0)),
                LatencySummary.EMPTY);
    }

    @Test
    void eachErrorIsShownOnceAndAFewPerComponent() {
        ErrorFeed feed = new ErrorFeed();
        assertThat(feed.newErrors(stats(List.of(error(1))))).containsExactly(
                "error in bolt 'split' task 3: execute threw: java.lang.IllegalStateException: no 1");
        assertThat(feed.newErrors(stats(List.of(error(1))))).as("seen before").isEmpty();
        List<ErrorInfo> many = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            many.add(error(i));
        }
        assertThat(feed.newErrors(stats(many))).containsExactly(
                "error in bolt 'split' task 3: execute threw: java.lang.IllegalStateException: no 2",
                "error in bolt 'split' task 3: execute threw: java.lang.IllegalStateException: no 3",
                "more errors in bolt 'split'; the summary shows the latest");
        assertThat(feed.newErrors(stats(List.of(error(11))))).isEmpty();
    }
}
