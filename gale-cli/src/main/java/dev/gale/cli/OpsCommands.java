package dev.gale.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * Storm's operations commands against a running Gale process, through its web UI's REST API:
 * {@code gale list}, {@code kill}, {@code activate}, {@code deactivate}. Each is one class here.
 */
final class OpsCommands {
    private OpsCommands() {
    }

    /** {@code gale list}: the topologies of the process, with status, uptime, size and counts. */
    @Command(name = "list", mixinStandardHelpOptions = true,
            header = "List the topologies of a running Gale process.",
            description = {"Prints each topology's name, status, uptime, tasks, executors, and its", "emitted, acked and failed counts.", "",
                "The process must serve its UI (gale run ... --ui, gale demo --ui, or",
                "LocalCluster.Builder.withUi). Its address: --url, else GALE_UI_URL, else",
                "http://127.0.0.1:8080/. kill, activate and deactivate also need the token it",
                "printed (list too when the UI listens beyond loopback): --token, else",
                "GALE_UI_TOKEN."},
            footer = {"", "Examples:", "  gale list", "  gale list --url http://127.0.0.1:8080/"})
    static final class ListCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @ParentCommand
        Main parent;
        @Mixin
        UiClientOptions where;

        @Override
        public Integer call() {
            UiClient ui = where.client(parent.environment);
            Object topologies = ui.get("topology/summary", "list").get("topologies");
            PrintWriter out = spec.commandLine().getOut();
            if (!(topologies instanceof List<?> list) || list.isEmpty()) {
                out.println("No topologies running.");
                out.flush();
                return 0;
            }
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[] {"NAME", "STATUS", "UPTIME", "TASKS", "EXECUTORS", "EMITTED", "ACKED", "FAILED"});
            for (Object o : list) {
                Map<?, ?> t = (Map<?, ?>) o;
                rows.add(new String[] {text(t.get("name")), text(t.get("status")), text(t.get("uptime")),
                    text(t.get("tasksTotal")), text(t.get("executorsTotal")), text(t.get("emitted")), text(t.get("acked")),
                    text(t.get("failed"))});
            }
            int[] widths = new int[rows.get(0).length];
            for (String[] r : rows) {
                for (int i = 0; i < r.length; i++) {
                    widths[i] = Math.max(widths[i], r[i].length());
                }
            }
            for (String[] r : rows) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < r.length; i++) {
                    line.append(i == 0 ? String.format("%-" + widths[i] + "s", r[i]) : String.format("  %" + widths[i] + "s", r[i]));
                }
                out.println(line.toString().stripTrailing());
            }
            out.flush();
            return 0;
        }

        private static String text(Object v) {
            return v == null ? "-" : String.valueOf(v);
        }
    }

    /** {@code gale kill NAME [--wait S]}: deactivates the topology, lets its trees finish for S seconds, kills it. */
    @Command(name = "kill", mixinStandardHelpOptions = true,
            header = "Kill a topology of a running Gale process.",
            description = {"As Storm's 'storm kill': deactivates the topology's spouts, lets the tuple",
                "trees in flight finish for --wait seconds (default: the topology's message",
                "timeout), then kills it. Returns once it is gone."},
            footer = {"", "Examples:", "  gale kill word-count", "  gale kill word-count --wait 0 --token TOKEN"})
    static final class KillCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @ParentCommand
        Main parent;
        @Mixin
        UiClientOptions where;
        @Parameters(index = "0", paramLabel = "NAME", description = "The topology to kill.")
        String name;
        @Option(names = {"--wait", "-w"}, paramLabel = "SECONDS",
                description = "How long to let the trees in flight finish before the kill (default: the topology's"
                        + " message timeout).")
        Integer waitSecs;

        @Override
        public Integer call() throws InterruptedException {
            if (waitSecs != null && waitSecs < 0) {
                throw new UserException("--wait must be 0 or more seconds, got " + waitSecs);
            }
            UiClient ui = where.client(parent.environment);
            int wait = waitSecs != null ? waitSecs
                    : ui.get("topology/" + UiClient.segment(name), "kill").get("msgTimeout") instanceof Number n ? n.intValue() : 30;
            try {
                ui.post("topology/" + UiClient.segment(name) + "/kill/" + wait, "kill");
            } catch (UserException e) {
                if (!(e.getCause() instanceof IOException)) {
                    throw e;
                }
                // The answer was lost on the way: a gale run whose topology is killed at once may end
                // before it answers. Whether the topology is gone is told below.
            }
            PrintWriter out = spec.commandLine().getOut();
            if (wait > 0) {
                out.printf("Deactivated topology '%s'; it is killed in %d s%n", name, wait);
                out.flush();
            }
            // The UI kills after the wait on a timer of its own: report once the topology is gone.
            long deadline = System.nanoTime() + (wait + 30L) * 1_000_000_000L;
            while (running(ui)) {
                if (System.nanoTime() > deadline) {
                    throw new UserException("topology '" + name + "' was still running " + (wait + 30) + " s after the kill",
                            Main.FAILED);
                }
                Thread.sleep(200);
            }
            out.printf("Killed topology '%s'%n", name);
            out.flush();
            return 0;
        }

        /** Summary reads in a row that failed while the UI still answered (200 ms apart). */
        private static final int MAX_FAILED_READS = 25;
        private int failedReads;

        private boolean running(UiClient ui) {
            Object topologies;
            try {
                topologies = ui.get("topology/summary", "kill").get("topologies");
                failedReads = 0;
            } catch (UserException e) {
                if (!ui.answers()) {
                    return false; // the process ended with its topology (gale run stops when its topology is killed)
                }
                // A process that is shutting down may drop a request and still accept the next one:
                // only a UI that keeps failing while it answers is an error.
                if (++failedReads >= MAX_FAILED_READS) {
                    throw e;
                }
                return true;
            }
            return topologies instanceof List<?> list && list.stream().anyMatch(t -> name.equals(((Map<?, ?>) t).get("name")));
        }
    }

    /** {@code gale activate NAME}. */
    @Command(name = "activate", mixinStandardHelpOptions = true,
            header = "Activate a topology of a running Gale process (its spouts emit again).",
            footer = {"", "Example:", "  gale activate word-count --token TOKEN"})
    static final class ActivateCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @ParentCommand
        Main parent;
        @Mixin
        UiClientOptions where;
        @Parameters(index = "0", paramLabel = "NAME", description = "The topology to activate.")
        String name;

        @Override
        public Integer call() {
            where.client(parent.environment).post("topology/" + UiClient.segment(name) + "/activate", "activate");
            spec.commandLine().getOut().printf("Activated topology '%s'%n", name);
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    /** {@code gale deactivate NAME}. */
    @Command(name = "deactivate", mixinStandardHelpOptions = true,
            header = "Deactivate a topology of a running Gale process (its spouts stop emitting).",
            footer = {"", "Example:", "  gale deactivate word-count --token TOKEN"})
    static final class DeactivateCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @ParentCommand
        Main parent;
        @Mixin
        UiClientOptions where;
        @Parameters(index = "0", paramLabel = "NAME", description = "The topology to deactivate.")
        String name;

        @Override
        public Integer call() {
            where.client(parent.environment).post("topology/" + UiClient.segment(name) + "/deactivate", "deactivate");
            spec.commandLine().getOut().printf("Deactivated topology '%s'%n", name);
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
