package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.gale.cli.launcher.Run.Row;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example {@code gale run --help} lists, run through {@code ./gale run NAME} as a user types
 * it: exit 0, no ERROR line (but those an example logs on purpose), the counters moved, the
 * example's own result there, and nothing left running. kafka-wordcount and kafka-exactly-once have their own tests
 * ({@link KafkaIT}): it needs a broker.
 */
class ExamplesIT {
    private static final Pattern HELP_EXAMPLE = Pattern.compile("^  ([a-z][a-z-]+) {2,}\\S", Pattern.MULTILINE);
    private static final Pattern COUNT_EMIT =
            Pattern.compile("Emitting: bolt 'count' \\(task \\d+\\) default \\[[a-z']+, \\d+]");

    @TempDir
    static Path dir;

    /** An example: how long to run it and what its run must show. */
    private record Example(String name, int seconds, String needs, Consumer<Run> check) {
    }

    private static final Map<String, Example> EXAMPLES = new LinkedHashMap<>();

    private static void example(String name, int seconds, Consumer<Run> check) {
        example(name, seconds, null, check);
    }

    private static void example(String name, int seconds, String needs, Consumer<Run> check) {
        EXAMPLES.put(name, new Example(name, seconds, needs, check));
    }

    static {
        // The Python splitter: its interpreters start before the first sentence goes out, slowly on
        // a loaded machine.
        example("wordcount", 20, "python3", r -> {
            assertThat(r.row("split").executed()).isPositive();
            assertThat(r.row("count").emitted()).isPositive();
            // The word counts themselves: the example turns on debug, so every count is printed.
            assertThat(r.out + r.err).containsPattern(COUNT_EMIT);
            assertThat(r.out).doesNotContain("Last errors");
        });
        example("exclamation", 4, r -> {
            assertThat(r.row("exclaim-more").executed()).isPositive();
            assertThat(r.row("exclaim-more").acked()).isEqualTo(r.row("exclaim-more").executed());
        });
        example("singlejoin", 6, r -> {
            // 8 stations, each joined from a station record and a reading; the 9th reading waits.
            assertThat(r.row("join").emitted()).isEqualTo(8);
            assertThat(r.row("stations").acked()).isEqualTo(8);
            assertThat(r.row("readings").acked()).isEqualTo(8);
        });
        example("reliable-wordcount", 60, r ->
                assertThat(r.out).containsPattern("OK: all [\\d,]+ lines fully processed and the word counts equal"));
        example("rolling-top-words", 8, r -> {
            assertThat(r.row("top").emitted()).isPositive();
            assertThat(r.out).containsPattern("top words of the last 12 s: 1\\. [a-z]+ \\(\\d+\\)");
        });
        example("lambda", 4, r -> assertThat(r.out).containsPattern("(?m)^\\d+ knots: force \\d+, [a-z ]+$"));
        example("anchored-wordcount", 4, r -> {
            assertThat(r.row("sentences").acked()).isPositive();
            assertThat(r.row("count").executed()).isPositive();
        });
        example("multiple-logger", 4, r -> {
            assertThat(r.row("report").executed()).isPositive();
            // Each named logger at its own level: INFO and WARN show, the DEBUG trace does not.
            assertThat(r.err).containsPattern("INFO dev\\.gale\\.examples\\.weather - weather: [a-z]+")
                    .contains("WARN dev.gale.examples.weather.warnings - warning: ")
                    .doesNotContain("dev.gale.examples.weather.trace");
        });
        example("sliding-window", 10, r -> {
            assertThat(r.row("peaks").emitted()).isPositive();
            assertThat(r.out).containsPattern("peak gusts of the last 4 windows: \\d+ to \\d+ kn");
        });
        example("sliding-tuple-ts", 12, r -> assertThat(r.out)
                .containsPattern("measured [\\d:.]+ to [\\d:.]+: \\d+ readings, peak \\d+ kn"));
        example("join-bolt", 15, r -> {
            assertThat(r.row("join").emitted()).isEqualTo(6);
            assertThat(r.out).contains("joined: ridge (Ridge Mast): 39 kn", "joined: buoy-7 (null): 17 kn");
        });
        example("skewed-rolling-top-words", 8, r -> {
            assertThat(r.row("merge").emitted()).isPositive();
            assertThat(r.out).containsPattern("top words of the last 12 s, skewed: 1\\. mistral \\(\\d+\\)");
        });
        example("multithread-wordcount", 6, r -> {
            assertThat(r.row("count").executed()).isPositive();
            assertThat(r.row("sentences").acked()).isPositive();
            // The splitter's metric v1 through LoggingMetricsConsumer, as the example registers it.
            assertThat(r.err).containsPattern("INFO dev.gale.metric.LoggingMetricsConsumer - .*words-from-pool");
        });
        example("fast-wordcount", 4, r -> {
            assertThat(r.row("count").executed()).isPositive();
            assertThat(r.row("sentences").acked()).isPositive();
        });
        // No failed tuple (checked for every example below): no number arrived out of order.
        example("in-order-delivery", 4, r -> assertThat(r.row("check").executed()).isPositive());
        example("stateful", 6, r -> {
            assertThat(r.out).containsPattern("new record at [a-z-]+: \\d+ kn \\(was \\d+ kn\\)");
            assertThat(r.row("readings").acked()).isPositive();
        });
        example("stateful-windowing", 6, r -> assertThat(r.out)
                .containsPattern("window \\d+: mean \\d+\\.\\d kn; \\d+ gusty so far"));
        example("persistent-windowing", 12, "redis-server", r -> {
            assertThat(r.out).containsPattern("window \\d+: \\d+ readings, peak \\d+ kn, record \\d+ kn");
            assertThat(r.row("$checkpointspout").acked()).isPositive();
        });
    }

    /** Examples that fail tuples on purpose, to show replay. */
    private static final List<String> INJECTS_FAILURES = List.of("reliable-wordcount");

    @Test
    void everyExampleTheHelpListsIsRunHere() {
        Run help = new Launcher(dir).run("run", "--help").succeeded();
        List<String> listed = new ArrayList<>();
        String examples = help.out.substring(help.out.indexOf("Examples:"), help.out.indexOf("A class is run"));
        Matcher m = HELP_EXAMPLE.matcher(examples);
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertThat(listed).hasSizeGreaterThan(15);
        List<String> here = new ArrayList<>(EXAMPLES.keySet());
        here.add("kafka-wordcount");
        here.add("kafka-exactly-once");
        assertThat(here).containsExactlyInAnyOrderElementsOf(listed);
    }

    @TestFactory
    Stream<DynamicTest> eachExampleRunsThroughTheLauncher() {
        return EXAMPLES.values().stream().map(e -> dynamicTest(e.name(), () -> {
            if (e.needs() != null) {
                Prerequisites.require(e.needs());
            }
            Redis redis = e.name().equals("persistent-windowing") ? Redis.onTheExamplesPort() : null;
            try {
                Run r = new Launcher(dir).run("run", e.name(), "--seconds", String.valueOf(e.seconds()),
                        "--progress", "off");
                assertThat(r.status).as("exit status of %s", r).isZero();
                assertThat(r.errorLines()).as("ERROR lines of %s", r).isEmpty();
                Map<String, Row> summary = r.summary();
                assertThat(summary).as("summary of %s", r).isNotEmpty();
                if (!INJECTS_FAILURES.contains(e.name())) {
                    assertThat(summary.values()).as("failed tuples in %s", r).allSatisfy(row ->
                            assertThat(row.failed()).isZero());
                }
                assertThat(summary.values().stream().filter(row -> row.kind().equals("spout")))
                        .as("spouts of %s", r).anySatisfy(row -> assertThat(row.emitted()).isPositive());
                e.check().accept(r);
                r.leftNothingBehind();
            } finally {
                if (redis != null) {
                    redis.close();
                }
            }
        }));
    }
}
