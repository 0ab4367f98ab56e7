package dev.gale.cli;

import dev.gale.generated.InvalidTopologyException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code gale} command. Exit status: 0 success, 1 the job failed, 2 bad usage. */
@Command(name = "gale",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        synopsisSubcommandLabel = "[COMMAND]",
        description = {
            "Gale runs Storm-style topologies (spouts, bolts, guaranteed message",
            "processing) on an engine embedded in this JVM.",
            "Without a command, runs the demo."},
        subcommands = {DemoCommand.class, RunCommand.class, KafkaDemoCommand.class, StormDemoCommand.class,
            PortCommand.class,
            OpsCommands.ListCommand.class, OpsCommands.KillCommand.class, OpsCommands.ActivateCommand.class,
            OpsCommands.DeactivateCommand.class,
            CommandLine.HelpCommand.class},
        footer = {"",
            "Examples:",
            "  gale                          run the demo (same as 'gale demo')",
            "  gale run wordcount --seconds 5",
            "                                word count with a Python splitter, for 5 s",
            "  gale demo --conf reliable.fail.fraction=0.2",
            "                                the demo, failing 20%% of the word tuples",
            "  gale kafka-demo               two Gale processes reading and writing Kafka,",
            "                                one killed mid-stream: nothing lost",
            "  gale storm-demo               the reliable word count, unchanged, on a real",
            "                                Storm cluster started on this machine",
            "  gale list --url http://127.0.0.1:8080/",
            "                                the topologies of a Gale process serving its UI",
            "  gale kill word-count --token TOKEN",
            "                                kill one (also: activate, deactivate)",
            "  gale port my-storm-project --into my-gale-project",
            "                                port a Storm source tree (imports, POM) to Gale",
            "  gale help run                 how to run your own topology",
            "",
            "Exit status: 0 success, 1 the job failed, 2 bad usage."})
public final class Main implements Callable<Integer> {
    /** Exit status when a job ran but did not succeed. */
    public static final int FAILED = 1;
    /** Exit status for bad usage: unknown option, example or class, bad configuration value. */
    public static final int USAGE = 2;

    @Spec
    CommandSpec spec;

    /** The environment variables (CLASSPATH) the commands read; tests give their own. */
    final UnaryOperator<String> environment;

    private Main(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line: one-line errors, no stack traces. */
    public static CommandLine commandLine() {
        return commandLine(System::getenv);
    }

    /** The command line reading environment variables from {@code environment}. */
    static CommandLine commandLine(UnaryOperator<String> environment) {
        CommandLine cl = new CommandLine(new Main(environment));
        cl.setParameterExceptionHandler(Main::usageError);
        cl.setExecutionExceptionHandler(Main::executionError);
        return cl;
    }

    @Override
    public Integer call() {
        CommandLine demo = spec.commandLine().getSubcommands().get("demo");
        return demo.execute();
    }

    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String command = cl.getCommandSpec().qualifiedName();
        String message = e instanceof CommandLine.UnmatchedArgumentException u ? unmatched(u) : e.getMessage();
        err.println(command + ": " + oneLine(message) + " (see '" + command + " --help')");
        err.flush();
        return USAGE;
    }

    /**
     * Picocli's "Unmatched argument at index 0" in words: an unknown command where a command was
     * expected, else arguments the command does not take. Unknown options keep picocli's message.
     */
    private static String unmatched(CommandLine.UnmatchedArgumentException e) {
        CommandLine cl = e.getCommandLine();
        List<String> args = e.getUnmatched();
        if (args.isEmpty() || args.get(0).startsWith("-")) {
            return e.getMessage();
        }
        if (!cl.getSubcommands().isEmpty() && cl.getCommandSpec().positionalParameters().isEmpty()) {
            String commands = String.join(", ", cl.getSubcommands().keySet());
            return "unknown command '" + args.get(0) + "'; commands are " + commands
                    + Closest.typoOf(args.get(0), cl.getSubcommands().keySet())
                            .map(c -> " (did you mean '" + c + "'?)").orElse("");
        }
        return unexpected(args);
    }

    /** "unexpected argument 'x'" or "unexpected arguments 'x' 'y'". */
    static String unexpected(List<String> args) {
        return "unexpected argument" + (args.size() == 1 ? "" : "s") + " '" + String.join("' '", args) + "'";
    }

    private static int executionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        String command = cl.getCommandSpec().qualifiedName();
        int status;
        String message;
        if (e instanceof UserException u) {
            status = u.status();
            message = u.getMessage();
        } else if (e instanceof IllegalArgumentException || e instanceof InvalidTopologyException) {
            status = USAGE;
            message = e.getMessage();
        } else {
            status = FAILED;
            message = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
        err.println(command + ": " + oneLine(message));
        err.flush();
        return status;
    }

    static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "failed";
        }
        return message.strip().replaceAll("\\s*\\R\\s*", "; ");
    }

    /** The version from the jar manifest, or "development build". */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"gale " + (v == null ? "0.1.0-SNAPSHOT" : v) + ", Java " + Runtime.version()};
        }
    }
}
