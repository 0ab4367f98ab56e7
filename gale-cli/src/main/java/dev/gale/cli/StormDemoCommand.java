package dev.gale.cli;

import dev.gale.Config;
import dev.gale.examples.ReliableWordCount;
import dev.gale.examples.ReliableWordCount.Progress;
import dev.gale.storm.StormRunner;
import dev.gale.storm.TopologyJar;
import dev.gale.storm.cluster.NetworkIsolation;
import dev.gale.storm.cluster.StormProcessCluster;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.storm.generated.TopologySummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gale storm-demo}: starts a real Apache Storm cluster on this machine, runs Gale's
 * reliable word count on it unchanged (through gale-storm), shows the progress Nimbus reports,
 * checks the counts and tears everything down. Used by one thread.
 */
@Command(name = "storm-demo",
        mixinStandardHelpOptions = true,
        header = "Run the reliable word count, unchanged, on a real Storm cluster started here.",
        description = {
            "Starts an Apache Storm 2.8.3 cluster on this machine from Storm's Maven jars:",
            "ZooKeeper, Nimbus and a Supervisor with 2 worker slots, each a JVM of its own,",
            "all addressed as 127.0.0.1 and, where the machine allows, inside a private",
            "network namespace (Storm's daemons bind the wildcard address). Submits Gale's",
            "reliable word count (a bolt fails a share of the words on purpose, the spout",
            "replays their lines) with 2 workers through gale-storm, and shows the topology",
            "summary Nimbus gives over its Thrift API, with the lines acked so far.",
            "",
            "Exits 0 when every line was acked and the word counts equal those computed",
            "from the text; 1 otherwise. Every process of the cluster is stopped by its",
            "pid at the end. Takes about 30-60 s and 1.2 GB of memory."})
final class StormDemoCommand implements Callable<Integer> {
    static final String NAME = "reliable-word-count";
    /** Storm's client logs every step of a submit at INFO: the demo shows its own progress instead. */
    private static final String QUIET_STORM = "org.slf4j.simpleLogger.log.org.apache.storm=warn";

    @Spec
    CommandSpec spec;

    @Option(names = "--passes", paramLabel = "N", defaultValue = "20",
            description = "How many times the spout emits the text (default: ${DEFAULT-VALUE}).")
    int passes;

    @Option(names = "--fail-fraction", paramLabel = "F", defaultValue = "0.05",
            description = "Share of the words the flaky bolt fails (default: ${DEFAULT-VALUE}).")
    double failFraction;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "240",
            description = "Give up (exit 1) if the count is not complete by then (default: ${DEFAULT-VALUE}).")
    double timeoutSecs;

    @Option(names = "--keep", description = "Keep the cluster's directory (logs, state) and print where it is.")
    boolean keep;

    @Override
    public Integer call() throws Exception {
        if (passes < 1 || passes > 100_000) {
            throw new UserException("--passes must be from 1 to 100000, got " + passes);
        }
        if (!(failFraction >= 0 && failFraction < 1)) {
            throw new UserException("--fail-fraction must be at least 0 and below 1, got " + failFraction);
        }
        if (!(timeoutSecs > 0)) {
            throw new UserException("--timeout must be positive, got " + timeoutSecs);
        }
        int eq = QUIET_STORM.indexOf('=');
        System.setProperty(QUIET_STORM.substring(0, eq), QUIET_STORM.substring(eq + 1)); // before Storm's first logger
        if (!NetworkIsolation.loopbackOnly() && System.getProperty(NetworkIsolation.INSIDE_PROPERTY) == null) {
            List<String> inside = NetworkIsolation.privateNetworkCommand(self());
            if (inside != null) {
                // The same command in a network namespace of its own: the cluster's binds stay in there.
                return new ProcessBuilder(inside).inheritIO().start().waitFor();
            }
            System.setProperty(NetworkIsolation.INSIDE_PROPERTY, "unshare -n is not permitted on this machine");
        }
        return run(printStream(spec.commandLine().getOut()));
    }

    /** The command's writer as the stream the cluster prints its progress to. */
    private static PrintStream printStream(PrintWriter w) {
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                w.write(new String(b, off, len, StandardCharsets.UTF_8));
                w.flush();
            }
        }, true, StandardCharsets.UTF_8);
    }

    /** This command, again, in a new JVM on the same class path. */
    private List<String> self() {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + NetworkIsolation.INSIDE_PROPERTY + "=private", "-D" + QUIET_STORM, "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(), "storm-demo", "--passes", Integer.toString(passes), "--fail-fraction",
                Double.toString(failFraction), "--timeout", Double.toString(timeoutSecs)));
        if (keep) {
            cmd.add("--keep");
        }
        return cmd;
    }

    private int run(PrintStream out) throws IOException {
        out.printf("Gale storm demo: the reliable word count (%d passes over the text, %.0f%% of the words failed and"
                + " replayed)%non a Storm cluster of this machine, 2 workers, through gale-storm.%n%n", passes,
                failFraction * 100);
        Path work = Files.createTempDirectory("gale-storm-demo-");
        boolean exact = false;
        try (StormProcessCluster cluster = StormProcessCluster.builder().home(work.resolve("cluster")).log(out)
                .keepFiles(keep).start(); ReliableWordCount job = new ReliableWordCount()) {
            Path jar = TopologyJar.builder().withGale().addEntryOf(ReliableWordCount.class)
                    .write(work.resolve("topology.jar"));
            Config conf = ReliableWordCount.defaultConfig(Map.of(ReliableWordCount.FAIL_FRACTION, failFraction,
                    ReliableWordCount.PASSES, passes, ReliableWordCount.TALLY_DIR, work.resolve("tally").toString()));
            conf.setNumWorkers(2);
            conf.putAll(cluster.clientConf());
            long submitted = System.nanoTime();
            StormRunner.submit(jar, NAME, conf, job.build(conf));
            out.printf("%nsubmitted '%s' (topology jar %s, %d KB)%n", NAME, jar.getFileName(), Files.size(jar) >> 10);
            long deadline = submitted + (long) (timeoutSecs * 1e9);
            long firstAck = 0;
            while (!job.isComplete() && System.nanoTime() < deadline) {
                sleep(1000);
                Progress p = job.progress();
                if (firstAck == 0 && p.acked() > 0) {
                    firstAck = System.nanoTime();
                }
                out.println(progressLine(cluster.topology(NAME), p));
            }
            Progress p = job.progress();
            exact = job.verify();
            out.printf("%n%d of %d lines acked; %d failed and replayed; %d replayed words counted once%n", p.acked(),
                    p.total(), p.failed(), p.duplicatesIgnored());
            if (firstAck > 0) {
                out.printf("first ack %.1f s after submit (cluster start %.1f s)%n", (firstAck - submitted) / 1e9,
                        cluster.startDuration().toMillis() / 1000.0);
            }
            out.println(exact ? "word counts match the text exactly" : "word counts DIFFER from the text, or the count is incomplete");
            cluster.kill(NAME, Duration.ofMinutes(2));
            if (keep) {
                out.println("kept: " + work);
            }
        } finally {
            if (!keep) {
                delete(work);
            }
        }
        return exact ? 0 : Main.FAILED;
    }

    static String progressLine(TopologySummary t, Progress p) {
        String nimbus = t == null ? "nimbus: not scheduled yet"
                : String.format("nimbus: %s, %d workers, %d executors, %d tasks, up %d s", t.get_status(), t.get_num_workers(),
                        t.get_num_executors(), t.get_num_tasks(), t.get_uptime_secs());
        return String.format("%-62s | lines acked %d/%d, failed %d, replayed %d", nimbus, p.acked(), p.total(), p.failed(),
                p.replayed());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms); // the progress display's period
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted", Main.FAILED);
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
