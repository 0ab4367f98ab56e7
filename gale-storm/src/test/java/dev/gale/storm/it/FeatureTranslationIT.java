package dev.gale.storm.it;

import static dev.gale.storm.it.FeatureTopology.N;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every grouping, a basic bolt, tick tuples, a count window, task and worker hooks, a
 * configuration value's type and a metrics counter, in one topology ({@link FeatureTopology}), on
 * both engines with the same assertions.
 */
@ExtendWith(Engines.class)
class FeatureTranslationIT {

    @ParameterizedTest(name = "{0}")
    @EnumSource(EngineKind.class)
    void everyGroupingAndFeatureBehavesAsOnGale(EngineKind kind, Engines engines) {
        Ledger ledger = engines.ledger(kind);
        try (Engine engine = engines.open(kind)) {
            engine.submit("features", FeatureTopology.conf(ledger), FeatureTopology.build(ledger));
            engine.await("every number acked on both streams, every window out and a tick", Duration.ofMinutes(3),
                    Duration.ofMillis(100), () -> ledger.lines("numbers", "A").size() >= 2 * N
                            && tuples(ledger, "winsink").size() >= N / 5 && !ledger.lines("ticker", "TICK").isEmpty());

            Set<String> acked = ledger.lines("numbers", "A").stream().map(l -> l.word(1)).collect(Collectors.toSet());
            assertThat(acked).hasSize(2 * N);
            assertThat(ledger.lines("numbers", "F")).isEmpty();

            assertThat(numbers(tuples(ledger, "shuffle"))).as("shuffle").isEqualTo(everyNumberOnce());
            assertThat(numbers(tuples(ledger, "none"))).as("none").isEqualTo(everyNumberOnce());
            assertThat(numbers(tuples(ledger, "local"))).as("local or shuffle").isEqualTo(everyNumberOnce());
            assertThat(numbers(tuples(ledger, "ticker"))).as("ticker").isEqualTo(everyNumberOnce());

            // all: every task gets every number
            Map<Integer, List<Ledger.Line>> all = byTask(tuples(ledger, "all"));
            assertThat(all).hasSize(2).allSatisfy((task, lines) -> assertThat(numbers(lines)).isEqualTo(everyNumberOnce()));
            // global: the lowest task gets everything
            Map<Integer, List<Ledger.Line>> global = byTask(tuples(ledger, "global"));
            assertThat(global).hasSize(1);
            assertThat(global.keySet().iterator().next()).isEqualTo(tasksOf(ledger, "global").first());
            // fields: each key to one task; partial key: each key to at most two
            assertThat(tasksPerKey(tuples(ledger, "fields"))).allSatisfy((k, tasks) -> assertThat(tasks).hasSize(1));
            assertThat(numbers(tuples(ledger, "fields"))).isEqualTo(everyNumberOnce());
            assertThat(tasksPerKey(tuples(ledger, "partial"))).hasSize(7)
                    .allSatisfy((k, tasks) -> assertThat(tasks).hasSizeBetween(1, 2));
            assertThat(numbers(tuples(ledger, "partial"))).isEqualTo(everyNumberOnce());
            // custom: even numbers to the first task, odd ones to the last
            TreeSet<Integer> customTasks = tasksOf(ledger, "custom");
            for (Ledger.Line l : tuples(ledger, "custom")) {
                long n = l.number(2);
                assertThat(l.task()).as("custom, n = " + n).isEqualTo(n % 2 == 0 ? customTasks.first() : customTasks.last());
            }
            assertThat(numbers(tuples(ledger, "custom"))).isEqualTo(everyNumberOnce());
            // direct: n to the direct bolt's task n % 2, from a basic bolt
            List<Integer> directTasks = List.copyOf(tasksOf(ledger, "direct"));
            for (Ledger.Line l : tuples(ledger, "direct")) {
                assertThat(l.word(1)).isEqualTo("direct");
                assertThat(l.task()).isEqualTo(directTasks.get((int) (l.number(2) % 2)));
            }
            assertThat(numbers(tuples(ledger, "direct"))).isEqualTo(everyNumberOnce());
            // window: tumbling windows of 5
            List<Ledger.Line> windows = tuples(ledger, "winsink");
            assertThat(windows).hasSize(N / 5).allSatisfy(l -> assertThat(l.number(2)).isEqualTo(5));
            assertThat(windows.stream().mapToLong(l -> l.number(3)).sum()).isEqualTo((long) N * (N - 1) / 2);
            // ticks reach the bolt that asked for them only
            assertThat(ledger.lines("ticker", "TICK")).isNotEmpty();
            assertThat(ledger.lines("shuffle", "TICK")).isEmpty();
            // the auto task hook saw every tuple the shuffle bolt executed
            assertThat(ledger.lines().stream().filter(l -> l.component().equals("hook_shuffle")).count()).isEqualTo(N);
            // each task's configuration: numbers typed as after Storm's JSON round trip (on Gale too), an object JSON
            // cannot carry as it was; the worker hook's resource reaches every task
            List<Ledger.Line> prepared = ledger.lines().stream().filter(l -> l.word(0).equals("P")).toList();
            assertThat(prepared).hasSizeGreaterThanOrEqualTo(20).allSatisfy(l -> {
                assertThat(l.word(2)).isEqualTo("Long");
                assertThat(l.word(3)).isEqualTo("hello_from_the_worker_hook");
                assertThat(l.word(4)).isEqualTo("Duration");
            });
            if (kind == EngineKind.STORM) {
                assertThat(engine.processes("features")).isEqualTo(2);
            }
            engine.kill("features");
        }
    }

    private static List<Ledger.Line> tuples(Ledger ledger, String component) {
        return ledger.lines(component, "T");
    }

    private static List<Integer> everyNumberOnce() {
        return IntStream.range(0, N).boxed().toList();
    }

    /** The numbers of "T stream n" or "T keyed k n" lines, sorted. */
    private static List<Integer> numbers(List<Ledger.Line> lines) {
        return lines.stream().map(l -> Integer.parseInt(l.words().get(l.words().size() - 1))).sorted().toList();
    }

    private static Map<Integer, List<Ledger.Line>> byTask(List<Ledger.Line> lines) {
        return lines.stream().collect(Collectors.groupingBy(Ledger.Line::task));
    }

    private static Map<String, Set<Integer>> tasksPerKey(List<Ledger.Line> lines) {
        return lines.stream().collect(Collectors.groupingBy(l -> l.word(2), Collectors.mapping(Ledger.Line::task,
                Collectors.toCollection(HashSet::new))));
    }

    /** The component's tasks, from the lines they wrote when prepared. */
    private static TreeSet<Integer> tasksOf(Ledger ledger, String component) {
        return ledger.lines(component, "P").stream().map(Ledger.Line::task).collect(Collectors.toCollection(TreeSet::new));
    }
}
