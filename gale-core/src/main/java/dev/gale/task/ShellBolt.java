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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
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
 * <p><b>Threads and pipelining.</b> Unlike Storm's, which emits, acks and fails from a reader
 * thread of its own, this bolt makes every collector call on its executor thread; a thread of the
 * subprocess's reads its output and queues it. {@code execute} writes the tuple and returns once
 * the subprocess is done with the tuples before it, handling what it sends meanwhile (emits, with
 * the task ids the protocol returns; acks, fails, logs, errors, metrics): the subprocess finds the
 * next tuple waiting when it finishes one, and no round trip per tuple is spent on a heartbeat.
 * A tuple counts as done when the subprocess acks or fails it, or answers a heartbeat written
 * after it; a subprocess that does not ack in line (it acks later, or asynchronously) is sent a
 * heartbeat after each tuple instead, and one that falls behind keeps {@code execute} waiting.
 * What the subprocess sends while no call of the bolt runs (about the last tuple, a late ack) is
 * taken on the executor thread a moment later (a task-timer call of 1 ms). Every second of the
 * topology's clock ({@link TopologyContext#getTaskTimer()}; under a simulated clock, when the test
 * advances it) the bolt sends a heartbeat and handles everything up to its answer, so a topology
 * that looks idle after that has nothing left in the subprocess.
 *
 * <p><b>Failures.</b> A subprocess that exits, breaks the protocol, leaves a tuple or a heartbeat
 * unanswered for the subprocess timeout ({@code topology.subprocess.timeout.secs}, else
 * {@code supervisor.worker.timeout.secs}, else 30 s; real time, as the subprocess runs in real
 * time), stops reading its stdin for that long, or writes a message longer than
 * {@code gale.multilang.message.max.bytes} is killed with every process it started; every tuple it
 * had not acked is failed (its spout can replay it), and the error, naming the component, task,
 * command, pid, exit code and the subprocess's last stderr lines, is logged and reported
 * ({@code ComponentStats.lastErrors()}). Where Storm halts the worker, Gale starts the subprocess
 * again for the next tuple (at most once a second).
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
    /** Topology-clock delay of the call that takes what the subprocess sent while the bolt was not called. */
    private static final long WAKE_MILLIS = 1;
    /** How long execute waits for an in-line ack before it asks the subprocess for a heartbeat instead. */
    private static final long ACK_WAIT_NANOS = 2_000_000L;
    /** Tuples execute leaves with the subprocess when it returns: the one it just wrote. */
    private static final int LOOKAHEAD = 1;

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
    /** Ids of the tuples written and not yet done (acked, failed or covered by an answered heartbeat), oldest first; may hold done ones, dropped lazily. */
    private transient ArrayDeque<Long> undone;
    /** The heartbeats written and not yet answered, oldest first: {id, System.nanoTime() when written}. */
    private transient ArrayDeque<long[]> heartbeats;
    /** The id of the last answered heartbeat: every tuple with a lower id was read by the subprocess. */
    private transient long syncedUpTo;
    private transient long nextId;
    private transient long timeoutMillis;
    /** Whether the subprocess acks each tuple before it reads the next (a storm.py BasicBolt does). */
    private transient boolean acksInline;
    private transient TaskTimer timer;
    private transient TaskTimer.Scheduled heartbeatJob;
    /** True while a call of this bolt runs on the executor thread: it takes the subprocess's output itself. */
    private transient volatile boolean inCall;
    private transient volatile boolean closed;
    private transient AtomicBoolean wakeScheduled;
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
        this.undone = new ArrayDeque<>();
        this.heartbeats = new ArrayDeque<>();
        this.acksInline = true;
        this.wakeScheduled = new AtomicBoolean();
        this.metricUpdates = new ShellMetricUpdates(context, owner(), collector::reportError);
        this.timeoutMillis = ShellProcess.timeoutMillis(topoConf);
        this.logHandler = ShellUtils.getLogHandler(topoConf);
        try {
            timer = context.getTaskTimer();
        } catch (UnsupportedOperationException noTimer) {
            // A context built by hand (a test harness): no timer, so execute waits for each tuple to be done.
            timer = null;
        }
        // A subprocess that cannot start fails the topology's submit-time prepare, as in Storm.
        inCall = true;
        try {
            start();
        } finally {
            leaveCall();
        }
        if (timer != null) {
            heartbeatJob = timer.schedule(HEARTBEAT_PERIOD_MILLIS, due -> onTimer());
        }
    }

    private void start() {
        ShellProcess p = new ShellProcess(command);
        p.setEnv(env);
        p.setOnOutput(this::onOutput);
        p.launch(topoConf, context, changeDirectory);
        process = p;
        undone.clear();
        heartbeats.clear();
        syncedUpTo = nextId;
        acksInline = true;
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
        inCall = true;
        try {
            if (process == null && !restart()) {
                collector.fail(input);
                return;
            }
            reportWarnings();
            if (!handleQueued() && !restart()) {
                collector.fail(input);
                return;
            }
            long id = ++nextId;
            inputs.put(Long.toString(id), input);
            undone.addLast(id);
            BoltMsg msg = new BoltMsg();
            msg.setId(Long.toString(id));
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
            if (!acksInline || timer == null) {
                sendHeartbeat();
            }
            // Without a timer nothing would take what the subprocess sends after execute returns: wait for all of it.
            awaitDone(timer == null ? 0 : LOOKAHEAD, false);
        } finally {
            leaveCall();
        }
    }

    /** The task timer's call, every second: a heartbeat, and everything the subprocess sends up to its answer. */
    private void onTimer() {
        inCall = true;
        try {
            if (process == null) {
                return;
            }
            reportWarnings();
            if (handleQueued()) {
                sendHeartbeat();
                awaitDone(0, true);
            }
        } finally {
            leaveCall();
        }
    }

    /** Output came while no call ran: take it on the executor thread, and what follows until the subprocess is done. */
    private void onWake() {
        inCall = true;
        try {
            if (process != null) {
                reportWarnings();
                if (handleQueued()) {
                    awaitDone(0, false);
                }
            }
        } finally {
            leaveCall();
        }
    }

    /** The reading thread's hook, after each message it queued: wakes the executor if no call is there to take it. */
    private void onOutput() {
        if (!inCall) {
            wake();
        }
    }

    private void leaveCall() {
        inCall = false;
        // Output queued after the call's last look, while the reading thread saw the call still running.
        ShellProcess p = process;
        if (p != null && p.hasOutput()) {
            wake();
        }
    }

    /** Has the executor call {@link #onWake()} shortly, once however often it is asked meanwhile. Any thread. */
    private void wake() {
        TaskTimer t = timer;
        if (t == null || closed || !wakeScheduled.compareAndSet(false, true)) {
            return;
        }
        AtomicReference<TaskTimer.Scheduled> job = new AtomicReference<>();
        AtomicBoolean ran = new AtomicBoolean();
        job.set(t.schedule(WAKE_MILLIS, due -> {
            TaskTimer.Scheduled self = job.get();
            if (self != null) {
                self.cancel();
            }
            if (ran.compareAndSet(false, true)) {
                wakeScheduled.set(false);
                onWake();
            }
        }));
        if (ran.get()) {
            job.get().cancel();
        }
    }

    private void sendHeartbeat() {
        if (process == null) {
            return;
        }
        long id = ++nextId;
        BoltMsg heartbeat = new BoltMsg();
        heartbeat.setId(Long.toString(id));
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
        heartbeats.addLast(new long[] {id, System.nanoTime()});
    }

    /** How many tuples written are not yet done; drops the done ones from the head of {@link #undone}. */
    private int undoneCount() {
        Long head;
        while ((head = undone.peekFirst()) != null && (head <= syncedUpTo || !inputs.containsKey(Long.toString(head)))) {
            undone.pollFirst();
        }
        return undone.size();
    }

    /**
     * Handles what the subprocess sends until at most {@code left} tuples are not done (and, if
     * {@code allHeartbeats}, every heartbeat is answered). Kills it if nothing is done within the
     * subprocess timeout. A subprocess that has not acked in line within a moment is sent a
     * heartbeat, whose answer marks every tuple before it done.
     */
    private void awaitDone(int left, boolean allHeartbeats) {
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        boolean asked = !heartbeats.isEmpty();
        while (process != null && (undoneCount() > left || allHeartbeats && !heartbeats.isEmpty())) {
            long now = System.nanoTime();
            if (!asked && now - start >= ACK_WAIT_NANOS) {
                sendHeartbeat();
                asked = true;
                continue;
            }
            long waitNanos = asked ? deadline - now : Math.min(deadline, start + ACK_WAIT_NANOS) - now;
            ShellMsg msg;
            try {
                msg = waitNanos > 0 ? process.readShellMsgNanos(waitNanos) : null;
            } catch (IOException e) {
                die("ended: " + e.getMessage(), e);
                return;
            }
            if (msg != null) {
                int before = undone.size();
                handle(msg);
                if (process != null && undone.size() != before) {
                    deadline = System.nanoTime() + timeoutMillis * 1_000_000L; // progress: the timeout starts again
                }
            } else if (asked && System.nanoTime() - deadline >= 0) {
                die("stopped heartbeating: no answer within " + timeoutMillis / 1000.0
                        + " s (topology.subprocess.timeout.secs); killed it", null);
                return;
            }
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
                case "sync" -> synced();
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

    /** A heartbeat answered: every tuple before it was read; whether any of them is still unacked tells how this subprocess acks. */
    private void synced() {
        long[] heartbeat = heartbeats.pollFirst();
        if (heartbeat == null) {
            return; // a sync nobody asked for
        }
        undoneCount();
        Long oldest = undone.peekFirst();
        acksInline = oldest == null || oldest > heartbeat[0];
        syncedUpTo = Math.max(syncedUpTo, heartbeat[0]);
        undoneCount();
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
        heartbeats.clear();
        undone.clear();
        syncedUpTo = nextId;
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
        closed = true;
        if (heartbeatJob != null) {
            heartbeatJob.cancel();
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
