package dev.gale.multilang;

import dev.gale.utils.Json;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A multilang subprocess for the tests of ShellBolt and ShellSpout, written against the protocol
 * (not Storm's libraries) so each test picks a behaviour: {@code main(mode)}. Run in a JVM of its own.
 */
public final class FakeSubprocess {
    private static final BufferedReader IN = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    private static final PrintStream OUT = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    /** Task id lists that arrived while a command was awaited, and commands that arrived while task ids were. */
    private static final List<Object> PENDING_COMMANDS = new ArrayList<>();

    private FakeSubprocess() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        if (mode.equals("silent")) {
            Thread.sleep(Long.MAX_VALUE); // never answers the handshake
        }
        Map<?, ?> setup = (Map<?, ?>) read();
        long pid = ProcessHandle.current().pid();
        Files.createFile(Path.of((String) setup.get("pidDir"), Long.toString(pid)));
        Map<?, ?> context = (Map<?, ?>) setup.get("context");
        send(Map.of("pid", pid));
        switch (mode) {
            case "split" -> splitBolt(context);
            case "exit-on-tuple" -> {
                readCommand();
                System.err.println("boom: cannot process " + context.get("componentid"));
                System.err.flush();
                System.exit(3);
            }
            case "hang-on-tuple" -> {
                readCommand();
                Thread.sleep(Long.MAX_VALUE);
            }
            case "garbage-on-tuple" -> {
                readCommand();
                OUT.println("this is not JSON");
                OUT.println("end");
                OUT.flush();
                Thread.sleep(Long.MAX_VALUE);
            }
            case "late-ack" -> lateAckBolt();
            case "chatty" -> chattyBolt();
            case "count-spout" -> countSpout();
            case "exit-on-next" -> {
                readCommand();
                System.err.println("spout crashed");
                System.exit(7);
            }
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    /** Emits each space-separated word of the tuple's first value, anchored to it, then acks it. */
    private static void splitBolt(Map<?, ?> context) throws IOException {
        while (true) {
            Map<?, ?> tuple = readCommand();
            if (isHeartbeat(tuple)) {
                send(Map.of("command", "sync"));
                continue;
            }
            List<?> values = (List<?>) tuple.get("tuple");
            for (String word : String.valueOf(values.get(0)).split(" ")) {
                Map<String, Object> emit = new LinkedHashMap<>();
                emit.put("command", "emit");
                emit.put("anchors", List.of(tuple.get("id")));
                emit.put("tuple", List.of(word, context.get("taskid")));
                send(emit);
                readTaskIds(); // the reply to the emit (empty here: nothing subscribes)
            }
            send(Map.of("command", "ack", "id", tuple.get("id")));
        }
    }

    /**
     * Answers the heartbeat that follows a tuple without acking it, and acks it at the next message
     * (the next tuple, or the next heartbeat of the task's timer). Emits nothing.
     */
    private static void lateAckBolt() throws IOException {
        Object fresh = null;
        Object owed = null;
        while (true) {
            Map<?, ?> msg = readCommand();
            if (owed != null) {
                send(Map.of("command", "ack", "id", owed));
                owed = null;
            }
            if (isHeartbeat(msg)) {
                if (fresh != null) {
                    owed = fresh;
                    fresh = null;
                }
                send(Map.of("command", "sync"));
            } else {
                fresh = msg.get("id");
            }
        }
    }

    /** Logs, reports an error, updates a metric, fails the tuple, without waiting for task ids (need_task_ids false). */
    private static void chattyBolt() throws IOException {
        while (true) {
            Map<?, ?> tuple = readCommand();
            if (isHeartbeat(tuple)) {
                send(Map.of("command", "sync"));
                continue;
            }
            send(Map.of("command", "log", "msg", "got " + tuple.get("tuple"), "level", 3));
            send(Map.of("command", "error", "msg", "something odd in " + tuple.get("tuple")));
            send(Map.of("command", "metrics", "name", "my-metric", "params", 1));
            send(Map.of("command", "emit", "tuple", List.of("unanchored"), "need_task_ids", false));
            send(Map.of("command", "fail", "id", tuple.get("id")));
        }
    }

    /** On next: emits the next number with itself as id (three in all); on ack or fail: emits ("acked"|"failed", id) on stream "outcomes". */
    private static void countSpout() throws IOException {
        int n = 0;
        while (true) {
            Map<?, ?> command = readCommand();
            switch (String.valueOf(command.get("command"))) {
                case "next" -> {
                    if (n < 3) {
                        n++;
                        send(Map.of("command", "emit", "tuple", List.of(n), "id", n));
                        readTaskIds();
                    }
                }
                case "ack", "fail" -> {
                    send(Map.of("command", "emit", "stream", "outcomes", "tuple",
                            List.of(command.get("command") + "ed", command.get("id"))));
                    readTaskIds();
                }
                default -> {
                    // activate, deactivate
                }
            }
            send(Map.of("command", "sync"));
        }
    }

    private static boolean isHeartbeat(Map<?, ?> tuple) {
        return "__heartbeat".equals(tuple.get("stream")) && ((Number) tuple.get("task")).intValue() == -1;
    }

    private static Map<?, ?> readCommand() throws IOException {
        for (int i = 0; i < PENDING_COMMANDS.size(); i++) {
            if (PENDING_COMMANDS.get(i) instanceof Map<?, ?> m) {
                PENDING_COMMANDS.remove(i);
                return m;
            }
        }
        while (true) {
            Object msg = read();
            if (msg instanceof Map<?, ?> m) {
                return m;
            }
            PENDING_COMMANDS.add(msg);
        }
    }

    private static List<?> readTaskIds() throws IOException {
        for (int i = 0; i < PENDING_COMMANDS.size(); i++) {
            if (PENDING_COMMANDS.get(i) instanceof List<?> l) {
                PENDING_COMMANDS.remove(i);
                return l;
            }
        }
        while (true) {
            Object msg = read();
            if (msg instanceof List<?> l) {
                return l;
            }
            PENDING_COMMANDS.add(msg);
        }
    }

    private static Object read() throws IOException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            String line = IN.readLine();
            if (line == null) {
                System.exit(0); // the parent closed the pipe
            }
            if (line.equals("end")) {
                return Json.parse(sb.toString());
            }
            sb.append(line).append('\n');
        }
    }

    private static void send(Object msg) {
        OUT.println(Json.write(msg));
        OUT.println("end");
        OUT.flush();
    }

    /** The command that runs this class in {@code mode}: this JVM's java, with the test and main classes. */
    public static String[] command(String mode) throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        String cp = Path.of(FakeSubprocess.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                + File.pathSeparator
                + Path.of(Json.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        return new String[] {javaBin, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", cp, FakeSubprocess.class.getName(), mode};
    }
}
