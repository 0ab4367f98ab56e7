package dev.gale.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md stays true to the code: every engine package ({@code dev.gale.impl.*}) is
 * in its floors table and its dependency graph, and every composition root {@link ArchitectureTest}
 * allows is named on the page.
 */
class ArchitectureDocTest {
    private static final Path DOC = Path.of("..", "docs", "architecture.md");
    private static final Path IMPL = Path.of("src", "main", "java", "dev", "gale", "impl");

    @Test
    void everyEnginePackageIsInTheFloorsTableAndTheGraph() throws IOException {
        String doc = Files.readString(DOC);
        String table = doc.substring(doc.indexOf("| floor | package |"));
        String graph = doc.substring(doc.indexOf("```mermaid"), doc.indexOf("```", doc.indexOf("```mermaid") + 3));
        List<String> missing = new ArrayList<>();
        try (Stream<Path> packages = Files.list(IMPL)) {
            for (Path p : packages.filter(Files::isDirectory).sorted().toList()) {
                String name = p.getFileName().toString();
                if (!table.substring(0, table.indexOf("\n\n")).contains("`" + name + "`")) {
                    missing.add(name + " (floors table)");
                }
                if (!graph.matches("(?s).*\\b" + name + " -->.*") && !graph.matches("(?s).*--> " + name + "\\b.*")) {
                    missing.add(name + " (graph)");
                }
            }
        }
        assertThat(missing).as("engine packages docs/architecture.md does not show").isEmpty();
    }

    @Test
    void everyCompositionRootIsNamed() throws IOException {
        String doc = Files.readString(DOC);
        List<String> missing = new ArrayList<>();
        for (Class<?> root : ArchitectureTest.COMPOSITION_ROOTS) {
            if (!doc.contains("`" + root.getSimpleName() + "`")) {
                missing.add(root.getName());
            }
        }
        assertThat(missing).as("composition roots docs/architecture.md does not name").isEmpty();
    }
}
