package dev.gale.task;

import dev.gale.Constants;
import dev.gale.generated.ShellComponent;
import dev.gale.multilang.BoltMsg;
import dev.gale.multilang.ShellMetricUpdates;
import dev.gale.multilang.ShellMsg;
import dev.gale.tuple.Tuple;
import dev.gale.utils.ShellLogHandler;
import dev.gale.utils.ShellProcess;
import dev.gale.utils.ShellUtils;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A bolt whose work is done by another process, in any language, speaking Storm's multilang
 * protocol over its stdin and stdout (the {@code storm.py}, {@code storm.js} and {@code storm.rb}
 * libraries of Storm's {@code multilang-*} artifacts speak it). Subclass it and implement
 * {@code IRichBolt} to declare the outputs:
 *
 * <pre>{@code
 * public class SplitSentence extends ShellBolt implements IRichBolt {
 *     public SplitSentence() { super("python3", "splitsentence.py"); }
 *     public void declareOutputFields(OutputFieldsDeclarer d) { d.declare(new Fields("word")); }
 *     public Map<String, Object> getComponentConfiguration() { return null; }
 * }
 * }</pre>
 *
 * <p>The subprocess starts in {@code prepare}, in the directory holding the classpath's
 * {@code resources/} entries ({@link dev.gale.utils.ShellResources#codeDir}), as in Storm's local
 * mode; {@link #changeChildCWD(boolean) changeChildCWD(false)} keeps this JVM's working directory.
 *
 * <p><b>Threads.</b> Unlike Storm's, which emits, acks and fails from a reader thread of its own,
 * this bolt makes every collector call on its executor thread: {@code execute} writes the tuple
 * and a heartbeat after it, then handles what the subprocess answers (emits, with the task ids the
 * protocol returns; acks, fails, logs, errors) until the subprocess answers the heartbeat. A
 * subprocess that processes tuples in order has therefore finished with a tuple when
 * {@code execute} returns, so Gale's idleness (and {@code completeTopology}) is exact for it.
 * What a subprocess sends later on its own (an asynchronous Node.js bolt, a late ack) is handled
 * at the next tuple or the next heartbeat, which the task's timer ({@link TopologyContext#getTaskTimer()})
 * sends every second of the topology's clock while no tuple comes (under a simulated clock: when
 * the test advances it).
 *
 * <p><b>Failures.</b> A subprocess that exits, breaks the protocol, leaves a heartbeat unanswered
 * for the subprocess timeout ({@code topology.subprocess.timeout.secs}, else
 * {@code supervisor.worker.timeout.secs}, else 30 s; real time, as the subprocess runs in real
 * time), stops reading its stdin for that long, or writes a message longer than
 * {@code gale.multilang.message.max.bytes} is killed with every process it started; every tuple
 * it had not acked is failed (its spout can replay it), and the error, naming the component, task,
 * command, pid, exit code and the subprocess's last stderr lines, is logged and reported ({@code ComponentStats.lastErrors()}). Where Storm halts the worker, Gale starts the
 * subprocess again for the next tuple (at most once a second).
 *
 * <p>Not thread-safe: each task has its own instance, called on its executor thread.
 */
public class ShellBolt implements IBolt {
    private static final long serialVersionUID = 1L;
    /** The stream of the heartbeat tuples the subprocess must answer with {@code sync}. */
    public static final String HEARTBEAT_STREAM_ID = "__heartbeat";
    public static final Logger LOG = LoggerFactory.getLogger(ShellBolt.class);
    private static final long HEARTBEAT_PERIOD_MILLIS = 1000;
    private static final long RESTART_BACKOFF_NANOS = 1_000_000_000L;

    private final String[] command;
    private Map<String, String> env = new HashMap<>();
    private boolean changeDirectory = true;

    private transient Map<String, Object> topoConf;
    private transient TopologyContext context;
    private transient OutputCollector collector;
    private transient ShellProcess process;
    private transient ShellLogHandler logHandler;
    /** Tuples written to the subprocess and not yet acked or failed by it, by the id it knows them by. */
    private transient Map<String, Tuple> inputs;
    private transient long nextId;
    private transient int unansweredHeartbeats;
    private transient long timeoutMillis;
    private transient boolean exchangedSinceTick;
    private transient TaskTimer.Scheduled heartbeats;
    /** When the subprocess last failed or could not start (System.nanoTime), to start again at most once a second; 0 if never. */
    private transient long lastFailure;
    private transient ShellMetricUpdates metricUpdates;

    public ShellBolt(ShellComponent component) {
        this(component.get_execution_command(), component.get_script());
    }

    public ShellBolt(String... command) {
        if (command == null || command.length == 0) {
            throw new IllegalArgumentException("ShellBolt needs a command to run, e.g. new ShellBolt(\"python3\", \"bolt.py\")");
        }
        this.command = command.clone();
    }

    /** Extra environment variables of the subprocess; a {@code PATH} here is appended to the inherited one. */
    public ShellBolt setEnv(Map<String, String> env) {
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
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.topoConf = topoConf;
        this.context = context;
        this.collector = collector;
        this.inputs = new LinkedHashMap<>();
        this.metricUpdates = new ShellMetricUpdates(context, owner(), collector::reportError);
        this.timeoutMillis = ShellProcess.timeoutMillis(topoConf);
        this.logHandler = ShellUtils.getLogHandler(topoConf);
        // A subprocess that cannot start fails the topology's submit-time prepare, as in Storm.
        start();
        try {
            heartbeats = context.getTaskTimer().schedule(HEARTBEAT_PERIOD_MILLIS, due -> onTimer());
        } catch (UnsupportedOperationException noTimer) {
            // A context built by hand (a test harness): heartbeats then ride on tuples only.
            heartbeats = null;
        }
    }

    private void start() {
        ShellProcess p = new ShellProcess(command);
        p.setEnv(env);
        p.launch(topoConf, context, changeDirectory);
        process = p;
        unansweredHeartbeats = 0;
        logHandler.setUpContext(getClass(), p, context);
    }

    /** Starts the subprocess again after a failure; false if it cannot (reported), or the last failure is less than a second old. */
    private boolean restart() {
        long now = System.nanoTime();
        if (lastFailure != 0 && now - lastFailure < RESTART_BACKOFF_NANOS) {
            return false;
        }
        try {
            start();
            lastFailure = 0;
            LOG.info("{}: restarted {} after its failure", owner(), process.describe());
            return true;
        } catch (RuntimeException e) {
            lastFailure = System.nanoTime();
            report(e.getMessage(), e);
            return false;
        }
    }

    @Override
    public void execute(Tuple input) {
        if (process == null && !restart()) {
            collector.fail(input);
            return;
        }
        exchangedSinceTick = true;
        reportWarnings();
        if (!handleQueued()) {
            if (!restart()) {
                collector.fail(input);
                return;
            }
        }
        String id = Long.toString(++nextId);
        inputs.put(id, input);
        BoltMsg msg = new BoltMsg();
        msg.setId(id);
        msg.setComp(input.getSourceComponent());
        msg.setStream(input.getSourceStreamId());
        msg.setTask(input.getSourceTask());
        msg.setTuple(input.getValues());
        try {
            process.writeBoltMsg(msg);
        } catch (IOException e) {
            die("could not be written to (" + e.getMessage() + ")", e);
            return;
        }
        heartbeatAndWait();
    }

    /**
     * The task timer's call: a heartbeat, unless tuples went to the subprocess since the last call
     * and none of them is still pending (then the subprocess has answered heartbeats meanwhile).
     */
    private void onTimer() {
        if (process == null) {
            return;
        }
        boolean idle = !exchangedSinceTick;
        exchangedSinceTick = false;
        reportWarnings();
        if (handleQueued() && (idle || !inputs.isEmpty())) {
            heartbeatAndWait();
        }
    }

    /** Sends a heartbeat and handles what the subprocess sends until it answers it. */
    private void heartbeatAndWait() {
        BoltMsg heartbeat = new BoltMsg();
        heartbeat.setId(Long.toString(++nextId));
        heartbeat.setComp(Constants.SYSTEM_COMPONENT_ID);
        heartbeat.setStream(HEARTBEAT_STREAM_ID);
        heartbeat.setTask(Constants.SYSTEM_TASK_ID);
        heartbeat.setTuple(new ArrayList<>());
        try {
            process.writeBoltMsg(heartbeat);
        } catch (IOException e) {
            die("could not be written to (" + e.getMessage() + ")", e);
            return;
        }
        unansweredHeartbeats++;
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (process != null && unansweredHeartbeats > 0) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            ShellMsg msg;
            try {
                msg = left > 0 ? process.readShellMsg(left) : null;
            } catch (IOException e) {
                die("ended: " + e.getMessage(), e);
                return;
            }
            if (msg == null) {
                die("stopped heartbeating: no answer within " + timeoutMillis / 1000.0
                        + " s (topology.subprocess.timeout.secs); killed it", null);
                return;
            }
            handle(msg);
        }
    }

    /** Handles the messages already received, without waiting; false if the subprocess died meanwhile. */
    private boolean handleQueued() {
        while (process != null) {
            ShellMsg msg;
            try {
                msg = process.pollShellMsg();
            } catch (IOException e) {
                die("ended: " + e.getMessage(), e);
                return false;
            }
            if (msg == null) {
                return true;
            }
            handle(msg);
        }
        return false;
    }

    private void handle(ShellMsg msg) {
        reportWarnings(); // before what the subprocess wrote after them
        try {
            switch (msg.getCommand()) {
                case "sync" -> unansweredHeartbeats = Math.max(0, unansweredHeartbeats - 1);
                case "ack" -> collector.ack(pending(msg.getId(), "acked"));
                case "fail" -> collector.fail(pending(msg.getId(), "failed"));
                case "error" -> collector.reportError(new Exception("Shell Process Exception: " + msg.getMsg()));
                case "log" -> logHandler.log(msg);
                case "emit" -> emit(msg);
                case "metrics" -> metrics(msg);
                default -> LOG.debug("{}: ignored command '{}' of {}", owner(), msg.getCommand(), process.describe());
            }
        } catch (IOException e) {
            die("could not be written to (" + e.getMessage() + ")", e);
        } catch (RuntimeException e) {
            die("sent a message Gale refused: " + msg + ": " + e.getMessage(), e);
        }
    }

    private Tuple pending(Object id, String verb) {
        Tuple t = inputs.remove(String.valueOf(id));
        if (t == null) {
            throw new IllegalStateException(verb + " tuple id " + id
                    + ", which is not pending (never sent, or already acked or failed)");
        }
        return t;
    }

    private void emit(ShellMsg msg) throws IOException {
        List<Tuple> anchors = new ArrayList<>();
        if (msg.getAnchors() != null) {
            for (String anchor : msg.getAnchors()) {
                Tuple t = inputs.get(anchor);
                if (t == null) {
                    throw new IllegalStateException("anchored to tuple id " + anchor
                            + ", which is not pending (never sent, or already acked or failed)");
                }
                anchors.add(t);
            }
        }
        if (msg.getTuple() == null) {
            throw new IllegalStateException("an emit without \"tuple\"");
        }
        if (msg.getTask() == 0) {
            List<Integer> tasks = collector.emit(msg.getStream(), anchors, msg.getTuple());
            if (msg.areTaskIdsNeeded()) {
                process.writeTaskIds(tasks);
            }
        } else {
            collector.emitDirect((int) msg.getTask(), msg.getStream(), anchors, msg.getTuple());
        }
    }

    /**
     * A {@code metrics} command updates a metric the Java side registered by that name. Gale's
     * metrics v1 API ({@code IShellMetric}) is not part of this build, so no such metric can exist:
     * the command is reported once per name, and the subprocess goes on.
     */
    /** A registered IShellMetric takes the update; anything else is reported once and dropped (see ShellMetricUpdates). */
    private void metrics(ShellMsg msg) {
        metricUpdates.apply(msg);
    }

    /** Reports what the subprocess got wrong without failing (a stderr line cut to its limit). */
    private void reportWarnings() {
        for (String warning : process.takeWarnings()) {
            collector.reportError(new IllegalStateException(warning));
        }
    }

    /** Kills the subprocess, fails what it had pending, reports why; the next tuple starts it again. */
    private void die(String what, Throwable cause) {
        ShellProcess p = process;
        process = null;
        unansweredHeartbeats = 0;
        p.destroy();
        p.waitForExit(2000);
        String message = p.failure(what) + "; " + inputs.size() + " pending tuple(s) failed";
        List<Tuple> failed = new ArrayList<>(inputs.values());
        inputs.clear();
        for (Tuple t : failed) {
            collector.fail(t);
        }
        lastFailure = System.nanoTime();
        report(message, cause);
    }

    private void report(String message, Throwable cause) {
        LOG.error(message, cause);
        collector.reportError(new RuntimeException(message, cause));
    }

    private String owner() {
        return "bolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
    }

    /** Kills the subprocess and every process it started (SIGKILL to what is left after {@code gale.multilang.kill.grace.ms}). */
    @Override
    public void cleanup() {
        if (heartbeats != null) {
            heartbeats.cancel();
        }
        if (process != null) {
            process.destroy();
            process = null;
        }
        if (inputs != null) {
            inputs.clear();
        }
    }
}
