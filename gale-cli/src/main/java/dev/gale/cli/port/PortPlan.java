package dev.gale.cli.port;

import dev.gale.cli.port.NameRewriter.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The port of one tree, worked out by {@link Porter}: new texts, moved files, build changes and the
 * report's items. Writing it is {@link #apply}; nothing else touches the disk. Immutable.
 */
public final class PortPlan {
    private final Path dir;
    private final List<Path> files;
    private final Map<Path, String> newText;
    private final Map<Path, Path> moves;
    private final List<Finding> findings;
    private final List<String> buildChanges;
    private final Map<Kind, Integer> counts;
    private final List<Library> libraries;
    private final String galeVersion;

    PortPlan(Path dir, List<Path> files, Map<Path, String> newText, Map<Path, Path> moves, List<Finding> findings,
            List<String> buildChanges, Map<Kind, Integer> counts, Collection<Library> libraries, String galeVersion) {
        this.dir = dir;
        this.files = List.copyOf(files);
        this.newText = Map.copyOf(newText);
        this.moves = Map.copyOf(moves);
        this.findings = List.copyOf(findings);
        this.buildChanges = List.copyOf(buildChanges);
        this.counts = Map.copyOf(counts);
        this.libraries = List.copyOf(libraries);
        this.galeVersion = galeVersion;
    }

    Path dir() {
        return dir;
    }

    List<Finding> findings() {
        return findings;
    }

    List<String> buildChanges() {
        return buildChanges;
    }

    Map<Kind, Integer> counts() {
        return counts;
    }

    Map<Path, String> newText() {
        return newText;
    }

    Map<Path, Path> moves() {
        return moves;
    }

    List<Library> libraries() {
        return libraries;
    }

    String galeVersion() {
        return galeVersion;
    }

    /** Whether the report has items that keep the ported tree from building or running. */
    public boolean blocked() {
        return findings.stream().anyMatch(f -> f.category().blocking());
    }

    /** The files the port changes or moves, relative to the tree. */
    List<Path> changedFiles() {
        List<Path> out = new ArrayList<>();
        for (Path f : files) {
            if (newText.containsKey(f) || moves.containsKey(f)) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * Writes the port: into {@code into} as a full copy of the tree (build output left out), or, when
     * {@code into} is {@code null}, over the tree itself.
     */
    public void apply(Path into) {
        try {
            if (into == null) {
                for (Path f : changedFiles()) {
                    Path to = dir.resolve(moves.getOrDefault(f, f));
                    Files.createDirectories(to.getParent());
                    if (newText.containsKey(f)) {
                        Files.writeString(to, newText.get(f), StandardCharsets.UTF_8);
                    } else {
                        Files.copy(dir.resolve(f), to);
                    }
                    if (!to.equals(dir.resolve(f))) {
                        Files.delete(dir.resolve(f));
                        removeEmptyParents(dir.resolve(f).getParent());
                    }
                }
            } else {
                for (Path f : files) {
                    Path to = into.resolve(moves.getOrDefault(f, f).toString());
                    Files.createDirectories(to.getParent());
                    if (newText.containsKey(f)) {
                        Files.writeString(to, newText.get(f), StandardCharsets.UTF_8);
                    } else {
                        Files.copy(dir.resolve(f), to);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the port: " + e.getMessage(), e);
        }
    }

    private void removeEmptyParents(Path d) throws IOException {
        while (d != null && !d.equals(dir) && d.startsWith(dir)) {
            try (Stream<Path> s = Files.list(d)) {
                if (s.findAny().isPresent()) {
                    return;
                }
            }
            Files.delete(d);
            d = d.getParent();
        }
    }
}
