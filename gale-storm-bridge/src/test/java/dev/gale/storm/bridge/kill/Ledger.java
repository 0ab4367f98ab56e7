package dev.gale.storm.bridge.kill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads what a {@link LedgerSpout} wrote down: the ids it saw acked (one per line in
 * {@code acked.log}) and the failures it was told about ({@code failed.log}). A line cut short by
 * a kill is ignored. Stateless.
 */
public final class Ledger {
    static final String ACKED = "acked.log";
    static final String FAILED = "failed.log";

    private Ledger() {
    }

    /** The ids acked so far, over every run that wrote to {@code dir}. */
    public static Set<Long> acked(Path dir) {
        Set<Long> ids = new TreeSet<>();
        for (String line : lines(dir.resolve(ACKED))) {
            if (line.endsWith(";")) {
                ids.add(Long.parseLong(line.substring(0, line.length() - 1)));
            }
        }
        return ids;
    }

    /** The failures reported to the spout, as "id: reason text", in order. */
    public static List<String> failures(Path dir) {
        return lines(dir.resolve(FAILED));
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
