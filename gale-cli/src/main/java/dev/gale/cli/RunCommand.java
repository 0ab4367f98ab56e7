package dev.gale.cli;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.AnchoredWordCount;
import dev.gale.examples.ExclamationTopology;
import dev.gale.examples.FastWordCountTopology;
import dev.gale.examples.InOrderDeliveryCheck;
import dev.gale.examples.JoinBoltExample;
import dev.gale.examples.KafkaExactlyOnceWordCount;
import dev.gale.examples.KafkaWordCountTopology;
import dev.gale.examples.LambdaTopology;
import dev.gale.examples.PersistentWindowingTopology;
import dev.gale.examples.PythonWordCount;
import dev.gale.examples.ReliableWordCount;
import dev.gale.examples.RollingTopWords;
import dev.gale.examples.SkewedRollingTopWords;
import dev.gale.examples.SlidingTupleTsTopology;
import dev.gale.examples.SlidingWindowTopology;
import dev.gale.examples.StatefulTopology;
import dev.gale.examples.StatefulWindowingTopology;
import dev.gale.examples.StationReadingsJoin;
import dev.gale.examples.ThreadPoolWordCount;
import dev.gale.examples.WeatherLoggersTopology;
import dev.gale.generated.StormTopology;
import dev.gale.stats.ComponentStats;
import dev.gale.stats.LatencySummary;
import dev.gale.stats.TopologyStats;
import dev.gale.utils.ClassResolver;
import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code gale run}: runs an example or any topology class (on the classpath, or in the user's
 * {@code --jar}, {@code --classpath} or {@code CLASSPATH}) for a while.
 */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        header = "Run an example or your own topology for a while.",
        description = {
            "Runs a topology on the embedded engine for some seconds, printing its",
            "figures as it goes and a per-component summary at the end, then kills it.",
            "",
            "TARGET is an example name or a fully-qualified class name, or give",
            "--flux FILE instead: a topology defined in YAML as for Storm's Flux",
            "(see docs/flux.md). Examples:",
            "  wordcount           word count with its splitter in Python, a multilang",
            "                      ShellBolt (needs python3)",
            "  exclamation         two chained bolts, each appending '!' to a word,",
            "                      anchored",
            "  singlejoin          two streams joined on a key by SingleJoinBolt",
            "  reliable-wordcount  the demo's job; stops once every line is acked",
            "  kafka-wordcount     words from topic to topic through KafkaSpout and",
            "                      KafkaBolt: --conf kafka.bootstrap=HOST:PORT (and",
            "                      kafka.in.topic, kafka.out.topic, kafka.group)",
            "  kafka-exactly-once  word counts from topic to topic, exactly once:",
            "                      offsets and counts in checkpoints, a transactional",
            "                      KafkaBolt (same --conf keys as kafka-wordcount)",
            "  rolling-top-words   the top 3 words of a 12 s window sliding every 3 s:",
            "                      counted on tick tuples, ranked in two stages",
            "  lambda              spout and bolts written as lambdas (wind speeds on",
            "                      the Beaufort scale)",
            "  anchored-wordcount  word count with every word anchored to its sentence",
            "  multiple-logger     a bolt logging through several named loggers",
            "  sliding-window      windows counted in tuples: the peak of the last 20",
            "                      wind readings every 5 (sliding), then the range of",
            "                      every 4 peaks (tumbling)",
            "  sliding-tuple-ts    windows by event time: readings arriving out of order,",
            "                      grouped by when they were measured; watermarks 2 s",
            "                      behind, later readings to a late stream (first",
            "                      window after about 5 s)",
            "  join-bolt           JoinBolt: wind readings left-joined to their station's",
            "                      name over a 10 s tumbling window (give it --seconds 15)",
            "  skewed-rolling-top-words  rolling-top-words for one word far more frequent",
            "                      than the others: partial key grouping splits its counts",
            "                      over two counters, summed again before the ranking",
            "  multithread-wordcount  word count whose splitter emits and acks from a",
            "                      thread pool of its own; a metric v1 logged every second",
            "  fast-wordcount      word count with a spout that never pauses",
            "  in-order-delivery   checks that each spout task's tuples reach the bolt",
            "                      in the order emitted (fields grouping)",
            "  stateful            a stateful bolt: each station's record gust kept in a",
            "                      checkpointed KeyValueState, readings acked once committed",
            "  stateful-windowing  a windowed bolt with state: mean wind of each window,",
            "                      windows and gusty ones tallied in its KeyValueState",
            "  persistent-windowing  a window saved in Redis with each checkpoint",
            "                      (withPersistence), with the bolt's state: needs",
            "                      redis-server on localhost:6379, or give -- HOST:PORT",
            "                      (--conf does not apply)",
            "",
            "A class is run in the first of these ways it supports:",
            "  public static StormTopology createTopology(Map<String, Object> conf)",
            "  public static StormTopology createTopology()",
            "      Gale submits the topology with the --conf entries, runs it for",
            "      --seconds, prints its figures, and kills it.",
            "  public static void main(String[] args)",
            "      Called with ARGS. A topology it submits with StormSubmitter runs on",
            "      Gale's cluster as with createTopology (Storm's local mode); one it",
            "      runs on a LocalCluster of its own, it kills itself (--seconds, if",
            "      given, stops waiting for it). --conf does not apply.",
            "",
            "Your classes are found in the --jar files, the --classpath entries and",
            "the CLASSPATH environment variable, in that order ('dir/*' means the",
            "jars in dir). --conf keys named topology.* or gale.* that Gale does not",
            "know get a warning naming the closest known key. Errors thrown by",
            "user code are printed as they happen (a few per component) and in",
            "the summary, whether or not a logging binding is present.",
            ""},
        footer = {"", "Examples:",
            "  gale run wordcount --seconds 5 --conf topology.max.task.parallelism=3",
            "  gale run --jar my-topology.jar com.example.MyTopology",
            "  gale run --classpath lib/*:classes com.example.MyTopology --seconds 30",
            "  gale run --jar app.jar com.example.MyTopologyMain -- input.txt",
            "  gale run --flux topology.yaml --filter dev.properties --env-filter",
            "  gale run --jar my-topology.jar --flux topology.yaml"})
final class RunCommand implements Callable<Integer> {
    /** Example name -> the class providing it. */
    static final Map<String, Class<?>> EXAMPLES = new LinkedHashMap<>();

    static {
        EXAMPLES.put("wordcount", PythonWordCount.class);
        EXAMPLES.put("exclamation", ExclamationTopology.class);
        EXAMPLES.put("singlejoin", StationReadingsJoin.class);
        EXAMPLES.put("reliable-wordcount", ReliableWordCount.class);
        EXAMPLES.put("kafka-wordcount", KafkaWordCountTopology.class);
        EXAMPLES.put("kafka-exactly-once", KafkaExactlyOnceWordCount.class);
        EXAMPLES.put("rolling-top-words", RollingTopWords.class);
        EXAMPLES.put("lambda", LambdaTopology.class);
        EXAMPLES.put("anchored-wordcount", AnchoredWordCount.class);
        EXAMPLES.put("multiple-logger", WeatherLoggersTopology.class);
        EXAMPLES.put("sliding-window", SlidingWindowTopology.class);
        EXAMPLES.put("sliding-tuple-ts", SlidingTupleTsTopology.class);
        EXAMPLES.put("join-bolt", JoinBoltExample.class);
        EXAMPLES.put("skewed-rolling-top-words", SkewedRollingTopWords.class);
        EXAMPLES.put("multithread-wordcount", ThreadPoolWordCount.class);
        EXAMPLES.put("fast-wordcount", FastWordCountTopology.class);
        EXAMPLES.put("in-order-delivery", InOrderDeliveryCheck.class);
        EXAMPLES.put("stateful", StatefulTopology.class);
        EXAMPLES.put("stateful-windowing", StatefulWindowingTopology.class);
        EXAMPLES.put("persistent-windowing", PersistentWindowingTopology.class);
    }

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main parent;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET",
            description = "An example name or a class name (see above); none with --flux.")
    String target;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments for a main class (after '--').")
    List<String> args = new ArrayList<>();

    @Option(names = "--seconds", paramLabel = "N", converter = NumberOptions.Seconds.class,
            description = "How long to run the topology, 0.001 to 1e9 (default: 10).")
    Double seconds;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", converter = Confs.EntryConverter.class,
            description = "A configuration entry (repeatable). Whole numbers, decimals and "
                    + "true/false are typed; other values are strings.")
    List<Confs.Entry> conf;

    @Option(names = "--jar", paramLabel = "FILE",
            description = "A jar with your topology and its dependencies (repeatable).")
    List<Path> jars = new ArrayList<>();

    @Option(names = {"--classpath", "-cp"}, paramLabel = "PATH",
            description = "Jars and class directories, separated by '${sys:path.separator}' (repeatable).")
    List<String> classpaths = new ArrayList<>();

    @Option(names = "--name", paramLabel = "NAME", description = "The topology's name (default: the target's).")
    String name;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "1", converter = NumberOptions.Seconds.class,
            description = "How often to print figures when not on a terminal, 0.001 to 1e9 "
                    + "(default: ${DEFAULT-VALUE}).")
    double interval;

    @Option(names = "--progress", paramLabel = "MODE", defaultValue = "auto",
            description = "auto (live on a terminal, log lines otherwise), live, log or off (default: ${DEFAULT-VALUE}).")
    ProgressDisplay.Mode progressMode;

    @Mixin
    UiOptions ui;

    @Option(names = "--flux", paramLabel = "FILE",
            description = "Run the topology this Flux YAML file defines (instead of TARGET).")
    String flux;

    @Option(names = "--filter", paramLabel = "FILE",
            description = "With --flux: a properties file whose values replace $${name} in the YAML.")
    String filter;

    @Option(names = "--env-filter",
            description = "With --flux: replace $${ENV-NAME} in the YAML with environment variable NAME.")
    boolean envFilter;

    @Option(names = "--resource",
            description = "With --flux: the YAML (and --filter) file is a classpath resource, e.g. in a --jar.")
    boolean resource;

    @Override
    public Integer call() throws Exception {
        List<Path> userClasses = UserClassPath.entries(jars, classpaths, parent.environment.apply("CLASSPATH"));
        if (userClasses.isEmpty()) {
            return run();
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // The context class loader, so that the target, the executor threads the cluster starts and
        // a main method's thread all inherit it. Not closed: the user's libraries may have registered
        // JVM shutdown hooks that load their classes as the JVM exits (Hadoop's FileSystem, which
        // Storm's storm-hdfs uses, does), and a closed loader can no longer find them.
        URLClassLoader loader = UserClassPath.loader(userClasses, RunCommand.class.getClassLoader());
        try {
            thread.setContextClassLoader(loader);
            return run();
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private int run() throws Exception {
        Map<String, Object> settings = Confs.parse(conf);
        Confs.unknownEngineKeys(settings).forEach(w -> warn(w));
        if (flux != null) {
            if (target != null) {
                throw new UserException("give a TARGET or --flux FILE, not both ('" + target + "' and --flux " + flux + ")");
            }
            refuseArgs();
            FluxRun run = FluxRun.load(flux, resource, filter, envFilter ? parent.environment : null, settings);
            spec.commandLine().getOut().print(run.describe());
            return runTopology(name != null ? name : run.name(), run.config(), run.topology(), null);
        }
        if (filter != null || envFilter || resource) {
            throw new UserException((filter != null ? "--filter" : envFilter ? "--env-filter" : "--resource")
                    + " applies to --flux only");
        }
        if (target == null) {
            throw new UserException("give a TARGET (an example or a class) or --flux FILE; see 'gale run --help'");
        }
        Class<?> cls = resolve(target);
        String topologyName = name != null ? name : EXAMPLES.containsKey(target) ? target
                : cls.getSimpleName().toLowerCase(Locale.ROOT);

        if (cls == ReliableWordCount.class) {
            refuseArgs();
            try (ReliableWordCount job = new ReliableWordCount()) {
                Config config = ReliableWordCount.defaultConfig(settings);
                return runTopology(topologyName, config, job.build(config), job);
            }
        }
        Method factory = createTopologyMethod(cls);
        if (factory != null) {
            refuseArgs();
            Config config = new Config(settings);
            return runTopology(topologyName, config, invokeFactory(factory, config), null);
        }
        Method mainMethod = mainMethod(cls);
        if (mainMethod == null) {
            throw new UserException("class " + cls.getName() + " has neither a public static createTopology() "
                    + "returning StormTopology nor a public static main(String[]); see 'gale run --help'");
        }
        if (!settings.isEmpty()) {
            throw new UserException("--conf does not apply to " + cls.getName()
                    + ", which runs through its main method; set the configuration in its code");
        }
        return runMain(mainMethod);
    }

    private void warn(String message) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + message);
        spec.commandLine().getErr().flush();
    }

    /** Arguments go to a main method only: anywhere else they are a mistake to report, not to drop. */
    private void refuseArgs() {
        if (!args.isEmpty()) {
            throw new UserException(Main.unexpected(args) + ": only a class run through its main method takes ARGS");
        }
    }

    /** The example or class named {@code target}. */
    static Class<?> resolve(String target) {
        Class<?> example = EXAMPLES.get(target.toLowerCase(Locale.ROOT));
        if (example != null) {
            return example;
        }
        try {
            return ClassResolver.find(target);
        } catch (ClassNotFoundException | LinkageError e) {
            if (!target.contains(".")) {
                throw new UserException("unknown example '" + target + "'; examples: "
                        + String.join(", ", EXAMPLES.keySet()) + " (or give a fully-qualified class name)");
            }
            throw new UserException("no class " + target + " on the classpath"
                    + (e instanceof LinkageError ? " (" + Main.oneLine(e.toString()) + ")"
                    : "; give the jar or directory holding it with --jar or --classpath"));
        }
    }

    private static Method createTopologyMethod(Class<?> cls) {
        for (Class<?>[] params : List.<Class<?>[]>of(new Class<?>[] {Map.class}, new Class<?>[0])) {
            try {
                Method m = cls.getMethod("createTopology", params);
                if (Modifier.isStatic(m.getModifiers()) && StormTopology.class.isAssignableFrom(m.getReturnType())) {
                    return m;
                }
            } catch (NoSuchMethodException e) {
                // try the next form
            }
        }
        return null;
    }

    private static Method mainMethod(Class<?> cls) {
        try {
            Method m = cls.getMethod("main", String[].class);
            return Modifier.isStatic(m.getModifiers()) ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static StormTopology invokeFactory(Method factory, Config config) throws Exception {
        try {
            Object t = factory.getParameterCount() == 1 ? factory.invoke(null, config) : factory.invoke(null);
            if (t == null) {
                throw new UserException(factory.getDeclaringClass().getName() + ".createTopology() returned null",
                        Main.FAILED);
            }
            return (StormTopology) t;
        } catch (InvocationTargetException e) {
            throw unwrap(factory.getDeclaringClass().getName() + ".createTopology", e);
        }
    }

    private static Exception unwrap(String where, InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IllegalArgumentException iae) {
            return iae; // a bad configuration value, reported as bad usage
        }
        return new UserException(where + " threw " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), Main.FAILED);
    }

    private int runTopology(String topologyName, Config config, StormTopology topology, ReliableWordCount job) {
        long start = System.nanoTime();
        Watched watched;
        try (LocalCluster cluster = ui.cluster(spec.commandLine().getOut())) {
            cluster.submitTopology(topologyName, config, topology);
            watched = watch(cluster, topologyName, job, start);
        } // kills the topology
        return report(topologyName, topology, watched, job);
    }

    /**
     * What a run ends with: the topology's figures and how long it ran; killedOutside if it was
     * killed by someone else (gale kill, the UI) before the run's end, the figures then its last.
     */
    private record Watched(TopologyStats stats, double secs, boolean killedOutside) {
    }

    /**
     * Shows a running topology's figures until --seconds have passed since {@code start} (or the
     * job is complete, or the topology stopped on a fatal error); a signal drains it.
     */
    private Watched watch(LocalCluster cluster, String topologyName, ReliableWordCount job, long start) {
        double runSecs = seconds == null ? 10 : seconds;
        try (ProgressDisplay display = new ProgressDisplay(spec.commandLine().getErr(), progressMode, interval);
             ShutdownDrain onSignal = new ShutdownDrain(cluster, topologyName, spec.commandLine().getErr())) {
            long runNanos = (long) (runSecs * 1e9);
            DemoCommand.Rate rate = new DemoCommand.Rate();
            ErrorFeed errors = new ErrorFeed();
            String prefix = spec.qualifiedName() + " " + topologyName + ": ";
            boolean failed = false;
            TopologyStats last = cluster.getTopologyStats(topologyName);
            // Elapsed time against the run's length (not nanoTime against an end), which cannot overflow.
            while (System.nanoTime() - start < runNanos && !(job != null && job.isComplete()) && !failed) {
                long leftMillis = (runNanos - (System.nanoTime() - start)) / 1_000_000;
                DemoCommand.sleep(Math.min(display.sampleMillis(), Math.max(1, leftMillis)));
                if (onSignal.started()) {
                    onSignal.awaitExit();
                }
                if (!cluster.getTopologyNames().contains(topologyName)) {
                    return new Watched(last, (System.nanoTime() - start) / 1e9, true);
                }
                last = cluster.getTopologyStats(topologyName);
                errors.newErrors(last).forEach(line -> display.message(prefix + line));
                show(display, topologyName, last, rate, start, runSecs);
                failed = last.fatalError() != null; // the topology stopped: no use waiting
            }
            // An error raised after the last look still shows as it happened, before the summary.
            last = cluster.getTopologyStats(topologyName);
            errors.newErrors(last).forEach(line -> display.message(prefix + line));
            return new Watched(last, (System.nanoTime() - start) / 1e9, false);
        }
    }

    /** Prints a run's summary (per component, latency, errors); returns the exit status. */
    private int report(String topologyName, StormTopology topology, Watched watched, ReliableWordCount job) {
        PrintWriter out = spec.commandLine().getOut();
        TopologyStats stats = watched.stats();
        if (watched.killedOutside()) {
            out.printf("Topology %s was killed (gale kill, or the UI) after %s; its last figures:%n", topologyName,
                    Format.seconds(watched.secs()));
        }
        out.printf("Ran %s for %s; per component:%n%n", topologyName, Format.seconds(watched.secs()));
        Format.table(stats, topology.components().keySet()).forEach(out::println);
        out.println();
        out.println("Spout complete latency: " + Format.completeLatency(stats));
        List<String> errors = Format.errors(stats);
        if (!errors.isEmpty()) {
            out.println("Last errors:");
            errors.forEach(out::println);
        }
        out.flush();
        DemoCommand.failIfFatal(stats);
        int status = 0;
        if (job != null) {
            ReliableWordCount.Progress p = job.progress();
            if (job.verify()) {
                out.printf("OK: all %s lines fully processed and the word counts equal those computed from the text.%n",
                        Format.count(p.total()));
            } else {
                out.printf("FAILED: %s of %s lines acked%s.%n", Format.count(p.acked()), Format.count(p.total()),
                        p.complete() ? ", but the word counts differ from the text" : "");
                status = Main.FAILED;
            }
        }
        out.flush();
        return status;
    }

    private static void show(ProgressDisplay display, String topologyName, TopologyStats stats,
                             DemoCommand.Rate rate, long start, double runSecs) {
        long emitted = 0;
        long acked = 0;
        long failed = 0;
        long executed = 0;
        for (ComponentStats c : stats.components()) {
            switch (c.kind()) {
                case SPOUT -> {
                    emitted += c.emitted();
                    acked += c.acked();
                    failed += c.failed();
                }
                case BOLT -> executed += c.executed();
                default -> {
                }
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        double perSec = rate.perSecond(emitted);
        LatencySummary l = stats.completeLatency();
        // Most important first, compact enough for 80 columns (the display drops from the end).
        List<String> segments = List.of(
                Format.seconds(elapsed) + "/" + Format.seconds(runSecs) + " emit " + Format.compact(emitted) + " ack "
                        + Format.compact(acked) + " fail " + Format.compact(failed),
                Format.latencyCompact(l),
                Format.compact(perSec) + " tuples/s",
                "bolts exec " + Format.compact(executed));
        String log = "gale run " + topologyName + ": " + Format.seconds(elapsed) + "  spouts emitted "
                + Format.count(emitted) + "  acked " + Format.count(acked) + "  failed " + Format.count(failed)
                + "  bolts executed " + Format.count(executed) + "  " + Format.count(perSec) + " tuples/s"
                + (l.count() > 0 ? "  complete latency p50 " + Format.ms(l.p50Ms()) + " ms p99 " + Format.ms(l.p99Ms())
                + " ms" : "");
        display.update(segments, log);
    }

    /**
     * Runs a main method inside a cluster of this command's own, which its StormSubmitter submits go
     * to (Storm's local mode). A topology it submitted that way then runs, with figures, until
     * --seconds (default 10) have passed since the start, and is killed; a main that runs and kills
     * its own cluster is waited for (or, with --seconds, up to then).
     */
    private int runMain(Method main) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                main.invoke(null, (Object) args.toArray(new String[0]));
            } catch (InvocationTargetException e) {
                thrown.set(e.getCause());
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "main of " + main.getDeclaringClass().getSimpleName());
        t.setDaemon(true);
        long start = System.nanoTime();
        String submitted;
        StormTopology topology;
        Watched watched;
        try (LocalCluster cluster = ui.cluster(spec.commandLine().getOut())) {
            t.start();
            if (seconds == null) {
                t.join();
            } else {
                t.join((long) (seconds * 1000));
            }
            Throwable e = thrown.get();
            if (e != null) {
                throw new UserException(main.getDeclaringClass().getName() + ".main threw " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()), Main.FAILED);
            }
            Set<String> names = cluster.getTopologyNames();
            if (names.isEmpty()) {
                if (t.isAlive()) {
                    spec.commandLine().getErr().printf("gale run: %s.main still running after %s; stopping%n",
                            main.getDeclaringClass().getName(), Format.seconds(seconds));
                }
                return 0;
            }
            submitted = names.iterator().next();
            if (names.size() > 1) {
                spec.commandLine().getErr().printf("gale run: %s.main submitted %s; showing %s%n",
                        main.getDeclaringClass().getName(), names, submitted);
            }
            topology = cluster.getTopology(submitted);
            watched = watch(cluster, submitted, null, start);
        } // kills what main submitted
        return report(submitted, topology, watched, null);
    }
}
