package dev.gale.impl.executor;

import dev.gale.impl.acker.AckerMessage;
import dev.gale.impl.acker.RootIds;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.impl.util.IdGenerator;
import dev.gale.impl.util.LeadingPad;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.task.IOutputCollector;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.util.Collection;
import java.util.List;

/**
 * A bolt task's collector. Anchored emits draw, per target task and per anchor, a fresh edge id
 * that is XORed into the new tuple's id for each of the anchor's roots and into the anchor's ack
 * value; acking a tuple sends each of its roots' ackers {@code id ^ ackVal}. So every edge id
 * reaches the acker exactly twice.
 *
 * <p>A basic bolt's input is not written to: the edge ids of its emits gather here while it
 * executes ({@link #beginBasic}), and it is acked with them once execute returns
 * ({@link #ackBasic}), without the acked mark. The input was written on another core, as a rule;
 * a store into it takes its cache line from that core, and those stores (an edge id per emit and
 * the mark) cost a measurable share of a pipeline's throughput. A basic bolt's inputs are
 * acked or failed by the engine, each once, so the only other call that can reach one is the
 * bolt's own, through {@code getOutputter()}: during execute it settles the input in place of the
 * engine (the gathered ids go into the tuple first); afterwards the input is settled already, and
 * a later ack is ignored, as a second ack of any tuple is, while a later fail fails the tree if it
 * is still open, as a fail after an ack does in Storm. A rich bolt may ack an input whenever it
 * likes, so its inputs keep the ids and the marks in the tuple.
 *
 * <p>Thread-safe, as Storm's output collector is: every call may be made from any thread (a
 * bolt's own I/O pool, a producer callback). Off the bolt's thread a call is handed to it as a
 * control message and runs there, in the order the calls were handed; emits made that way are
 * checked on the calling thread and bounded (see {@link ForeignEmits}). On the bolt's thread
 * nothing is handed and nothing is locked.
 */
final class BoltCollector extends BoltCollectorPad implements IOutputCollector {
    static final long NOT_BASIC = 0;
    private static final long EXECUTING = 1;
    private static final long SETTLED = 2;
    private final RuntimeEnv env;
    private final TaskEmitter emitter;
    private final IdGenerator ids;
    private final boolean tracking;
    private final Inbox ownInbox;
    private final TaskHooks hooks;
    private final ForeignEmits foreign;
    private final int[] single = new int[1];
    /** The executor's current input, when this collector serves a basic bolt; else null. */
    private final InputSource basicInputs;
    /** Why an input failed when the bolt calls {@code fail}: made once, so a fail allocates no reason. */
    private final FailureInfo explicitFail;

    /** @param basicInputs the executor's current input if the task runs a basic bolt, else null */
    BoltCollector(RuntimeEnv env, TaskEmitter emitter, IdGenerator ids, Inbox ownInbox, InputSource basicInputs) {
        this.env = env;
        this.basicInputs = basicInputs;
        this.emitter = emitter;
        this.ids = ids;
        this.tracking = env.tracking();
        this.ownInbox = ownInbox;
        this.hooks = emitter.hooks;
        this.explicitFail = FailureInfo.failed(emitter.componentId, emitter.taskId);
        this.foreign = new ForeignEmits(ownInbox, emitter.describe(),
                e -> env.errors().report(emitter.componentId, emitter.taskId, "an emit made on another thread failed", e));
    }

    /**
     * A basic bolt's collector anchors to the input executing now, so it emits on the bolt's
     * thread only, as in Storm: from another thread there is no input to anchor to.
     */
    void checkBasicEmitThread() {
        if (!emitter.onOwnerThread()) {
            throw new IllegalStateException(emitter.describe() + " is a basic bolt, and its BasicOutputCollector was"
                    + " called from thread '" + Thread.currentThread().getName() + "': a basic bolt's emits are"
                    + " anchored to the input executing now, so they must happen inside execute. To emit from"
                    + " threads of your own, implement IRichBolt and anchor to the input you keep: its"
                    + " OutputCollector may be used from any thread");
        }
    }

    /** The task stopped: threads blocked emitting, and later emits from other threads, are refused. */
    void closeForeignEmits() {
        foreign.close();
    }

    /** True when the call was handed to the bolt's thread and must not run here. */
    private boolean handedOff(Runnable call) {
        if (emitter.onOwnerThread()) {
            return false;
        }
        ownInbox.offerControl(new HandedOffCall(call));
        return true;
    }

    @Override
    public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        Tuple single = anchors != null && anchors.size() == 1 ? anchors.iterator().next() : null;
        return emit(streamId, single, single == null ? anchors : null, tuple);
    }

    /** An emit anchored to one input (none if null), with no collection around it (see {@link TaskOutputCollector}). */
    List<Integer> emitAnchored(String streamId, Tuple anchor, List<Object> tuple) {
        return emit(streamId, anchor, null, tuple);
    }

    /** An emit anchored to {@code single} if not null, else to {@code anchors}. */
    private List<Integer> emit(String streamId, Tuple single, Collection<Tuple> anchors, List<Object> tuple) {
        if (!emitter.onOwnerThread()) {
            emitter.checkForeign(streamId, tuple, false);
            Collection<Tuple> held = anchors == null ? null : List.copyOf(anchors);
            return foreign.hand(() -> emit(streamId, single, held, tuple));
        }
        StreamRouter r = emitter.router(streamId, tuple);
        int n = r.route(tuple);
        int[] targets = r.targets();
        for (int i = 0; i < n; i++) {
            emitter.send(targets[i], anchoredTuple(r, tuple, single, anchors, targets[i]));
        }
        emitter.emitted(r, tuple, targets, n);
        return emitter.taskList(targets, n);
    }

    @Override
    public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
        if (!emitter.onOwnerThread()) {
            emitter.checkForeign(streamId, tuple, true);
            Collection<Tuple> held = anchors == null ? null : List.copyOf(anchors);
            foreign.hand(() -> {
                emitDirect(taskId, streamId, held, tuple);
                return List.of(taskId);
            });
            return;
        }
        StreamRouter r = emitter.directRouter(taskId, streamId, tuple);
        Tuple anchor = anchors != null && anchors.size() == 1 ? anchors.iterator().next() : null;
        emitter.send(taskId, anchoredTuple(r, tuple, anchor, anchor == null ? anchors : null, taskId));
        single[0] = taskId;
        emitter.emitted(r, tuple, single, 1);
    }

    /** One copy of a new tuple anchored to {@code single} if not null, else to {@code anchors}, for {@code target}. */
    private TupleImpl anchoredTuple(StreamRouter r, List<Object> values, Tuple single, Collection<Tuple> anchors,
                                    int target) {
        if (single != null && tracking) {
            TupleImpl a = impl(single);
            if (a.rootCount() == 1) {
                // The common case (one anchor in one tree): the root and edge go in the tuple itself.
                long edge = ids.next();
                if (basicState == EXECUTING && a == basicInputs.currentInput()) {
                    basicEdges ^= edge;
                } else {
                    a.xorAckVal(edge);
                }
                long root = a.root(0);
                if (RootIds.isTraced(root)) { // never set with tracing off: no load, no call
                    env.tracer().sent(root, edge, target);
                }
                return emitter.tuple(r, values, root, edge, target);
            }
        }
        return emitter.tuple(r, values, anchoredId(single != null ? List.of(single) : anchors, target), target);
    }

    /** The message id of the copy for {@code target} of a new tuple anchored to {@code anchors}. */
    private MessageId anchoredId(Collection<Tuple> anchors, int target) {
        if (!tracking || anchors == null || anchors.isEmpty()) {
            return MessageId.makeUnanchored();
        }
        RootPairs pairs = new RootPairs(anchors.size());
        for (Tuple t : anchors) {
            TupleImpl a = impl(t);
            if (a.rootCount() == 0) {
                continue;
            }
            long edge = ids.next();
            a.xorAckVal(edge);
            for (int i = 0; i < a.rootCount(); i++) {
                pairs.add(a.root(i), edge);
            }
        }
        long[] rootsAndEdges = pairs.toArray();
        for (int i = 0; i < rootsAndEdges.length; i += 2) {
            if (RootIds.isTraced(rootsAndEdges[i])) {
                env.tracer().sent(rootsAndEdges[i], rootsAndEdges[i + 1], target);
            }
        }
        return MessageId.ofPairs(rootsAndEdges);
    }

    private TupleImpl impl(Tuple t) {
        if (t instanceof TupleImpl) {
            return (TupleImpl) t;
        }
        throw new IllegalArgumentException(emitter.describe() + " anchored to a tuple Gale did not deliver ("
                + (t == null ? "null" : t.getClass().getName()) + "): anchor only to input tuples");
    }

    @Override
    public void ack(Tuple input) {
        if (handedOff(() -> ack(input))) {
            return;
        }
        TupleImpl t = impl(input);
        if (basicInputs != null && !settleBasicByBolt(t)) {
            return;
        }
        if (t.markAcked()) {
            acked(t, 0);
        }
    }

    /** Sends {@code t}'s ack to the acker of each of its roots, with {@code moreEdges} XORed in. */
    private void acked(TupleImpl t, long moreEdges) {
        for (int i = 0; i < t.rootCount(); i++) {
            long root = t.root(i);
            if (RootIds.isTraced(root)) { // never set with tracing off: no load, no call
                env.tracer().acked(root, t.edgeId(i));
            }
            emitter.sendAckToAcker(env.ackerFor(root), root, t.edgeId(i) ^ t.ackVal() ^ moreEdges);
        }
        emitter.metrics.acked();
        hooks.boltAck(t);
    }

    /**
     * A basic bolt's execute starts on the executor's current input: until it returns, the edge
     * ids of emits anchored to that input gather here instead of in the tuple.
     */
    void beginBasic() {
        basicEdges = 0;
        basicState = EXECUTING;
    }

    /**
     * Acks a basic bolt's input once execute has returned, with the edge ids gathered since
     * {@link #beginBasic}; nothing if the bolt acked or failed it itself meanwhile.
     */
    void ackBasic(TupleImpl t) {
        if (basicState != EXECUTING) {
            return;
        }
        long edges = basicEdges;
        basicEdges = 0;
        basicState = SETTLED;
        acked(t, edges);
    }

    /** Whether the input that last executed was acked by {@link #ackBasic} (then it must not be failed as well). */
    boolean basicSettled() {
        return basicState == SETTLED;
    }

    /**
     * A basic bolt acks or fails {@code t} itself (through {@code getOutputter()}): true, with the
     * gathered edge ids moved into the tuple, if {@code t} is the input executing now, which the
     * bolt then settles instead of the engine; false if it is any other, which the engine has
     * settled already (acked, unless it carries the failed mark).
     */
    private boolean settleBasicByBolt(TupleImpl t) {
        if (basicState != EXECUTING || t != basicInputs.currentInput()) {
            return false;
        }
        t.xorAckVal(basicEdges);
        basicEdges = 0;
        basicState = NOT_BASIC;
        return true;
    }

    @Override
    public void fail(Tuple input) {
        fail(input, explicitFail);
    }

    @Override
    public void fail(Tuple input, Throwable cause) {
        fail(input, cause == null ? explicitFail : reason(FailureReason.FAILED, cause));
    }

    /** The bolt fails {@code input} for the reason {@code why} (a basic bolt's {@code FailedException}). */
    void fail(Tuple input, FailureInfo why) {
        if (handedOff(() -> fail(input, why))) {
            return;
        }
        TupleImpl t = impl(input);
        if (basicInputs != null) {
            settleBasicByBolt(t);
        }
        failInput(t, why);
    }

    /** Why this task fails an input, naming its component and task, with the exception if any. */
    FailureInfo reason(FailureReason reason, Throwable error) {
        return FailureInfo.of(reason, emitter.componentId, emitter.taskId, error);
    }

    /**
     * Fails an input, for the bolt or for the engine (the bolt's task is dead, or its execute
     * threw): ignored if it was failed already. After an ack it still goes to the acker, behind
     * that ack, as in Storm: the tree fails if it is still open, and stays complete if the ack
     * completed it.
     */
    void failInput(TupleImpl t, FailureInfo why) {
        if (basicInputs != null && t == basicInputs.currentInput()) {
            basicState = NOT_BASIC;
        }
        boolean ackedBefore = ackedBefore(t);
        if (!t.markFailed()) {
            return;
        }
        if (ackedBefore) {
            emitter.flushAcks();
        }
        for (int i = 0; i < t.rootCount(); i++) {
            long root = t.root(i);
            emitter.sendToAcker(env.ackerFor(root), AckerMessage.fail(root, why));
        }
        emitter.metrics.failed(why.reason());
        hooks.boltFail(t);
    }

    /**
     * Whether {@code t} was acked: it carries the mark, or it is a basic bolt's input that the
     * engine acked without one (any but the input executing now, or that one once acked).
     */
    private boolean ackedBefore(TupleImpl t) {
        if (t.isAcked()) {
            return true;
        }
        if (basicInputs == null || t.isFailed()) {
            return false;
        }
        return t != basicInputs.currentInput() || basicState == SETTLED;
    }

    @Override
    public void resetTimeout(Tuple input) {
        if (handedOff(() -> resetTimeout(input))) {
            return;
        }
        TupleImpl t = impl(input);
        for (int i = 0; i < t.rootCount(); i++) {
            long root = t.root(i);
            emitter.sendToAcker(env.ackerFor(root), AckerMessage.reset(root));
        }
    }

    @Override
    public void reportError(Throwable error) {
        env.errors().report(emitter.componentId, emitter.taskId, "reported by the bolt", error);
    }

    /** Sends the tuples this bolt's executor has batched, now, instead of at the end of the call or cycle. */
    @Override
    public void flush() {
        if (handedOff(this::flush)) {
            return;
        }
        emitter.flush();
    }
}

/** The fields of {@link BoltCollector} that change after construction, in front of its trailing pad. */
abstract class BoltCollectorFields extends LeadingPad {
    /**
     * Whether a basic bolt's input is executing here ({@link BoltCollector#EXECUTING}: the edge ids
     * of its emits gather in {@link #basicEdges}), was acked by {@link BoltCollector#ackBasic}
     * ({@link BoltCollector#SETTLED}), or neither.
     */
    long basicState = BoltCollector.NOT_BASIC;
    long basicEdges;
}

/** 128 bytes between {@link BoltCollectorFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class BoltCollectorPad extends BoltCollectorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
