package dev.gale.benchmarks.soak.eo;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the soak's child says on stdout, one line per event, and how the harness reads it back.
 * Thread-safe: tasks of several threads say things at once.
 */
final class Lines {
    static final String STARTED = "STARTED";
    static final String REFUSED = "REFUSED";
    static final String FATAL = "FATAL";
    static final String INJECTED = "INJECTED";
    static final String PREPARE = "PREPARE";
    private static final Pattern PREPARE_LINE = Pattern.compile(PREPARE + " index=(\\d+) txid=(\\d+) total=(\\d+)");

    private Lines() {
    }

    static synchronized void say(String line) {
        System.out.println(line);
        System.out.flush();
    }

    /** One counter task's PREPARE line. */
    record Prepare(int index, long txid, long total) {
    }

    static Prepare prepare(String line) {
        Matcher m = PREPARE_LINE.matcher(line);
        return m.matches() ? new Prepare(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3))) : null;
    }

    static long count(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }
}
