package dev.gale.cli;

import dev.gale.cli.port.GaleClassIndex;
import dev.gale.cli.port.GaleVersion;
import dev.gale.cli.port.PortPlan;
import dev.gale.cli.port.PortReport;
import dev.gale.cli.port.Porter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gale port DIR}: rewrites a Storm source tree (sources, configuration, POM) to run on Gale. */
@Command(name = "port", mixinStandardHelpOptions = true,
        header = "Port a Storm source tree to Gale.",
        description = {"Rewrites org.apache.storm (and Storm 1.x's backtype.storm) to dev.gale in the",
            "tree's sources, YAML (Flux className values included), properties, XML and",
            "META-INF/services files; names Storm shaded (org.apache.storm.shade.X) to the",
            "library's own X; the POM's Storm dependencies to Gale's (storm-client to",
            "gale-core at compile scope, storm-kafka-client to gale-kafka, flux-core to",
            "gale-flux), adding the libraries Storm brought that the code uses.",
            "",
            "Then prints a report (Markdown) of what it could not map, grouped and most used",
            "first, each with what to do: Trident, connectors, Storm's internals, and every",
            "dev.gale name that does not exist in Gale, with file:line. See docs/porting.md.",
            "",
            "Exit status: 0 everything mapped, 3 the report lists items to do before the",
            "tree builds and runs on Gale, 2 bad usage, 1 the port failed."},
        footer = {"", "Examples:",
            "  gale port storm-starter --dry-run     what would change, and what is left to do",
            "  gale port storm-starter --into gale-starter --report PORTING.md"})
final class PortCommand implements Callable<Integer> {
    /** Exit status when the port is written but the report lists blocking items. */
    static final int BLOCKED = 3;

    @Spec
    CommandSpec spec;
    @Parameters(index = "0", paramLabel = "DIR", description = "The Storm project's directory.")
    Path dir;
    @Option(names = "--into", paramLabel = "OUT",
            description = "Write the ported tree to OUT (new or empty) and leave DIR as it is (default: in place).")
    Path into;
    @Option(names = "--dry-run", description = "Change nothing: print what would change and the report.")
    boolean dryRun;
    @Option(names = "--report", paramLabel = "FILE", description = "Also write the report to FILE (Markdown).")
    Path report;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new UserException(dir + ": no such directory");
        }
        Path source = dir.toAbsolutePath().normalize();
        Path target = into == null ? null : into.toAbsolutePath().normalize();
        if (target != null) {
            if (target.startsWith(source) || source.startsWith(target)) {
                throw new UserException("--into " + into + " must be outside " + dir + " (and not hold it)");
            }
            if (Files.exists(target) && !emptyDirectory(target)) {
                throw new UserException("--into " + into + " exists and is not an empty directory");
            }
        }
        GaleClassIndex gale = GaleClassIndex.ofThisJvm();
        if (gale.size() == 0) {
            throw new UserException("no Gale classes on this JVM's classpath to check the port against: run gale port"
                    + " through the gale launcher", Main.FAILED);
        }
        PortPlan plan = new Porter(gale, GaleVersion.get()).plan(source);
        if (!dryRun) {
            plan.apply(target);
        }
        String md = PortReport.markdown(plan, target == null ? source + " (in place)" : target.toString(), dryRun);
        PrintWriter out = spec.commandLine().getOut();
        out.print(md);
        out.flush();
        if (report != null) {
            Files.writeString(report, md, StandardCharsets.UTF_8);
        }
        return plan.blocked() ? BLOCKED : 0;
    }

    private static boolean emptyDirectory(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            return false;
        }
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        }
    }
}
