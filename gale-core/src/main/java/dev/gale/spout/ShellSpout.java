package dev.gale.spout;

import dev.gale.generated.ShellComponent;
import dev.gale.multilang.ShellMetricUpdates;
import dev.gale.multilang.ShellMsg;
import dev.gale.multilang.SpoutMsg;
import dev.gale.task.TopologyContext;
import dev.gale.utils.ShellLogHandler;
import dev.gale.utils.ShellProcess;
import dev.gale.utils.ShellUtils;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A spout whose work is done by another process, in any language, speaking Storm's multilang
 * protocol over its stdin and stdout. Subclass it and implement {@code IRichSpout} to declare the
 * outputs; the subprocess starts in {@code open}, in the classpath's resources directory
 * ({@link dev.gale.utils.ShellResources#codeDir}) unless {@link #changeChildCWD(boolean)
 * changeChildCWD(false)}.
 *
 * <p>The protocol is synchronous: {@code nextTuple}, {@code ack}, {@code fail}, {@code activate}
 * and {@code deactivate} each send a command and handle what the subprocess answers (emits, logs,
 * errors) until it says {@code sync}, on the spout's executor thread. A subprocess that sleeps
 * before answering (storm-starter's {@code randomsentence.js} waits 100 ms) holds the spout that
 * long; Gale's scheduler then gives the spout a thread of its own.
 *
 * <p><b>Failures.</b> A subprocess that exits, breaks the protocol, does not answer within the
 * subprocess timeout ({@code topology.subprocess.timeout.secs}, else
 * {@code supervisor.worker.timeout.secs}, else 30 s; real time), stops reading its stdin for that
 * long, or writes a message longer than {@code gale.multilang.message.max.bytes} is killed with
 * every process it started (see {@link ShellProcess#destroy()}), and the error, naming the
 * component, task, command, pid, exit code and its last stderr lines, is logged and reported. Where Storm
 * halts the worker, Gale starts the subprocess again at the next call (at most once a second). The
 * tuple trees it had emitted still complete or time out in the engine, but their acks and fails
 * are not passed to the new subprocess, which never saw their ids.
 *
 * <p>Not thread-safe: each task has its own instance, called on its executor thread.
 */
public class ShellSpout implements ISpout {
    private static final long serialVersionUID = 1L;
    public static final Logger LOG = LoggerFactory.getLogger(ShellSpout.class);
    private static final long RESTART_BACKOFF_NANOS = 1_000_000_000L;

    private final String[] command;
    private Map<String, String> env = new HashMap<>();
    private boolean changeDirectory = true;

    private transient Map<String, Object> topoConf;
    private transient TopologyContext context;
    private transient SpoutOutputCollector collector;
    private transient ShellProcess process;
    private transient ShellLogHandler logHandler;
    private transient long timeoutMillis;
    /** Message ids the running subprocess emitted whose tree is not yet acked or failed, with how often. */
    private transient Map<Object, Integer> emittedIds;
    private transient long lastFailure;
    private transient ShellMetricUpdates metricUpdates;
    /** Whether the engine last activated (true) or deactivated the spout. */
    private transient boolean active;

    public ShellSpout(ShellComponent component) {
        this(component.get_execution_command(), component.get_script());
    }

    public ShellSpout(String... command) {
        if (command == null || command.length == 0) {
            throw new IllegalArgumentException("ShellSpout needs a command to run, e.g. new ShellSpout(\"node\", \"spout.js\")");
        }
        this.command = command.clone();
    }

    /** Extra environment variables of the subprocess; a {@code PATH} here is appended to the inherited one. */
    public ShellSpout setEnv(Map<String, String> env) {
        this.env = env == null ? new HashMap<>() : new HashMap<>(env);
        return this;
    }

    @SuppressWarnings("checkstyle:AbbreviationAsWordInName")
    public boolean shouldChangeChildCWD() {
        return changeDirectory;
    }

    /**
     * Whether the subprocess starts in the classpath's resources directory (true, the default) or
     * in this JVM's working directory.
     */
    @SuppressWarnings("checkstyle:AbbreviationAsWordInName")
    public void changeChildCWD(boolean changeDirectory) {
        this.changeDirectory = changeDirectory;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.topoConf = conf;
        this.context = context;
        this.collector = collector;
        this.emittedIds = new HashMap<>();
        this.metricUpdates = new ShellMetricUpdates(context, owner(), collector::reportError);
        this.timeoutMillis = ShellProcess.timeoutMillis(conf);
        this.logHandler = ShellUtils.getLogHandler(conf);
        start();
    }

    private void start() {
        ShellProcess p = new ShellProcess(command);
        p.setEnv(env);
        p.launch(topoConf, context, changeDirectory);
        process = p;
        emittedIds.clear();
        logHandler.setUpContext(getClass(), p, context);
    }

    /** The running subprocess, started again if it failed (at most once a second); null if it cannot run now. */
    private ShellProcess running() {
        if (process != null) {
            return process;
        }
        long now = System.nanoTime();
        if (lastFailure != 0 && now - lastFailure < RESTART_BACKOFF_NANOS) {
            return null;
        }
        try {
            start();
            lastFailure = 0;
            LOG.info("{}: restarted {} after its failure", owner(), process.describe());
            if (active) {
                command("activate", ""); // a new subprocess of an active spout is activated, as after Storm's restart
            }
            return process;
        } catch (RuntimeException e) {
            lastFailure = System.nanoTime();
            report(e.getMessage(), e);
            return null;
        }
    }

    @Override
    public void nextTuple() {
        command("next", "");
    }

    @Override
    public void ack(Object msgId) {
        if (forget(msgId)) {
            command("ack", msgId);
        }
    }

    @Override
    public void fail(Object msgId) {
        if (forget(msgId)) {
            command("fail", msgId);
        }
    }

    @Override
    public void activate() {
        active = true;
        command("activate", "");
    }

    @Override
    public void deactivate() {
        active = false;
        command("deactivate", "");
    }

    /** Whether the running subprocess emitted {@code msgId} (and counts one of its emits off). */
    private boolean forget(Object msgId) {
        Integer n = emittedIds.get(msgId);
        if (n == null) {
            LOG.debug("{}: outcome of message id {} not passed on: a subprocess that failed since emitted it",
                    owner(), msgId);
            return false;
        }
        if (n == 1) {
            emittedIds.remove(msgId);
        } else {
            emittedIds.put(msgId, n - 1);
        }
        return true;
    }

    /** Sends one command and handles what the subprocess sends until its {@code sync}. */
    private void command(String name, Object id) {
        ShellProcess p = running();
        if (p == null) {
            return;
        }
        for (String warning : p.takeWarnings()) {
            collector.reportError(new IllegalStateException(warning));
        }
        SpoutMsg msg = new SpoutMsg();
        msg.setCommand(name);
        msg.setId(id);
        try {
            p.writeSpoutMsg(msg);
        } catch (IOException e) {
            die("could not be written to (" + e.getMessage() + ")", e);
            return;
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            ShellMsg reply;
            try {
                reply = left > 0 ? p.readShellMsg(left) : null;
            } catch (IOException e) {
                die("ended: " + e.getMessage(), e);
                return;
            }
            if (reply == null) {
                die("did not answer '" + name + "' within " + timeoutMillis / 1000.0
                        + " s (topology.subprocess.timeout.secs); killed it", null);
                return;
            }
            try {
                if (handle(reply)) {
                    return;
                }
            } catch (IOException e) {
                die("could not be written to (" + e.getMessage() + ")", e);
                return;
            } catch (RuntimeException e) {
                die("sent a message Gale refused: " + reply + ": " + e.getMessage(), e);
                return;
            }
        }
    }

    /** Handles one message; true at the {@code sync} that ends the command. */
    private boolean handle(ShellMsg msg) throws IOException {
        switch (msg.getCommand()) {
            case "sync":
                return true;
            case "log":
                logHandler.log(msg);
                return false;
            case "error":
                collector.reportError(new Exception("Shell Process Exception: " + msg.getMsg()));
                return false;
            case "emit":
                emit(msg);
                return false;
            case "metrics":
                metrics(msg);
                return false;
            default:
                throw new IllegalStateException("unknown command '" + msg.getCommand() + "'");
        }
    }

    private void emit(ShellMsg msg) throws IOException {
        if (msg.getTuple() == null) {
            throw new IllegalStateException("an emit without \"tuple\"");
        }
        Object id = msg.getId();
        if (msg.getTask() == 0) {
            List<Integer> tasks = collector.emit(msg.getStream(), msg.getTuple(), id);
            if (id != null) {
                emittedIds.merge(id, 1, Integer::sum);
            }
            if (msg.areTaskIdsNeeded()) {
                process.writeTaskIds(tasks);
            }
        } else {
            collector.emitDirect((int) msg.getTask(), msg.getStream(), msg.getTuple(), id);
            if (id != null) {
                emittedIds.merge(id, 1, Integer::sum);
            }
        }
    }

    /** A registered IShellMetric takes the update; anything else is reported once and dropped (see ShellMetricUpdates). */
    private void metrics(ShellMsg msg) {
        metricUpdates.apply(msg);
    }

    private void die(String what, Throwable cause) {
        ShellProcess p = process;
        process = null;
        p.destroy();
        p.waitForExit(2000);
        String message = p.failure(what) + "; the outcomes of its " + emittedIds.values().stream().mapToInt(i -> i).sum()
                + " pending tuple tree(s) will not reach it";
        emittedIds.clear();
        lastFailure = System.nanoTime();
        report(message, cause);
    }

    private void report(String message, Throwable cause) {
        LOG.error(message, cause);
        collector.reportError(new RuntimeException(message, cause));
    }

    private String owner() {
        return "spout '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
    }

    /** Kills the subprocess and every process it started (SIGKILL to what is left after {@code gale.multilang.kill.grace.ms}). */
    @Override
    public void close() {
        if (process != null) {
            process.destroy();
            process = null;
        }
    }
}
