package dev.gale.cli;

import static dev.gale.cli.MainTest.gale;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a newcomer's mistakes get: one clear line and status 2, or a warning, never silence. */
class UsageTest {

    @Test
    void outOfRangeNumbersAreOneLineAndStatusTwoForEveryNumericOption() {
        List<List<String>> commands = List.of(
                List.of("run", "wordcount", "--seconds", "1e10"),
                List.of("run", "wordcount", "--seconds", "Infinity"),
                List.of("run", "wordcount", "--seconds", "NaN"),
                List.of("run", "wordcount", "--seconds", "-1"),
                List.of("run", "wordcount", "--interval", "1e-300"),
                List.of("run", "wordcount", "--interval", "1e10"),
                List.of("demo", "--timeout", "1e10"),
                List.of("demo", "--passes", "0"),
                List.of("demo", "--passes", "99999999999"),
                List.of("demo", "--top", "-1"));
        for (List<String> command : commands) {
            MainTest.Result r = gale(command.toArray(new String[0]));
            assertThat(r.status()).as("%s: %s", command, r.out()).isEqualTo(Main.USAGE);
            assertThat(r.oneLineError()).as("%s", command)
                    .contains(command.get(command.size() - 2), "'" + command.get(command.size() - 1) + "'");
            assertThat(r.out()).isEmpty();
        }
        assertThat(gale("run", "wordcount", "--seconds", "1e10").oneLineError()).isEqualTo("gale run: Invalid value "
                + "for option '--seconds': '1e10' is not a number of seconds from 0.001 to 1000000000 "
                + "(see 'gale run --help')");
    }

    @Test
    void confWithoutEqualsSaysWhatIsExpected() {
        MainTest.Result r = gale("run", "wordcount", "--conf", "nonsense");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo("gale run: Invalid value for option '--conf' (KEY=VALUE): 'nonsense' "
                + "has no '='; write KEY=VALUE, e.g. topology.message.timeout.secs=10 (see 'gale run --help')");
        assertThat(gale("demo", "--conf", "=3").oneLineError()).contains("'=3' has no key before '='");
    }

    @Test
    void anUnknownCommandIsNamedWithTheCommandsThereAre() {
        MainTest.Result r = gale("frobnicate");
        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.oneLineError()).isEqualTo(
                "gale: unknown command 'frobnicate'; commands are demo, run, kafka-demo, storm-demo, port, list, kill, activate,"
                        + " deactivate, help (see 'gale --help')");
        assertThat(gale("rnu", "wordcount").oneLineError()).isEqualTo(
                "gale: unknown command 'rnu'; commands are demo, run, kafka-demo, storm-demo, port, list, kill, activate, deactivate,"
                        + " help (did you mean 'run'?) (see 'gale --help')");
    }

    @Test
    void strayArgumentsAreRefused() {
        MainTest.Result run = gale("run", "exclamation", "extra", "--seconds", "0.2");
        assertThat(run.status()).isEqualTo(Main.USAGE);
        assertThat(run.oneLineError()).isEqualTo(
                "gale run: unexpected argument 'extra': only a class run through its main method takes ARGS");
        assertThat(run.out()).isEmpty();
        assertThat(gale("run", Fixtures.WithFactory.class.getName(), "--", "a", "b").oneLineError())
                .startsWith("gale run: unexpected arguments 'a' 'b': ");
        MainTest.Result demo = gale("demo", "extra");
        assertThat(demo.status()).isEqualTo(Main.USAGE);
        assertThat(demo.oneLineError()).isEqualTo("gale demo: unexpected argument 'extra' (see 'gale demo --help')");
    }

    @Test
    void anUnknownEngineConfKeyIsWarnedAboutWithTheClosestKnownKey() {
        MainTest.Result r = gale("run", Fixtures.WithFactory.class.getName(), "--seconds", "0.2", "--progress", "off",
                "--conf", "topology.mesage.timeout.secs=3", "--conf", "my.own.key=1",
                "--conf", "topology.message.timeout.secs=5", "--conf", "gale.spout.idle.ms=1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err().lines().toList()).containsExactly(
                "gale run: warning: --conf topology.mesage.timeout.secs is not a key Gale knows, so the engine "
                        + "ignores it (closest known key: topology.message.timeout.secs)",
                "gale run: warning: --conf gale.spout.idle.ms is not a key Gale knows, so the engine ignores it "
                        + "(closest known key: gale.spout.idle.max.ms)");
        assertThat(Confs.engineKeys()).contains("topology.max.spout.pending", "gale.pending.buckets")
                .allSatisfy(k -> assertThat(k).matches("(topology|gale)\\..+"));
    }
}
