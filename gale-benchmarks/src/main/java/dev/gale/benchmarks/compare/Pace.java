package dev.gale.benchmarks.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The rate a benchmark run asks its spouts for, in trees per second for the whole topology, or 0
 * for as fast as the engine lets them (the default). A run in another process (a Storm cluster's
 * workers) sets it by writing the rate to {@value #FILE} in the report directory; each worker's
 * {@link MeterReport} reads that file once a second and sets it here, where every
 * {@link MeasuredSpout} of the worker reads it. Imports nothing of an engine, so every engine's
 * build compiles it. Thread-safe.
 */
public final class Pace {
    /** The file in the report directory ({@link MeterReport#DIR}) that holds the rate. */
    public static final String FILE = "pace.txt";

    private static volatile long treesPerSec;

    private Pace() {
    }

    /** The topology's rate in trees/s; 0: unpaced. */
    public static long treesPerSec() {
        return treesPerSec;
    }

    static void set(long rate) {
        treesPerSec = rate;
    }

    /** Asks the spouts reporting to {@code reportDir} for {@code rate} trees/s (0: as fast as they can). */
    public static void write(Path reportDir, long rate) throws IOException {
        Path tmp = reportDir.resolve(FILE + ".tmp");
        Files.writeString(tmp, Long.toString(rate), StandardCharsets.UTF_8);
        Files.move(tmp, reportDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads the rate a run wrote to {@code reportDir} (none written: 0). */
    static long read(Path reportDir) throws IOException {
        try {
            String s = Files.readString(reportDir.resolve(FILE), StandardCharsets.UTF_8).trim();
            try {
                long rate = Long.parseLong(s);
                if (rate < 0) {
                    throw new NumberFormatException("negative");
                }
                return rate;
            } catch (NumberFormatException e) {
                throw new IOException(reportDir.resolve(FILE) + ": a rate in trees/s (a whole number, 0 or more) expected,"
                        + " got '" + s + "'", e);
            }
        } catch (NoSuchFileException e) {
            return 0;
        }
    }
}
