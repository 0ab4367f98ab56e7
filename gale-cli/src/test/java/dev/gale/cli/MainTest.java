package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MainTest {

    /** What one command line run printed, and its exit status. */
    record Result(int status, String out, String err) {
        /** The error output is one line and no stack trace. */
        String oneLineError() {
            assertThat(err.strip().lines().toList()).as("stderr: %s", err).hasSize(1);
            assertThat(err).doesNotContain("\tat ", "Caused by");
            return err.strip();
        }
    }

    /** Runs the command in this JVM, with no environment variables. */
    static Result gale(String... args) {
        return gale(name -> null, args);
    }

    static Result gale(UnaryOperator<String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(environment);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int status = cl.execute(args);
        return new Result(status, out.toString(), err.toString());
    }

    @Test
    void demoExitsZeroAndPrintsTheSummary() {
        Result r = gale("demo", "--passes", "3", "--progress", "log");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out())
                .contains("reliable word count over 159 lines")
                .containsPattern("component +kind +tasks +executed +emitted +acked +failed +latency ms")
                .containsPattern("lines +spout +2 +- +[0-9,]+ +159 +[0-9,]+ +[0-9.]+/[0-9.]+\\R")
                .containsPattern("flaky +bolt")
                .contains("Spout complete latency: p50 ")
                .contains("Top words:")
                .containsPattern("[0-9,]+ the ")
                .contains("OK: all 159 lines fully processed, and the word counts equal those");
    }

    @Test
    void demoWithoutFailuresAlsoSucceeds() {
        Result r = gale("demo", "--passes", "1", "--progress", "off", "--conf", "reliable.fail.fraction=0");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("failing 0% of the word tuples", "0 tuple trees failed", "OK: all 53 lines");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void unknownExampleIsOneLineAndStatusTwo() {
        Result r = gale("run", "wordcuont");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: unknown example 'wordcuont'; examples: wordcount, "
                + "exclamation, singlejoin, reliable-wordcount, kafka-wordcount, kafka-exactly-once, rolling-top-words, lambda, anchored-wordcount, "
                + "multiple-logger, sliding-window, sliding-tuple-ts, join-bolt, skewed-rolling-top-words, "
                + "multithread-wordcount, fast-wordcount, in-order-delivery, stateful, stateful-windowing, persistent-windowing"
                + " (or give a fully-qualified class name)");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void confWithoutEqualsIsOneLine() {
        Result r = gale("run", "wordcount", "--conf", "topology.debug");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).startsWith("gale run: ").contains("KEY=VALUE").endsWith("(see 'gale run --help')");
    }

    @Test
    void badJobConfValueIsOneLine() {
        Result r = gale("demo", "--conf", "reliable.fail.fraction=lots");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale demo: reliable.fail.fraction must be a number, got 'lots'");
    }

    @Test
    void badEngineConfValueIsOneLineNamingTheKey() {
        Result r = gale("run", "reliable-wordcount", "--conf", "topology.max.spout.pending=-3");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).startsWith("gale run: ").contains("topology.max.spout.pending");
    }

    @Test
    void missingClassIsOneLine() {
        Result r = gale("run", "com.example.NoSuchTopology");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: no class com.example.NoSuchTopology on the classpath; "
                + "give the jar or directory holding it with --jar or --classpath");
    }

    @Test
    void classWithoutEntryPointIsOneLine() {
        Result r = gale("run", Fixtures.Neither.class.getName());
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).contains("has neither a public static createTopology()");
    }

    @Test
    void unknownOptionIsOneLine() {
        Result r = gale("--colour");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).startsWith("gale: Unknown option: '--colour'");
    }

    @Test
    void badNumberIsOneLine() {
        Result r = gale("run", "wordcount", "--seconds", "ten");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).contains("--seconds").contains("ten");
        assertThat(gale("run", "wordcount", "--seconds", "0").oneLineError())
                .isEqualTo("gale run: Invalid value for option '--seconds': '0' is not a number of seconds from 0.001 "
                        + "to 1000000000 (see 'gale run --help')");
    }

    @Test
    void demoWithUiPrintsTheUrlAndToken() {
        Result r = gale("demo", "--passes", "1", "--progress", "off", "--ui", "0", "--ui-linger", "0");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("Gale UI: http://127\\.0\\.0\\.1:\\d+/\\?token=\\S{20,}");
        assertThat(r.out()).contains("api/v1/topology/summary", "metrics");
    }

    @Test
    void uiOnANonLoopbackAddressNeedsUiBind() {
        Result r = gale("run", "exclamation", "--seconds", "0.5", "--progress", "off", "--ui-bind", "not a host");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("cannot start the UI").doesNotContain("\tat ");
    }

    @Test
    void runsAnExampleForTheGivenTime() {
        Result r = gale("run", "singlejoin", "--seconds", "0.5", "--progress", "log", "--interval", "0.1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Ran singlejoin for ").containsPattern("join +bolt +2 +17 +8 ");
        assertThat(r.err()).contains("gale run singlejoin: ").contains("bolts executed");
    }

    @Test
    void runsTheReliableWordCountToItsVerdict() {
        Result r = gale("run", "reliable-wordcount", "--progress", "off", "--conf", "reliable.passes=2");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("OK: all 106 lines fully processed");
    }

    @Test
    void runsAClassWithCreateTopologyAndPassesItTheConf() {
        Fixtures.WithFactory.CONFS.clear();
        Result r = gale("run", Fixtures.WithFactory.class.getName(), "--seconds", "0.3", "--progress", "off",
                "--conf", "topology.message.timeout.secs=7", "--conf", "my.flag=true", "--conf", "my.name=x");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(Fixtures.WithFactory.CONFS).singleElement().satisfies(conf -> assertThat(conf)
                .containsEntry("topology.message.timeout.secs", 7).containsEntry("my.flag", true)
                .containsEntry("my.name", "x"));
        assertThat(r.out()).containsPattern("numbers +spout +1 +- +10 +10 +0");
    }

    @Test
    void aTopologyStoppedByAnErrorEndsTheRunAtOnceWithStatusOne() {
        long start = System.nanoTime();
        Result r = gale("run", Fixtures.WithOom.class.getName(), "--seconds", "60", "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(Main.FAILED);
        // The live error feed names the Error as it happens; the run then ends on one line saying why.
        assertThat(r.err()).doesNotContain("\tat ", "Caused by");
        List<String> lines = r.err().strip().lines().toList();
        assertThat(lines).hasSizeLessThanOrEqualTo(2);
        assertThat(lines.get(lines.size() - 1)).startsWith("gale run: topology 'withoom' was stopped by a fatal error in"
                + " component 'oom', task ").contains("OutOfMemoryError: Java heap space (thrown by the test)");
        assertThat(r.out()).contains("Ran withoom for ").contains("Last errors:");
        assertThat(System.nanoTime() - start).as("did not wait the 60 s").isLessThan(30_000_000_000L);
    }

    @Test
    void runsAMainClassWithItsArguments() {
        Fixtures.WithMain.ARGS.clear();
        Result r = gale("run", Fixtures.WithMain.class.getName(), "--", "input.txt", "--fast");
        assertThat(r.status()).isZero();
        assertThat(Fixtures.WithMain.ARGS).containsExactly(List.of("input.txt", "--fast"));
    }

    @Test
    void aMainThatSubmitsWithStormSubmitterRunsOnTheCommandsClusterForTheGivenTime() {
        // Its main submits "test" with StormSubmitter and returns; the command runs it for --seconds.
        Result r = gale("run", Fixtures.SubmittingMain.class.getName(), "--seconds", "2.5", "--progress", "off");
        assertThat(r.status()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("Ran test for ").containsPattern("numbers +spout +1 +- +[1-9][0-9,]* ")
                .containsPattern("drop +bolt +2 +[1-9][0-9,]* ");
    }

    @Test
    void aMainThatThrowsIsOneLineAndStatusOne() {
        Result r = gale("run", Fixtures.ThrowingMain.class.getName());
        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.oneLineError()).isEqualTo("gale run: " + Fixtures.ThrowingMain.class.getName()
                + ".main threw IllegalStateException: no input file given");
    }

    @Test
    void helpReadsWell() {
        Result r = gale("--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Usage: gale [-hV] [COMMAND]", "Without a command, runs the demo.", "Run the demo: a word count",
                "demo", "run", "Exit status: 0 success, 1 the job failed, 2 bad usage.");
        Result run = gale("run", "--help");
        assertThat(run.out()).contains("wordcount", "reliable-wordcount",
                "public static StormTopology createTopology(Map<String, Object> conf)", "--seconds=N", "--conf=KEY=VALUE",
                "--jar=FILE", "--classpath=PATH", "the CLASSPATH environment variable", "gale run --jar my-topology.jar");
        assertThat(gale("help", "demo").out()).contains("--passes=N", "Exits 0 when every line");
        assertThat(r.err()).isEmpty();
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
        assertThat(run.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    }

    @Test
    void confValuesAreTyped() {
        Confs.EntryConverter entry = new Confs.EntryConverter();
        assertThat(Confs.parse(Stream.of("a=3", "b=0.25", "c=TRUE", "d=x=y", "e=9999999999").map(entry::convert)
                .toList()))
                .containsEntry("a", 3).containsEntry("b", 0.25).containsEntry("c", true).containsEntry("d", "x=y")
                .containsEntry("e", 9_999_999_999L);
    }
}
