package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.stats.ComponentKind;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TaskStats;
import dev.gale.stats.TopologyStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FormatTest {
    private static final LatencySummary LINES = new LatencySummary(13_250, 40, 25.6, 210, 270, 271);

    private static ComponentStats spout(String id, LatencySummary... perTask) {
        List<TaskStats> tasks = new ArrayList<>();
        for (int i = 0; i < perTask.length; i++) {
            tasks.add(new TaskStats(id, i + 1, 25_590, 25_590, 0, 13_250, 12_340, 0, perTask[i], 0));
        }
        return new ComponentStats(id, ComponentKind.SPOUT, tasks, List.of(), 0);
    }

    private static ComponentStats bolt(String id, ComponentKind kind) {
        return new ComponentStats(id, kind, List.of(new TaskStats(id, 9, 328_977, 328_977, 692_590, 312_433, 16_544,
                0.045, null, 0)), List.of(), 0);
    }

    @Test
    void spoutRowsShowTheirCompleteLatencyAndTheTableFitsEightyColumns() {
        TopologyStats stats = new TopologyStats("t", 1_000, List.of(spout("lines", LINES, LINES),
                bolt("split", ComponentKind.BOLT), bolt("__acker", ComponentKind.ACKER)), LINES);
        List<String> table = Format.table(stats, List.of("lines", "split"));
        assertThat(table.get(0)).endsWith("latency ms");
        assertThat(table.get(1)).startsWith("  lines").endsWith(" 26/210");
        assertThat(table.get(2)).startsWith("  split").endsWith(" 0.045");
        assertThat(table.get(3)).startsWith("  __acker").endsWith(" -");
        assertThat(table.get(4)).contains("complete latency p50/p99").contains("mean execute time");
        assertThat(table).allSatisfy(row -> assertThat(row.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void withSeveralSpoutsOnlyASingleTaskSpoutHasAFigureOfItsOwn() {
        LatencySummary fast = new LatencySummary(10, 0.3, 0.29, 0.54, 0.6, 0.7);
        TopologyStats stats = new TopologyStats("t", 1_000, List.of(spout("one", fast), spout("two", LINES, LINES),
                spout("idle", LatencySummary.EMPTY)), LINES);
        List<String> table = Format.table(stats, List.of("one", "two", "idle"));
        assertThat(table.get(1)).startsWith("  one").endsWith(" 0.29/0.54");
        assertThat(table.get(2)).startsWith("  two").endsWith(" -");
        assertThat(table.get(3)).startsWith("  idle").endsWith(" -");
    }

    @Test
    void theCompleteLatencyLineSaysWhenSpoutsEmitWithoutMessageIds() {
        ComponentStats untrackedSpout = new ComponentStats("s", ComponentKind.SPOUT, List.of(new TaskStats("s", 1, 95, 95, 0, 0, 0,
                0, LatencySummary.EMPTY, 0)), List.of(), 0);
        ComponentStats idleAcker = new ComponentStats("__acker", ComponentKind.ACKER, List.of(new TaskStats("__acker", 9, 0, 0, 0, 0,
                0, 0, null, 0)), List.of(), 0);
        assertThat(Format.completeLatency(new TopologyStats("t", 1, List.of(untrackedSpout, idleAcker),
                LatencySummary.EMPTY))).isEqualTo("none: the spouts emit without message ids, so nothing is tracked "
                + "(acked and failed stay 0)");
        assertThat(Format.completeLatency(new TopologyStats("t", 1, List.of(untrackedSpout), LatencySummary.EMPTY)))
                .as("no acker at all").contains("without message ids");

        ComponentStats busyAcker = new ComponentStats("__acker", ComponentKind.ACKER, List.of(new TaskStats("__acker", 9, 0, 0, 95,
                0, 0, 0, null, 0)), List.of(), 0);
        assertThat(Format.completeLatency(new TopologyStats("t", 1, List.of(untrackedSpout, busyAcker),
                LatencySummary.EMPTY))).as("tracked, not complete yet").isEqualTo("no tuple trees completed");
        ComponentStats idleSpout = new ComponentStats("s", ComponentKind.SPOUT, List.of(), List.of(), 0);
        assertThat(Format.completeLatency(new TopologyStats("t", 1, List.of(idleSpout), LatencySummary.EMPTY)))
                .as("nothing emitted").isEqualTo("no tuple trees completed");
        assertThat(Format.completeLatency(new TopologyStats("t", 1, List.of(untrackedSpout), LINES)))
                .startsWith("p50 ");
    }
}
