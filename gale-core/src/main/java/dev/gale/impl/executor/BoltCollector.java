package dev.gale.impl.executor;

import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.transfer.AckerMessage;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.task.IOutputCollector;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A bolt task's collector. Anchored emits draw, per target task and per anchor, a fresh edge id
 * that is XORed into the new tuple's id for each of the anchor's roots and into the anchor's ack
 * value; acking a tuple sends each of its roots' ackers {@code id ^ ackVal}. So every edge id
 * reaches the acker exactly twice.
 *
 * <p>Emits only on the bolt's thread. {@code ack}, {@code fail} and {@code resetTimeout} may be
 * called from any thread (a producer callback, say): off the bolt's thread they are handed to it
 * as a control message and run there, in the order they were handed.
 */
final class BoltCollector implements IOutputCollector {
    private final RuntimeEnv env;
    private final TaskEmitter emitter;
    private final IdGenerator ids;
    private final boolean tracking;
    private final Inbox ownInbox;
    private final TaskHooks hooks;
    private final int[] single = new int[1];

    BoltCollector(RuntimeEnv env, TaskEmitter emitter, IdGenerator ids, Inbox ownInbox) {
        this.env = env;
        this.emitter = emitter;
        this.ids = ids;
        this.tracking = env.tracking();
        this.ownInbox = ownInbox;
        this.hooks = emitter.hooks;
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
                a.xorAckVal(edge);
                return emitter.tuple(r, values, a.root(0), edge, target);
            }
        }
        return emitter.tuple(r, values, anchoredId(single != null ? List.of(single) : anchors), target);
    }

    /** The message id of one copy of a new tuple anchored to {@code anchors}. */
    private MessageId anchoredId(Collection<Tuple> anchors) {
        if (!tracking || anchors == null || anchors.isEmpty()) {
            return MessageId.makeUnanchored();
        }
        long[] pairs = new long[8];
        int count = 0;
        for (Tuple t : anchors) {
            TupleImpl a = impl(t);
            if (a.rootCount() == 0) {
                continue;
            }
            long edge = ids.next();
            a.xorAckVal(edge);
            for (int i = 0; i < a.rootCount(); i++) {
                long root = a.root(i);
                int at = indexOfRoot(pairs, count, root);
                if (at >= 0) {
                    pairs[at + 1] ^= edge;
                } else {
                    if (2 * count + 2 > pairs.length) {
                        pairs = Arrays.copyOf(pairs, pairs.length * 2);
                    }
                    pairs[2 * count] = root;
                    pairs[2 * count + 1] = edge;
                    count++;
                }
            }
        }
        return MessageId.ofPairs(Arrays.copyOf(pairs, 2 * count));
    }

    private static int indexOfRoot(long[] pairs, int count, long root) {
        for (int i = 0; i < count; i++) {
            if (pairs[2 * i] == root) {
                return 2 * i;
            }
        }
        return -1;
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
        ackHere(impl(input));
    }

    /** Acks on the bolt's own thread: a basic bolt's input once its execute has returned. */
    void ackHere(TupleImpl t) {
        if (!t.markDone()) {
            return;
        }
        for (int i = 0; i < t.rootCount(); i++) {
            long root = t.root(i);
            emitter.sendAckToAcker(env.ackerFor(root), root, t.edgeId(i) ^ t.ackVal());
        }
        emitter.metrics.acked();
        hooks.boltAck(t);
    }

    @Override
    public void fail(Tuple input) {
        if (handedOff(() -> fail(input))) {
            return;
        }
        TupleImpl t = impl(input);
        if (!t.markDone()) {
            return;
        }
        for (int i = 0; i < t.rootCount(); i++) {
            long root = t.root(i);
            emitter.sendToAcker(env.ackerFor(root), AckerMessage.fail(root));
        }
        emitter.metrics.failed();
        hooks.boltFail(input);
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
        emitter.checkThread();
        emitter.flush();
    }
}
