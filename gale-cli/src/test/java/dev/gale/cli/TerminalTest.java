package dev.gale.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTest {

    @Test
    void theLaunchersAnswerDecidesWhenItGaveOne() {
        assertThat(Terminal.stderrIsTerminal("true", false, null, null)).isTrue();
        // stdin and stdout on a terminal, stderr redirected (gale demo 2>log): the console is
        // there, but the launcher knows better.
        assertThat(Terminal.stderrIsTerminal("false", true, true, "xterm-256color")).isFalse();
        assertThat(Terminal.stderrIsTerminal(" TRUE ", true, null, "xterm")).isTrue();
    }

    @Test
    void withoutTheLauncherOnlyAConsoleInANamedTerminalCountsAsOne() {
        assertThat(Terminal.stderrIsTerminal(null, true, null, "xterm")).as("JDK 17 console").isTrue();
        assertThat(Terminal.stderrIsTerminal(null, false, null, "xterm")).as("no console (CI, pipes)").isFalse();
        // JDK 22+: a console exists even when redirected, and isTerminal() tells.
        assertThat(Terminal.stderrIsTerminal(null, true, false, "xterm")).isFalse();
        assertThat(Terminal.stderrIsTerminal(null, true, true, "xterm")).isTrue();
        assertThat(Terminal.stderrIsTerminal(null, true, null, null)).as("TERM unset").isFalse();
        assertThat(Terminal.stderrIsTerminal("", true, null, "")).as("TERM empty, no answer").isFalse();
        assertThat(Terminal.stderrIsTerminal("maybe", false, null, "xterm")).as("an answer that is neither").isFalse();
    }

    @Test
    void aDumbTerminalGetsLogLinesEvenWhenStderrIsATerminal() {
        assertThat(Terminal.stderrIsTerminal("true", true, true, "dumb")).isFalse();
        assertThat(Terminal.stderrIsTerminal(null, true, true, "dumb")).isFalse();
    }

    @Test
    void autoModeIsLiveExactlyWhenStderrIsATerminal() {
        assertThat(ProgressDisplay.resolve(ProgressDisplay.Mode.auto, () -> true)).isEqualTo(ProgressDisplay.Mode.live);
        assertThat(ProgressDisplay.resolve(ProgressDisplay.Mode.auto, () -> false)).isEqualTo(ProgressDisplay.Mode.log);
        assertThat(ProgressDisplay.resolve(ProgressDisplay.Mode.live, () -> false)).isEqualTo(ProgressDisplay.Mode.live);
        assertThat(ProgressDisplay.resolve(ProgressDisplay.Mode.off, () -> true)).isEqualTo(ProgressDisplay.Mode.off);
    }
}
