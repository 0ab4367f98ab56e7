package dev.gale.storm.it;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the test topologies' tasks write what they see, whatever process they run in: a
 * directory with a file per task, each line appended whole in one write (so a worker killed with
 * kill -9 loses at most the line it had not written). Static state would be per worker on Storm;
 * files are what the test JVM and every worker share. Serializable into components; a writer is
 * used on its task's thread.
 */
public final class Ledger implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String dir;

    public Ledger(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.dir = dir.toAbsolutePath().toString();
    }

    /** The directory, as a path string (for a configuration value). */
    public String dir() {
        return dir;
    }

    /** One task's appender. */
    public Writer writer(String componentId, int taskId) {
        try {
            return new Writer(new FileOutputStream(Path.of(dir, componentId + "-" + taskId + ".log").toFile(), true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Appends lines to one task's file. */
    public static final class Writer {
        private final OutputStream out;

        Writer(OutputStream out) {
            this.out = out;
        }

        public void line(Object... words) {
            StringBuilder sb = new StringBuilder();
            for (Object w : words) {
                sb.append(sb.length() == 0 ? "" : " ").append(w);
            }
            try {
                out.write(sb.append('\n').toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A line of some task's file: the component, the task and the words written. */
    public record Line(String component, int task, List<String> words) {
        public String word(int i) {
            return words.get(i);
        }

        public long number(int i) {
            return Long.parseLong(words.get(i));
        }
    }

    /** Every line written so far (files in name order, lines in the order written). */
    public List<Line> lines() {
        List<Line> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(Path.of(dir), "*.log")) {
            List<Path> sorted = new ArrayList<>();
            files.forEach(sorted::add);
            sorted.sort(null);
            for (Path f : sorted) {
                String name = f.getFileName().toString();
                int dash = name.lastIndexOf('-');
                String component = name.substring(0, dash);
                int task = Integer.parseInt(name.substring(dash + 1, name.length() - ".log".length()));
                for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (!l.isEmpty()) {
                        out.add(new Line(component, task, List.of(l.split(" "))));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The lines of one component whose first word is {@code kind}. */
    public List<Line> lines(String component, String kind) {
        return lines().stream().filter(l -> l.component().equals(component) && l.word(0).equals(kind)).toList();
    }
}
