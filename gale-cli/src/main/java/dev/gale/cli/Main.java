package dev.gale.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
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
        subcommands = {DemoCommand.class, RunCommand.class, KafkaDemoCommand.class, CommandLine.HelpCommand.class},
        footer = {"",
            "Examples:",
            "  gale                          run the demo (same as 'gale demo')",
            "  gale run wordcount --seconds 5",
            "                                storm-starter's WordCountTopology for 5 s",
            "  gale demo --conf reliable.fail.fraction=0.2",
            "                                the demo, failing 20%% of the word tuples",
            "  gale kafka-demo               two Gale processes reading and writing Kafka,",
            "                                one killed mid-stream: nothing lost",
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

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line: one-line errors, no stack traces. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
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
        err.println(command + ": " + oneLine(e.getMessage()) + " (see '" + command + " --help')");
        err.flush();
        return USAGE;
    }

    private static int executionError(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        String command = cl.getCommandSpec().qualifiedName();
        int status;
        String message;
        if (e instanceof UserException u) {
            status = u.status();
            message = u.getMessage();
        } else if (e instanceof IllegalArgumentException || e instanceof dev.gale.generated.InvalidTopologyException) {
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
