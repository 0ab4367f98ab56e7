package dev.gale.utils;

import dev.gale.Config;
import dev.gale.multilang.BoltMsg;
import dev.gale.multilang.BoundedLineReader;
import dev.gale.multilang.ISerializer;
import dev.gale.multilang.JsonSerializer;
import dev.gale.multilang.NoOutputException;
import dev.gale.multilang.ShellMsg;
import dev.gale.multilang.SpoutMsg;
import dev.gale.task.TopologyContext;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A multilang subprocess of a shell component ({@code ShellBolt}, {@code ShellSpout}): starts the
 * command, runs the handshake and carries messages both ways through an {@link ISerializer}.
 *
 * <p>Gale reads the subprocess's output on a thread of its own, which only parses messages and
 * queues them: the component takes them from the queue on its executor thread
 * ({@link #readShellMsg(long)}), so every emit, ack and fail it makes stays on that thread. A second
 * thread logs what the subprocess writes to stderr (at INFO, under the component's id) and keeps its
 * last lines for error reports, each cut to {@code gale.multilang.stderr.line.max.bytes} (the
 * rest of a longer line is skipped unread into memory, and the cut reported, see
 * {@link #takeWarnings()}). Both are daemons and end with the process.
 *
 * <p><b>Bounded writes.</b> A write goes to the pipe on the caller's thread; a third daemon thread
 * watches it, and a write that has not completed within the subprocess timeout (a subprocess that
 * stopped reading its stdin, with the pipe full) gets the subprocess killed, which breaks the pipe
 * and ends the write with an {@link IOException} that says so. The caller never waits longer.
 *
 * <p><b>Killing.</b> {@link #destroy()} ends the subprocess and every process it started: SIGTERM
 * first, SIGKILL after {@code gale.multilang.kill.grace.ms} to whatever still runs (see
 * {@link ProcessTree}); it depends on no other thread, blocked or not.
 *
 * <p>Writes and reads are for the component's executor thread; {@link #destroy()}, the getters and
 * {@link #describe()} may be called from any thread.
 */
public class ShellProcess implements Serializable {
    private static final long serialVersionUID = 1L;
    public static final Logger LOG = LoggerFactory.getLogger(ShellProcess.class);
    /** What Storm's {@code supervisor.worker.timeout.secs} defaults to, the subprocess timeout unless set. */
    static final int DEFAULT_TIMEOUT_SECS = 30;
    private static final int QUEUED_MESSAGES = 4096;
    private static final int STDERR_LINES_KEPT = 20;
    private static final int STDERR_LINE_CHARS = 500;
    /** What {@code gale.multilang.stderr.line.max.bytes} defaults to. */
    static final int DEFAULT_STDERR_LINE_MAX_BYTES = 65536;
    /** What {@code gale.multilang.kill.grace.ms} defaults to. */
    static final int DEFAULT_KILL_GRACE_MS = 1000;
    /** Reported stderr cuts kept until taken; more are logged only. */
    private static final int WARNINGS_KEPT = 100;

    /** The serializer of the running subprocess (public as in Storm). */
    public transient ISerializer serializer;
    /** The pid the subprocess sent in the handshake, or null before. */
    public Number pid;
    public String componentName;

    private final String[] command;
    private Map<String, String> env = new HashMap<>();
    private transient Process subprocess;
    private transient BlockingQueue<Object> messages;
    private transient ArrayDeque<String> stderrTail;
    private transient volatile Ended ended;
    private transient Logger shellLogger;
    private transient int taskId;
    private transient Thread stderrReader;
    private transient long timeoutNanos;
    private transient long killGraceMillis;
    private transient int stderrLineMaxBytes;
    /** When the write in progress started (System.nanoTime), or 0 when none is. */
    private transient volatile long writeStarted;
    /** Why the write watchdog killed the subprocess, or null. */
    private transient volatile String stalled;
    private transient AtomicBoolean destroyed;
    private transient ConcurrentLinkedQueue<String> warnings;

    /** The end of the subprocess's output: why it ended. */
    private record Ended(Exception cause) {
    }

    public ShellProcess(String[] command) {
        if (command == null || command.length == 0) {
            throw new IllegalArgumentException("a shell component needs a command to run, e.g. {\"python3\", \"bolt.py\"}");
        }
        this.command = command.clone();
    }

    /** Extra environment variables; a {@code PATH} given here is appended to the inherited one. */
    public void setEnv(Map<String, String> env) {
        this.env = env == null ? new HashMap<>() : new HashMap<>(env);
    }

    /** Starts the subprocess in {@link ShellResources#codeDir the classpath's resources directory}. */
    public Number launch(Map<String, Object> conf, TopologyContext context) {
        return launch(conf, context, true);
    }

    /**
     * Starts the subprocess, in the classpath's resources directory when {@code changeDirectory}
     * (see {@link ShellResources#codeDir}), else in this JVM's working directory, sends it the
     * setup information and returns the pid it answers with.
     *
     * @throws IllegalStateException if the command cannot be started, or the subprocess exits or
     *     does not answer within the subprocess timeout ({@code topology.subprocess.timeout.secs},
     *     else {@code supervisor.worker.timeout.secs}, else 30 s); the message names the command,
     *     the exit code and the subprocess's last stderr lines
     */
    public Number launch(Map<String, Object> conf, TopologyContext context, boolean changeDirectory) {
        this.componentName = context.getThisComponentId();
        this.taskId = context.getThisTaskId();
        this.shellLogger = LoggerFactory.getLogger(componentName);
        this.serializer = newSerializer(conf);
        this.timeoutNanos = timeoutMillis(conf) * 1_000_000L;
        this.killGraceMillis = ConfigValues.getNonNegativeInt(conf, Config.GALE_MULTILANG_KILL_GRACE_MS,
                DEFAULT_KILL_GRACE_MS);
        this.stderrLineMaxBytes = ConfigValues.getPositiveInt(conf, Config.GALE_MULTILANG_STDERR_LINE_MAX_BYTES,
                DEFAULT_STDERR_LINE_MAX_BYTES);
        this.destroyed = new AtomicBoolean();
        this.warnings = new ConcurrentLinkedQueue<>();
        File dir = changeDirectory ? ShellResources.codeDir(Thread.currentThread().getContextClassLoader()).toFile()
                : new File(System.getProperty("user.dir"));
        subprocess = start(dir);
        stderrTail = new ArrayDeque<>();
        messages = new ArrayBlockingQueue<>(QUEUED_MESSAGES);
        ended = null;
        serializer.initialize(subprocess.getOutputStream(), subprocess.getInputStream());
        stderrReader = startDaemon("gale-multilang-stderr-" + componentName + "-" + taskId, this::logStderr);
        startDaemon("gale-multilang-watchdog-" + componentName + "-" + taskId, this::watchWrites);
        CompletableFuture<Number> handshake = new CompletableFuture<>();
        startDaemon("gale-multilang-reader-" + componentName + "-" + taskId, () -> readAll(conf, context, handshake));
        long timeoutMillis = timeoutMillis(conf);
        try {
            this.pid = handshake.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            destroy();
            waitForExit(2000);
            throw new IllegalStateException(failure("did not answer the handshake (its pid) within "
                    + timeoutMillis / 1000.0 + " s"), e);
        } catch (ExecutionException e) {
            waitForExit(2000); // it usually failed the handshake by exiting: say how
            destroy();
            throw new IllegalStateException(failure("failed in the handshake: " + e.getCause().getMessage()), e.getCause());
        } catch (InterruptedException e) {
            destroy();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(owner() + ": interrupted while starting " + Arrays.toString(command), e);
        }
        LOG.info("{}: launched subprocess {} (pid {}) in {}", owner(), Arrays.toString(command), pid, dir);
        return pid;
    }

    /**
     * The subprocess timeout of a topology configuration, in milliseconds: how long a shell component
     * waits for an answer before it declares its subprocess hung (Storm's rule: {@code
     * topology.subprocess.timeout.secs}, else {@code supervisor.worker.timeout.secs}, else 30 s).
     */
    public static long timeoutMillis(Map<String, Object> conf) {
        String key = conf.get(Config.TOPOLOGY_SUBPROCESS_TIMEOUT_SECS) != null ? Config.TOPOLOGY_SUBPROCESS_TIMEOUT_SECS
                : Config.SUPERVISOR_WORKER_TIMEOUT_SECS;
        return 1000L * ConfigValues.getPositiveInt(conf, key, DEFAULT_TIMEOUT_SECS);
    }

    private void readAll(Map<String, Object> conf, TopologyContext context, CompletableFuture<Number> handshake) {
        try {
            handshake.complete(serializer.connect(conf, context));
        } catch (Exception | LinkageError e) {
            handshake.completeExceptionally(e);
            end(e instanceof Exception ex ? ex : new IOException(e));
            return;
        }
        try {
            while (true) {
                messages.put(serializer.readShellMsg());
            }
        } catch (InterruptedException e) {
            end(e);
        } catch (Exception e) {
            end(e);
        }
    }

    private void end(Exception cause) {
        String why = stalled;
        ended = new Ended(why != null ? new IOException(why, cause) : cause);
        // Wakes a reader blocked on the queue; if the queue is full, the reader sees 'ended' once it drains it.
        messages.offer(ended);
    }

    private void logStderr() {
        BoundedLineReader err = new BoundedLineReader(subprocess.getErrorStream());
        try {
            BoundedLineReader.Truncated line;
            while ((line = err.readTruncated(stderrLineMaxBytes, this::cutStderrLine)) != null) {
                shellLogger.info("{} stderr: {}", Arrays.toString(command), line.text());
                String text = line.text();
                synchronized (stderrTail) {
                    if (stderrTail.size() == STDERR_LINES_KEPT) {
                        stderrTail.removeFirst();
                    }
                    stderrTail.addLast(text.length() > STDERR_LINE_CHARS ? text.substring(0, STDERR_LINE_CHARS) + "..." : text);
                }
            }
        } catch (IOException e) {
            // the process is gone; nothing more to log
        }
    }

    private void cutStderrLine() {
        String warning = owner() + ": multilang subprocess " + describe() + " wrote a stderr line longer than "
                + Config.GALE_MULTILANG_STDERR_LINE_MAX_BYTES + " (" + stderrLineMaxBytes + " bytes): Gale logs its first "
                + stderrLineMaxBytes + " bytes and skips the rest";
        LOG.warn(warning);
        if (warnings.size() < WARNINGS_KEPT) {
            warnings.offer(warning);
        }
    }

    /**
     * Gale addition: what went wrong on the subprocess's side without ending it (stderr lines cut
     * to {@code gale.multilang.stderr.line.max.bytes}), one sentence each, naming the component;
     * each is returned once, for the component to report on its executor thread.
     */
    public List<String> takeWarnings() {
        if (warnings == null || warnings.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String w; (w = warnings.poll()) != null; ) {
            out.add(w);
        }
        return out;
    }

    /** The write watchdog: kills the subprocess when a write has not completed within the subprocess timeout. */
    private void watchWrites() {
        long periodNanos = Math.max(10_000_000L, Math.min(timeoutNanos / 4, 1_000_000_000L));
        while (!destroyed.get() && subprocess.isAlive()) {
            LockSupport.parkNanos(periodNanos);
            long started = writeStarted;
            if (started != 0 && System.nanoTime() - started > timeoutNanos) {
                stalled = "stopped reading its stdin: a write to it did not complete within " + timeoutNanos / 1e9
                        + " s (topology.subprocess.timeout.secs); killed it";
                LOG.error("{}: multilang subprocess {} {}", owner(), describe(), stalled);
                destroy();
                return;
            }
        }
    }

    private static Thread startDaemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static ISerializer newSerializer(Map<String, Object> conf) {
        Object name = conf.get(Config.TOPOLOGY_MULTILANG_SERIALIZER);
        if (name == null) {
            return new JsonSerializer();
        }
        return ClassResolver.newInstance(String.valueOf(name), ISerializer.class, Config.TOPOLOGY_MULTILANG_SERIALIZER);
    }

    /**
     * Kills the subprocess and every process it started: SIGTERM now, SIGKILL to what still runs
     * after {@code gale.multilang.kill.grace.ms} (its streams close, so its reading threads end).
     * Returns at once; idempotent.
     */
    public void destroy() {
        if (subprocess != null && (destroyed == null || destroyed.compareAndSet(false, true))) {
            ProcessTree.kill(subprocess.toHandle(), killGraceMillis);
            // Also closes this side of its pipes: a child that reads its stdin to the end (storm.py) exits at once.
            subprocess.destroy();
        }
    }

    /**
     * Gale addition: waits up to {@code millis} for the subprocess to end and returns its exit code,
     * or -1 if it still runs (or never started).
     */
    public int waitForExit(long millis) {
        if (subprocess == null) {
            return -1;
        }
        try {
            return subprocess.waitFor(millis, TimeUnit.MILLISECONDS) ? subprocess.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return getExitCode();
        }
    }

    /** Gale addition: whether a message (or the end of the output) waits to be read; never waits. */
    public boolean hasOutput() {
        return messages != null && !messages.isEmpty();
    }

    /** Whether the subprocess runs and its output is still open. */
    public boolean isAlive() {
        return subprocess != null && subprocess.isAlive() && ended == null;
    }

    /**
     * Blocks for the next message of the subprocess.
     *
     * @throws IOException if its output ended (it exited, or wrote something that is not the protocol)
     */
    public ShellMsg readShellMsg() throws IOException {
        while (true) {
            ShellMsg msg = readShellMsg(1000);
            if (msg != null) {
                return msg;
            }
        }
    }

    /**
     * Gale addition: the next message of the subprocess, waiting up to {@code timeoutMillis} (real
     * time: the subprocess runs in real time, whatever clock the topology reads); null if none came.
     *
     * @throws IOException if its output ended (it exited, or wrote something that is not the protocol)
     */
    public ShellMsg readShellMsg(long timeoutMillis) throws IOException {
        return readShellMsgNanos(TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis)));
    }

    /** Gale addition: {@link #readShellMsg(long)} with the wait in nanoseconds. */
    public ShellMsg readShellMsgNanos(long timeoutNanos) throws IOException {
        try {
            Object next = messages.poll(Math.max(0, timeoutNanos), TimeUnit.NANOSECONDS);
            if (next == null) {
                Ended end = ended;
                if (end != null && messages.isEmpty()) {
                    throw ended(end);
                }
                return null;
            }
            return take(next);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the subprocess", e);
        }
    }

    /** Gale addition: the next message already received, or null; never waits. */
    public ShellMsg pollShellMsg() throws IOException {
        Object next = messages.poll();
        if (next == null) {
            Ended end = ended;
            if (end != null && messages.isEmpty()) {
                throw ended(end);
            }
            return null;
        }
        return take(next);
    }

    private ShellMsg take(Object next) throws IOException {
        if (next instanceof Ended end) {
            messages.offer(end); // every later read sees the end too
            throw ended(end);
        }
        return (ShellMsg) next;
    }

    private static IOException ended(Ended end) {
        Exception cause = end.cause();
        if (cause instanceof NoOutputException) {
            return new IOException("its output ended (" + cause.getMessage() + ")", cause);
        }
        return new IOException(cause.getMessage(), cause);
    }

    /** Writes a tuple or heartbeat; see the class comment for how long it may block. */
    public void writeBoltMsg(BoltMsg msg) throws IOException {
        watched(() -> serializer.writeBoltMsg(msg));
    }

    /** Writes a spout command; see the class comment for how long it may block. */
    public void writeSpoutMsg(SpoutMsg msg) throws IOException {
        watched(() -> serializer.writeSpoutMsg(msg));
    }

    /** Writes the answer to an emit; see the class comment for how long it may block. */
    public void writeTaskIds(List<Integer> taskIds) throws IOException {
        watched(() -> serializer.writeTaskIds(taskIds));
    }

    /** A write to the subprocess's stdin. */
    private interface Write {
        void run() throws IOException;
    }

    /** Runs {@code write} under the write watchdog; a write it ended says why. */
    private void watched(Write write) throws IOException {
        String why = stalled;
        if (why != null) {
            throw new IOException(why);
        }
        long now = System.nanoTime();
        writeStarted = now == 0 ? 1 : now;
        try {
            write.run();
        } catch (IOException e) {
            why = stalled;
            throw why != null ? new IOException(why, e) : e;
        } finally {
            writeStarted = 0;
        }
    }

    /** Kept for Storm code: Gale logs the subprocess's stderr as it comes, on a thread of its own. */
    public void logErrorStream() {
    }

    /** The last lines the subprocess wrote to stderr, one per line (at most 20). */
    public String getErrorsString() {
        if (stderrTail == null) {
            return "";
        }
        synchronized (stderrTail) {
            return String.join("\n", stderrTail);
        }
    }

    /** The pid from the handshake, or null before it. */
    public Number getPid() {
        return pid;
    }

    public String getComponentName() {
        return componentName;
    }

    /** The exit code, or -1 while the subprocess runs or before it started. */
    public int getExitCode() {
        try {
            return subprocess != null ? subprocess.exitValue() : -1;
        } catch (IllegalThreadStateException stillRunning) {
            return -1;
        }
    }

    /**
     * Starts the command in {@code dir} with the component's extra environment: a {@code PATH}
     * entry is appended to the inherited one, other keys replace.
     */
    private Process start(File dir) {
        ProcessBuilder spec = new ProcessBuilder(command).directory(dir);
        Map<String, String> inherited = spec.environment();
        env.forEach((key, value) -> inherited.merge(key, value,
                (old, added) -> "PATH".equals(key) ? old + File.pathSeparatorChar + added : added));
        try {
            return spec.start();
        } catch (IOException e) {
            throw new IllegalStateException(owner() + ": cannot start " + Arrays.toString(command) + " in " + dir + ": "
                    + e.getMessage() + " (is '" + command[0] + "' installed and on the PATH?)", e);
        }
    }

    public String getProcessInfoString() {
        return String.format("pid:%s, name:%s", pid, componentName);
    }

    public String getProcessTerminationInfoString() {
        return String.format(" exitCode:%s, errorString:%s ", getExitCode(), getErrorsString());
    }

    /** Gale addition: the command and pid, e.g. {@code [python3, splitsentence.py] (pid 1234)}. */
    public String describe() {
        return Arrays.toString(command) + (pid == null ? "" : " (pid " + pid + ")");
    }

    /** The command line this process runs. */
    public String[] getCommand() {
        return command.clone();
    }

    /**
     * Gale addition: a one-paragraph account of a failure of this subprocess for error reports: the
     * component and task, the command, what went wrong, the exit code (waiting a moment for it) and
     * the last lines of its stderr.
     */
    public String failure(String what) {
        int exit = getExitCode();
        if (exit != -1 && stderrReader != null) {
            try {
                stderrReader.join(1000); // the process is gone: let its last stderr lines be read
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String errors = getErrorsString();
        return owner() + ": multilang subprocess " + describe() + " " + what
                + (exit == -1 ? "" : "; exit code " + exit)
                + (errors.isEmpty() ? "" : "; its last stderr lines:\n" + errors);
    }

    private String owner() {
        return "component '" + componentName + "' task " + taskId;
    }
}
