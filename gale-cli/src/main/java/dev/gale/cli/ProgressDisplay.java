package dev.gale.cli;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Shows a job's progress on stderr: on a terminal, one status line redrawn in place and erased at
 * the end; otherwise (CI, pipes) a plain log line now and then. Used by one thread.
 */
final class ProgressDisplay implements AutoCloseable {
    /** How progress is shown. */
    enum Mode {
        /** live on a terminal, log lines otherwise */
        auto,
        /** a status line redrawn in place */
        live,
        /** a plain line every interval */
        log,
        /** nothing */
        off
    }

    private static final String CLEAR_TO_EOL = "\033[K";

    private final PrintWriter err;
    private final Mode mode;
    private final int width;
    private final long logIntervalNanos;
    private long lastLogNanos = System.nanoTime();
    private boolean drawn;

    ProgressDisplay(PrintWriter err, Mode mode, double logIntervalSecs) {
        this(err, resolve(mode, Terminal::stderrIsTerminal), logIntervalSecs, 0);
    }

    /**
     * A display in a mode already resolved, for a terminal {@code width} columns wide (0: ask the
     * terminal when live).
     */
    ProgressDisplay(PrintWriter err, Mode mode, double logIntervalSecs, int width) {
        if (mode == Mode.auto) {
            throw new IllegalArgumentException("resolve the auto mode first");
        }
        this.err = err;
        this.mode = mode;
        this.width = mode != Mode.live ? Integer.MAX_VALUE : width > 0 ? width : terminalWidth();
        this.logIntervalNanos = (long) (logIntervalSecs * 1e9);
    }

    /** The mode to use: {@code auto} is live when stderr is a terminal, log lines otherwise. */
    static Mode resolve(Mode requested, BooleanSupplier stderrIsTerminal) {
        if (requested != Mode.auto) {
            return requested;
        }
        return stderrIsTerminal.getAsBoolean() ? Mode.live : Mode.log;
    }

    boolean isLive() {
        return mode == Mode.live;
    }

    /** How often the caller should sample: often when live, at the log interval otherwise. */
    long sampleMillis() {
        return mode == Mode.live ? 200 : Math.max(50, Math.min(200, TimeUnit.NANOSECONDS.toMillis(logIntervalNanos)));
    }

    /**
     * Shows progress.
     *
     * @param segments the live line's parts, most important first; the last ones are dropped
     *     when the line would not fit the terminal
     * @param logLine the line printed in log mode (at most once per interval)
     */
    void update(List<String> segments, String logLine) {
        switch (mode) {
            case live -> {
                err.print("\r" + fit(segments, width) + CLEAR_TO_EOL);
                err.flush();
                drawn = true;
            }
            case log -> {
                long now = System.nanoTime();
                if (now - lastLogNanos >= logIntervalNanos) {
                    lastLogNanos = now;
                    err.println(logLine);
                    err.flush();
                }
            }
            default -> {
            }
        }
    }

    /**
     * Prints a line that stays (an error, say), in every mode: on a terminal it replaces the status
     * line, which the next {@link #update} draws again below it.
     */
    void message(String line) {
        if (drawn) {
            err.print("\r" + CLEAR_TO_EOL);
            drawn = false;
        }
        err.println(line);
        err.flush();
    }

    /**
     * The segments joined by two spaces, dropping the last ones until the line leaves the last
     * column free (writing there makes some terminals wrap), cut if even the first is too long.
     */
    static String fit(List<String> segments, int width) {
        List<String> parts = new ArrayList<>(segments);
        String line = String.join("  ", parts);
        while (line.length() > width - 1 && parts.size() > 1) {
            parts.remove(parts.size() - 1);
            line = String.join("  ", parts);
        }
        return line.length() > width - 1 ? line.substring(0, Math.max(0, width - 1)) : line;
    }

    /** Erases the status line, so what follows starts on a clean line. */
    @Override
    public void close() {
        if (drawn) {
            err.print("\r" + CLEAR_TO_EOL);
            err.flush();
            drawn = false;
        }
    }

    /** $COLUMNS, else what stty reports for the controlling terminal, else 80. */
    private static int terminalWidth() {
        String columns = System.getenv("COLUMNS");
        if (columns != null && columns.strip().matches("\\d+")) {
            return Math.max(20, Integer.parseInt(columns.strip()));
        }
        try {
            Process p = new ProcessBuilder("sh", "-c", "stty size < /dev/tty").redirectErrorStream(true).start();
            String out;
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                out = r.readLine();
            }
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0 && out != null) {
                String[] parts = out.strip().split("\\s+");
                if (parts.length == 2 && parts[1].matches("\\d+")) {
                    return Math.max(20, Integer.parseInt(parts[1]));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // no terminal to ask: fall back
        }
        return 80;
    }
}
