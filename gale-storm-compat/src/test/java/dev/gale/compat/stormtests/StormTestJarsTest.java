package dev.gale.compat.stormtests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Runs every test class of Apache Storm 2.8.3's published storm-client and storm-server test jars, relocated
 * from org.apache.storm to dev.gale (module gale-storm-tests-relocated), against Gale, and reports per class
 * whether it passed, failed, could not link (and to what), was skipped, or was deliberately not run.
 *
 * <p>The report lands in {@code target/storm-tests-report.md} (and on the console); what the classes print
 * goes to {@code target/storm-tests-output.log}. The build fails when a class of
 * {@code storm-tests/must-pass.txt} does not pass fully, or when a list names a class the jars lack.
 */
class StormTestJarsTest {
    private static final String MUST_PASS = "storm-tests/must-pass.txt";
    private static final String NOT_RUN = "storm-tests/not-run.txt";
    /** Long enough for Storm's slowest in-process cluster classes on a loaded machine. */
    private static final Duration CLASS_DEADLINE = Duration.ofSeconds(60);
    private static final Duration TEST_TIMEOUT = Duration.ofSeconds(30);

    @Test
    void stormsOwnTestClassesRunAgainstGale() throws IOException {
        List<StormTestJar> jars = List.of(
                StormTestJar.holding("storm-client", "dev.gale.bolt.TestJoinBolt"),
                StormTestJar.holding("storm-server", "dev.gale.TestingTest"));
        Map<String, List<String>> classesByJar = new HashMap<>();
        jars.forEach(jar -> classesByJar.put(jar.name(), jar.testClassNames()));
        ClassListFile mustPassFile = ClassListFile.read(MUST_PASS);
        ClassListFile notRunFile = ClassListFile.read(NOT_RUN);
        Set<String> mustPass = resolve(mustPassFile, classesByJar);
        Set<String> notRun = resolve(notRunFile, classesByJar);
        assertThat(mustPass).as("classes both on %s and %s", MUST_PASS, NOT_RUN).filteredOn(notRun::contains).isEmpty();

        Path target = Path.of(System.getProperty("gale.storm.tests.dir", "target"));
        StormTestClassRunner runner = new StormTestClassRunner(getClass().getClassLoader(), CLASS_DEADLINE, TEST_TIMEOUT);
        List<ReportWriter.JarResults> results = new ArrayList<>();
        long start = System.nanoTime();
        ConsoleCapture console = new ConsoleCapture(target.resolve("storm-tests-output.log"));
        try {
            for (StormTestJar jar : jars) {
                List<ClassResult> jarResults = new ArrayList<>();
                for (String className : classesByJar.get(jar.name())) {
                    String entry = notRunFile.entryFor(className);
                    jarResults.add(entry != null
                            ? ClassResult.without(className, Outcome.NOT_RUN, notRunFile.entries().get(entry))
                            : runner.run(className));
                }
                results.add(new ReportWriter.JarResults(jar.name(), jarResults));
            }
        } finally {
            console.close();
        }
        Duration wallTime = Duration.ofNanos(System.nanoTime() - start);

        List<String> mustPassFailures = new ArrayList<>();
        for (ReportWriter.JarResults jar : results) {
            for (ClassResult r : jar.results()) {
                if (mustPass.contains(r.className()) && !r.passedFully()) {
                    mustPassFailures.add("`" + r.className() + "`: " + r.outcome().label() + " -- " + ReportWriter.oneLine(r.reason()));
                }
            }
        }
        String report = ReportWriter.write(results, mustPass, mustPassFailures, wallTime);
        Files.writeString(target.resolve("storm-tests-report.md"), report, StandardCharsets.UTF_8);
        System.out.println(report);

        assertThat(mustPassFailures).as("must-pass classes (%s) that did not pass; see %s", MUST_PASS,
                target.resolve("storm-tests-report.md")).isEmpty();
    }

    /** The relocated class names a list's entries stand for; an entry matching no class, or two, is an error. */
    private static Set<String> resolve(ClassListFile list, Map<String, List<String>> classesByJar) {
        Set<String> resolved = new LinkedHashSet<>();
        for (String entry : list.entries().keySet()) {
            List<String> matches = classesByJar.values().stream()
                    .flatMap(List::stream)
                    .filter(name -> entry.equals(list.entryFor(name)))
                    .toList();
            assertThat(matches).as("test classes %s names as %s", list.resource(), entry).hasSize(1);
            resolved.add(matches.get(0));
        }
        return resolved;
    }
}
