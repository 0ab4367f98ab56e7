package dev.gale.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README stays a short front page and the docs stay reachable: the README starts with the
 * two commands {@code .ci/run} runs and keeps to {@value #README_MAX_LINES} lines, every relative
 * link in the README and in {@code docs/*.md} names a file that exists, and docs/README.md links
 * every page of {@code docs/}. Runs from gale-core's directory, as {@link ArchitectureDocTest} does.
 */
class DocsIndexTest {
    private static final int README_MAX_LINES = 300;
    private static final Path ROOT = Path.of("..");
    private static final Path README = ROOT.resolve("README.md");
    private static final Path DOCS = ROOT.resolve("docs");
    private static final Path INDEX = DOCS.resolve("README.md");
    /** The commands block .ci/run mirrors: the README's demo and test commands. */
    private static final String COMMANDS = """
            # Gale

            ```bash
            ./gale demo        # builds on first run, then runs the demo job on the embedded engine
            mvn -B verify      # runs every test
            ```
            """;
    /** An inline link or image target: {@code ](target)} or {@code ](target "title")}. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern FENCE = Pattern.compile("(?ms)^```.*?^```");

    @Test
    void readmeStartsWithTheTwoCommands() throws IOException {
        assertThat(Files.readString(README)).as("README.md's first lines").startsWith(COMMANDS);
    }

    @Test
    void readmeIsAFrontPage() throws IOException {
        assertThat(Files.readAllLines(README).size()).as("lines of README.md").isLessThanOrEqualTo(README_MAX_LINES);
    }

    @Test
    void everyRelativeLinkNamesAFileThatExists() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            for (String target : links(page)) {
                String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                if (isExternal(target) || file.isEmpty()) {
                    continue;
                }
                if (!Files.exists(page.getParent().resolve(file))) {
                    broken.add(ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertThat(broken).as("relative links to files that do not exist").isEmpty();
    }

    @Test
    void docsIndexLinksEveryPage() throws IOException {
        List<String> linked = new ArrayList<>();
        for (String target : links(INDEX)) {
            linked.add(target.contains("#") ? target.substring(0, target.indexOf('#')) : target);
        }
        List<String> missing = new ArrayList<>();
        for (Path page : docsPages()) {
            String name = page.getFileName().toString();
            if (!name.equals("README.md") && !linked.contains(name)) {
                missing.add(name);
            }
        }
        assertThat(missing).as("docs pages docs/README.md does not link").isEmpty();
    }

    private static boolean isExternal(String target) {
        return target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:");
    }

    /** Link targets outside fenced code blocks, where {@code ](...)} may be code, not a link. */
    private static List<String> links(Path page) throws IOException {
        String text = FENCE.matcher(Files.readString(page)).replaceAll("");
        List<String> targets = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            targets.add(m.group(1));
        }
        return targets;
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(docsPages());
        pages.add(0, README);
        return pages;
    }

    private static List<Path> docsPages() throws IOException {
        try (Stream<Path> files = Files.list(DOCS)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
    }
}
