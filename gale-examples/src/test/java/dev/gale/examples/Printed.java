package dev.gale.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Captures what storm-starter's PrinterBolt prints ({@code System.out.println(tuple)}) while open,
 * and reads the tuples back: source component and values. Restores {@code System.out} on close.
 */
final class Printed implements AutoCloseable {
    /** Gale's Tuple.toString(): "source: COMPONENT:TASK, stream: STREAM, id: ..., [VALUES]". */
    private static final Pattern TUPLE = Pattern.compile("^source: (\\S+):\\d+, stream: (\\S+), .*, \\[(.*)]$");
    private final PrintStream original = System.out;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    /** One printed tuple: its source component and its values, as printed. */
    record Line(String component, String stream, List<String> values) {
    }

    Printed() {
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    /** Every line printed so far. */
    synchronized List<String> lines() {
        return List.of(bytes.toString(StandardCharsets.UTF_8).split("\\R"));
    }

    /** The tuples printed so far (other output is skipped). */
    synchronized List<Line> tuples() {
        List<Line> out = new ArrayList<>();
        for (String l : bytes.toString(StandardCharsets.UTF_8).split("\\R")) {
            Matcher m = TUPLE.matcher(l);
            if (m.matches()) {
                out.add(new Line(m.group(1), m.group(2), List.of(m.group(3).split(", "))));
            }
        }
        return out;
    }

    @Override
    public void close() {
        System.setOut(original);
    }
}
