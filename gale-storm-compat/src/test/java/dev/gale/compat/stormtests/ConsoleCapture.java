package dev.gale.compat.stormtests;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sends {@code System.out} and {@code System.err} to a file while Storm's test classes run (they log
 * freely), and puts the console back on close so the report is what the build log shows. Not
 * thread-safe: open and close it from one thread.
 */
final class ConsoleCapture implements AutoCloseable {
    private final PrintStream originalOut = System.out;
    private final PrintStream originalErr = System.err;
    private final PrintStream file;

    ConsoleCapture(Path log) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            file = new PrintStream(new FileOutputStream(log.toFile()), true, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.setOut(file);
        System.setErr(file);
    }

    @Override
    public void close() {
        System.setOut(originalOut);
        System.setErr(originalErr);
        // Left open: a class abandoned at its deadline may still print from its thread.
        file.flush();
    }
}
