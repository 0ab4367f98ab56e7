package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** One finished {@code gale} command: its exit status, output, and what it left behind. */
final class Run {
    private static final Pattern ROW = Pattern.compile(
            "^ +(\\S+) +(spout|bolt|acker|system) +(\\d+) +([\\d,]+|-) +([\\d,]+) +([\\d,]+) +([\\d,]+) .*$");

    final String command;
    final int status;
    final String out;
    final String err;
    private final String marker;

    Run(String command, int status, String out, String err, String marker) {
        this.command = command;
        this.status = status;
        this.out = out;
        this.err = err;
        this.marker = marker;
    }

    /** One row of the summary table {@code gale run} prints at its end. */
    record Row(String kind, int tasks, long executed, long emitted, long acked, long failed) {
    }

    /** The summary table, by component (empty if none was printed). */
    Map<String, Row> summary() {
        Map<String, Row> rows = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : out.split("\\R")) {
            if (line.contains("; per component:")) {
                inTable = true;
                continue;
            }
            if (!inTable) {
                continue;
            }
            if (line.isBlank() && !rows.isEmpty()) {
                break;
            }
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows.put(m.group(1), new Row(m.group(2), Integer.parseInt(m.group(3)), number(m.group(4)),
                        number(m.group(5)), number(m.group(6)), number(m.group(7))));
            }
        }
        return rows;
    }

    Row row(String component) {
        Row r = summary().get(component);
        assertThat(r).as("no summary row for '%s' in:%n%s", component, this).isNotNull();
        return r;
    }

    /** Lines logged at ERROR (slf4j-simple's format) or printed as an error by gale itself. */
    List<String> errorLines() {
        return (out + "\n" + err).lines().filter(l -> l.contains("] ERROR ") || l.startsWith("ERROR ")
                || l.startsWith("Exception in thread")).collect(Collectors.toList());
    }

    /** Exit status 0 and no ERROR line. */
    Run succeeded() {
        assertThat(status).as("exit status of %s", this).isZero();
        assertThat(errorLines()).as("ERROR lines of %s", this).isEmpty();
        return this;
    }

    /** Nothing it started is still running (waits a little for processes on their way out). */
    Run leftNothingBehind() {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                assertThat(Launcher.processesMarked(marker)).as("processes left behind by gale %s", command).isEmpty());
        return this;
    }

    private static long number(String s) {
        return s.equals("-") ? -1 : Long.parseLong(s.replace(",", ""));
    }

    @Override
    public String toString() {
        String shownErr = err.lines().filter(l -> !l.contains("Emitting: ")).collect(Collectors.joining("\n"));
        String shownOut = out.lines().filter(l -> !l.contains("Emitting: ")).collect(Collectors.joining("\n"));
        return "gale " + command + " (exit " + status + ")\n--- stdout (Emitting lines left out) ---\n" + shownOut
                + "\n--- stderr ---\n" + (shownErr.length() > 20_000 ? shownErr.substring(shownErr.length() - 20_000)
                : shownErr);
    }
}
