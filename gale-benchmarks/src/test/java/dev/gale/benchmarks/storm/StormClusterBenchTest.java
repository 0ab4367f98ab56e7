package dev.gale.benchmarks.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.benchmarks.storm.StormClusterBench.Phase;
import dev.gale.benchmarks.storm.StormClusterBench.Result;
import dev.gale.benchmarks.storm.StormClusterBench.Settings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison's arithmetic: the order of each round, the per-round ratios and their summary. */
class StormClusterBenchTest {
    private static Settings settings(String... more) {
        String[] base = {"--storm-classpath", "x", "--storm-classes", "y"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return StormClusterBench.parse(all);
    }

    private static Result result(String engine, int round, double trees, double pacedTrees, double pacedP99) {
        return new Result(engine, round, new Phase(trees, 100, 300, 400), new Phase(pacedTrees, 2, pacedP99, 9), 0, 10, 2);
    }

    @Test
    void roundsAlternateWhichEngineGoesFirstStartingWithStormsByDefault() {
        Settings s = settings();
        assertThat(s.order()).isEqualTo("storm,gale");
        assertThat(s.rate()).isEqualTo(5000);
        assertThat(s.pacedMeasureSecs()).as("as long as the saturated window unless told").isEqualTo(s.measureSecs());
        assertThat(StormClusterBench.orderOf(s.order(), 1)).containsExactly("storm", "gale");
        assertThat(StormClusterBench.orderOf(s.order(), 2)).containsExactly("gale", "storm");
        assertThat(StormClusterBench.orderOf(s.order(), 3)).containsExactly("storm", "gale");
        assertThat(StormClusterBench.orderOf("gale,storm", 2)).containsExactly("storm", "gale");
    }

    @Test
    void togetherRunsBothSidesInEachRoundAndTheTableSaysSoWithEachSidesWorkers() {
        assertThat(settings().together()).as("one side at a time unless told").isFalse();
        Settings s = settings("--together", "--repeats", "1", "--rate", "1000");
        assertThat(s.together()).isTrue();

        String table = StormClusterBench.table(List.of(result("storm", 1, 20_000, 1000, 5.0),
                result("gale", 1, 19_000, 1000, 5.5)), Duration.ofSeconds(5), 1L << 30, s);

        assertThat(table).contains("both sides at once in each round (4 worker slots)")
                .containsPattern("storm +1 +2 +20000").containsPattern("gale +1 +2 +19000");
    }

    @Test
    void aControlRunSaysSoSoItsTableIsNeverTakenForGales() {
        List<Result> results = List.of(result("storm", 1, 20_000, 1000, 5.0), result("gale", 1, 19_000, 1000, 5.5));
        assertThat(StormClusterBench.table(results, Duration.ofSeconds(5), 1L << 30, settings("--together")))
                .doesNotContain("A/A CONTROL");
        assertThat(StormClusterBench.table(results, Duration.ofSeconds(5), 1L << 30, settings("--together", "--control")))
                .contains("A/A CONTROL: the side labelled gale runs Storm's API too");
    }

    @Test
    void badSettingsAreRefusedNamingThem() {
        assertThatThrownBy(() -> settings("--order", "gale,flink")).hasMessageContaining("--order");
        assertThatThrownBy(() -> settings("--rate", "-1")).hasMessageContaining("--rate");
        assertThatThrownBy(() -> settings("--speed", "1")).hasMessageContaining("unknown option --speed");
    }

    @Test
    void theSummaryTakesTheMedianOfEachRoundsRatioAndCountsTheRoundsMeetingEachGoal() {
        Settings s = settings("--repeats", "3", "--rate", "1000");
        List<Result> results = List.of(
                result("storm", 1, 20_000, 1000, 5.0), result("gale", 1, 19_000, 1000, 5.5),
                result("gale", 2, 15_000, 998, 7.0), result("storm", 2, 10_000, 999, 4.0),
                result("storm", 3, 16_000, 1000, 6.0), result("gale", 3, 12_000, 1000, 6.2));

        String rounds = StormClusterBench.rounds(results, s);

        assertThat(rounds).contains("    1  storm              0.950").contains("    2   gale              1.500")
                .contains("    3  storm              0.750");
        assertThat(rounds).contains("median Gale/Storm 0.950 (adapter cost 5.0%, goal < 10%), spread 0.750 to 1.500;"
                + " 2 of 3 rounds within 10%");
        assertThat(rounds).contains("p99 at 1000/s: median Gale-Storm +0.50 ms (goal < 1 ms), spread +0.20 to +3.00 ms;"
                + " 2 of 3 rounds under 1 ms");
    }

    @Test
    void aRoundWhoseRateWasNotReachedIsLeftOutOfTheLatencyGoalAndSaidSo() {
        Settings s = settings("--repeats", "2", "--rate", "1000");
        List<Result> results = List.of(
                result("storm", 1, 20_000, 1000, 5.0), result("gale", 1, 19_000, 700, 50),
                result("gale", 2, 15_000, 1000, 4.0), result("storm", 2, 15_000, 1000, 4.5));

        String rounds = StormClusterBench.rounds(results, s);

        assertThat(rounds).contains("NO").contains("1 of 1 rounds under 1 ms (1 rounds left out: the rate was not reached)");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(StormClusterBench.median(new double[] {1, 2, 4, 10})).isEqualTo(3);
        assertThat(StormClusterBench.median(new double[] {7})).isEqualTo(7);
    }
}
