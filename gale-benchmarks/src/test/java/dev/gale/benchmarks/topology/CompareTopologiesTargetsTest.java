package dev.gale.benchmarks.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.benchmarks.topology.CompareTopologies.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The targets line of the comparison: checked on the runs as a whole (median, worst run), not the best. */
class CompareTopologiesTargetsTest {

    private static List<Run> runs(String engine, String scenario, String key, double... values) {
        List<Run> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            out.add(new Run(engine, scenario, i + 1, 20, Map.of(key, values[i]), null, null));
        }
        return out;
    }

    private static String line(List<String> targets, String containing) {
        return targets.stream().filter(t -> t.contains(containing)).findFirst()
                .orElseThrow(() -> new AssertionError("no target line with '" + containing + "' in " + targets));
    }

    @Test
    void aWorstRunMoreThan15PercentUnderTheMedianMissesEvenIfTheMedianIsFine() {
        List<Run> all = new ArrayList<>(runs("gale", "ack-1000", "acked_per_s", 5.0e6, 4.9e6, 3.9e6, 5.2e6, 5.1e6));
        all.addAll(runs("flink", "pass-through-unfused", "sink_per_s", 2.8e6, 2.7e6, 3.6e6));
        List<String> targets = CompareTopologies.targets(all);
        assertThat(line(targets, "ack-1000: Gale's worst run within 15% of its median")).startsWith("MISSED")
                .contains("-22%");
        assertThat(line(targets, "worst ack-1000 run >= Flink's unfused median")).startsWith("MET");
    }

    @Test
    void steadyRunsAndAWordCountAheadByAFifthMeetTheirTargets() {
        List<Run> all = new ArrayList<>(runs("gale", "wordcount", "acked_per_s", 1.30e6, 1.25e6, 1.35e6));
        all.addAll(runs("flink", "wordcount", "acked_per_s", 1.05e6, 1.00e6, 1.10e6));
        List<String> targets = CompareTopologies.targets(all);
        assertThat(line(targets, "wordcount: Gale's worst run within 15% of its median")).startsWith("MET");
        assertThat(line(targets, ">= 1.2x Flink's")).startsWith("MET").contains("1.24x");
    }

    @Test
    void aWordCountAheadByLessThanAFifthMissesThe12xTarget() {
        List<Run> all = new ArrayList<>(runs("gale", "wordcount", "acked_per_s", 1.10e6, 1.08e6, 1.12e6));
        all.addAll(runs("flink", "wordcount", "acked_per_s", 1.07e6, 1.05e6, 1.09e6));
        List<String> targets = CompareTopologies.targets(all);
        assertThat(line(targets, ">= 1.2x Flink's")).startsWith("MISSED");
        assertThat(line(targets, "acked sentences/s >= Flink's sentences/s")).startsWith("MET");
    }
}
