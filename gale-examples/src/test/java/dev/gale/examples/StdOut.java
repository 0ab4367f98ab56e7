package dev.gale.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Captures what is printed to {@code System.out} while open (what an example prints); restores it on close. */
final class StdOut implements AutoCloseable {
    private final PrintStream original = System.out;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    StdOut() {
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    /** The lines printed so far. */
    synchronized List<String> lines() {
        return List.of(bytes.toString(StandardCharsets.UTF_8).split("\\R"));
    }

    @Override
    public void close() {
        System.setOut(original);
    }
}
