package dev.gale.flux.internal;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.StormSubmitter;
import dev.gale.flux.FluxBuilder;
import dev.gale.flux.FluxException;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.TopologyDef;
import dev.gale.flux.parser.FluxParser;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.spi.RemoteSubmitter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * What {@link dev.gale.flux.Flux} does with its command line: reads and builds the Flux file,
 * prints it, then submits it through {@link StormSubmitter}, runs it on a local cluster for a
 * while, or (dry run) nothing. Everything it touches outside is given to it (streams, the
 * environment, the local cluster, the wait), so tests run it without a process or a clock.
 * Confined to the thread that calls {@link #run}.
 */
public final class FluxCommand {
    /** Exit status: done. */
    public static final int OK = 0;
    /** Exit status: the submit or the run failed. */
    public static final int FAILED = 1;
    /** Exit status: a bad command line or a bad Flux file; nothing was started. */
    public static final int USAGE = 2;

    /** Waits while a {@code --local} topology runs. */
    @FunctionalInterface
    public interface Pause {
        void pause(long millis) throws InterruptedException;
    }

    private final PrintStream out;
    private final PrintStream err;
    private final UnaryOperator<String> environment;
    private final Supplier<LocalCluster> localCluster;
    private final Pause pause;

    /**
     * @param environment where {@code --env-filter} reads {@code ${ENV-NAME}} from
     * @param localCluster makes the cluster a {@code --local} run uses (and closes)
     * @param pause how a {@code --local} run waits {@code --sleep} milliseconds
     */
    public FluxCommand(PrintStream out, PrintStream err, UnaryOperator<String> environment,
                       Supplier<LocalCluster> localCluster, Pause pause) {
        this.out = out;
        this.err = err;
        this.environment = environment;
        this.localCluster = localCluster;
        this.pause = pause;
    }

    /** Runs the command line; returns the exit status ({@link #OK}, {@link #FAILED} or {@link #USAGE}). */
    public int run(String... args) {
        FluxOptions options;
        try {
            options = FluxOptions.parse(args);
        } catch (FluxOptions.UsageException e) {
            err.println("Flux: " + e.getMessage());
            err.println(FluxOptions.USAGE);
            return USAGE;
        }
        if (options.help()) {
            out.println(FluxOptions.USAGE);
            return OK;
        }
        if (!options.noSplash()) {
            out.println("Gale Flux: a topology from Storm Flux YAML, on Gale");
        }
        if (options.zookeeper() != null) {
            err.println("Flux: --zookeeper " + options.zookeeper() + " ignored (as Storm's Flux ignores it)");
        }
        if (options.sleepGiven() && !options.local()) {
            err.println("Flux: --sleep applies to --local runs only; ignored");
        }
        Built built;
        try {
            built = build(options);
        } catch (FluxException e) {
            err.println("Flux: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println("Flux: cannot read " + options.file() + ": " + e.getMessage());
            return USAGE;
        }
        if (!options.noDetail()) {
            out.print(TopologyDetails.of(built.def()));
        }
        if (options.dryRun()) {
            out.println("dry run: " + built.name() + " built; nothing submitted");
            return OK;
        }
        try {
            return options.local() ? runLocally(options, built) : submit(options, built);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("Flux: interrupted while " + built.name() + " ran");
            return FAILED;
        } catch (RuntimeException e) {
            err.println("Flux: " + built.name() + " was not started: " + e.getMessage());
            return FAILED;
        }
    }

    /** A Flux file read and built, with the name it runs under. */
    private record Built(TopologyDef def, Config config, StormTopology topology, String name) {
    }

    private Built build(FluxOptions options) throws IOException {
        String file = options.file();
        if (!options.resource() && !Files.isRegularFile(Path.of(file))) {
            throw new FluxException(file + ": no such file" + (Files.isDirectory(Path.of(file)) ? " (it is a directory)"
                    : "; for a YAML file on the classpath add --resource"));
        }
        if (options.filter() != null && !options.resource() && !Files.isRegularFile(Path.of(options.filter()))) {
            throw new FluxException("--filter " + options.filter() + ": no such file");
        }
        Properties properties = FluxParser.parseProperties(options.filter(), options.resource());
        UnaryOperator<String> env = options.envFilter() ? environment : null;
        TopologyDef def = options.resource() ? FluxParser.parseResource(file, properties, env)
                : FluxParser.parseFile(Path.of(file), properties, env);
        Config config = FluxBuilder.buildConfig(def);
        StormTopology topology;
        try {
            topology = FluxBuilder.buildTopology(new ExecutionContext(def, config));
        } catch (ReflectiveOperationException e) {
            throw new FluxException(file + ": " + e, e);
        }
        String name = def.getName() != null && !def.getName().isBlank() ? def.getName() : stem(file);
        return new Built(def, config, topology, name);
    }

    private static String stem(String file) {
        String name = Path.of(file).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name).toLowerCase(Locale.ROOT);
    }

    private int runLocally(FluxOptions options, Built built) throws InterruptedException {
        try (LocalCluster cluster = localCluster.get()) {
            cluster.submitTopologyWithOpts(built.name(), built.config(), built.topology(), submitOptions(options));
            out.println("running " + built.name() + (options.inactive() ? " (inactive)" : "") + " locally for "
                    + options.sleepMs() + " ms");
            pause.pause(options.sleepMs());
            cluster.killTopology(built.name());
            out.println("killed " + built.name());
        }
        return OK;
    }

    private int submit(FluxOptions options, Built built) {
        if (options.inactive()) {
            RemoteSubmitter remote = StormSubmitter.remote(built.config());
            if (remote != null) {
                err.println("Flux: --inactive: Gale cannot start a topology deactivated on " + remote.describe()
                        + "; submit it without --inactive, then deactivate it there");
                return USAGE;
            }
            StormSubmitter.localCluster().submitTopologyWithOpts(built.name(), built.config(), built.topology(),
                    submitOptions(options));
        } else {
            StormSubmitter.submitTopology(built.name(), built.config(), built.topology());
        }
        out.println("submitted " + built.name() + (options.inactive() ? " (inactive)" : ""));
        return OK;
    }

    private static SubmitOptions submitOptions(FluxOptions options) {
        return new SubmitOptions(options.inactive() ? TopologyInitialStatus.INACTIVE : TopologyInitialStatus.ACTIVE);
    }
}
