package dev.gale.cli;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * Decides whether stderr is a terminal that can redraw a status line. Java cannot ask that of
 * stderr itself ({@code System.console()} speaks for stdin and stdout on JDK 17, and from JDK 22
 * exists even when both are redirected), so the {@code ./gale} launcher, which can ({@code [ -t 2 ]}),
 * passes its answer in a system property; without it the guess errs towards plain log lines.
 * Stateless and thread-safe.
 */
final class Terminal {
    /** Set by the launcher to {@code true} or {@code false}: whether stderr is a terminal. */
    static final String STDERR_PROPERTY = "gale.stderr.tty";

    private Terminal() {
    }

    /** Whether live progress can be drawn on this process's stderr. */
    static boolean stderrIsTerminal() {
        Console console = System.console();
        return stderrIsTerminal(System.getProperty(STDERR_PROPERTY), console != null, consoleIsTerminal(console),
                System.getenv("TERM"));
    }

    /**
     * The decision, apart from where its inputs come from.
     *
     * @param launcherSays the launcher's answer ("true" or "false"), or null when not started by it
     * @param consolePresent whether {@code System.console()} is non-null
     * @param consoleIsTerminal {@code Console.isTerminal()} (JDK 22+), or null where it does not exist
     * @param term the TERM environment variable, or null
     */
    static boolean stderrIsTerminal(String launcherSays, boolean consolePresent, Boolean consoleIsTerminal,
                                    String term) {
        // A dumb terminal cannot go back to the start of the line or erase it: the redrawn line
        // would pile up, so it gets log lines even when stderr is a terminal.
        if (term != null && term.strip().equals("dumb")) {
            return false;
        }
        String said = launcherSays == null ? "" : launcherSays.strip().toLowerCase(Locale.ROOT);
        if (said.equals("true")) {
            return true;
        }
        if (said.equals("false")) {
            return false;
        }
        // Started some other way: a console (stdin and stdout are terminals) in a session that
        // names its terminal is the best sign there is; stderr may still be redirected, which
        // costs a garbled log, so anything less gets plain lines.
        return consolePresent && !Boolean.FALSE.equals(consoleIsTerminal) && term != null && !term.isBlank();
    }

    /** Console.isTerminal() where the JDK has it (22+; we compile for 17), else null. */
    private static Boolean consoleIsTerminal(Console console) {
        if (console == null) {
            return null;
        }
        Method isTerminal;
        try {
            isTerminal = Console.class.getMethod("isTerminal");
        } catch (NoSuchMethodException e) {
            return null;
        }
        try {
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }
}
