package dev.gale.impl.executor;

import dev.gale.impl.acker.RootIds;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.grouping.StreamRouter;
import dev.gale.impl.util.IdGenerator;
import dev.gale.spout.FailureReason;
import dev.gale.spout.ISpoutOutputCollector;
import dev.gale.tuple.MessageId;
import java.util.List;

/**
 * A spout task's collector. An emit with a message id (and ackers running) starts a tree: a root
 * id naming the task ({@link dev.gale.impl.acker.RootIds}), an entry in the executor's pending
 * map, and an edge id per target task, random but for the last, which makes them all XOR to the
 * root. The acker opens the tree from the root, so the spout sends it nothing. Not thread-safe:
 * the spout's thread only.
 */
final class SpoutCollector implements ISpoutOutputCollector {
    private final RuntimeEnv env;
    private final TaskEmitter emitter;
    private final SpoutExecutor executor;
    private final int taskIndex;
    private final IdGenerator ids;
    private final int[] single = new int[1];

    SpoutCollector(RuntimeEnv env, TaskEmitter emitter, SpoutExecutor executor, int taskIndex, IdGenerator ids) {
        this.env = env;
        this.emitter = emitter;
        this.executor = executor;
        this.taskIndex = taskIndex;
        this.ids = ids;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
        emitter.checkThread(); // a foreign thread must not touch the executor's state, even to fail the id
        StreamRouter r;
        int n;
        try {
            r = emitter.router(streamId, tuple);
        } catch (RuntimeException e) {
            throw refused(streamId, messageId, e, FailureReason.EMIT_FAILED);
        }
        try {
            n = r.route(tuple);
        } catch (RuntimeException e) {
            throw refused(streamId, messageId, e, FailureReason.GROUPING_FAILED);
        }
        emitTo(r, tuple, messageId, r.targets(), n);
        return emitter.taskList(r.targets(), n);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        emitter.checkThread();
        StreamRouter r;
        try {
            r = emitter.directRouter(taskId, streamId, tuple);
        } catch (RuntimeException e) {
            throw refused(streamId, messageId, e, FailureReason.EMIT_FAILED);
        }
        single[0] = taskId;
        emitTo(r, tuple, messageId, single, 1);
    }

    /**
     * An emit refused before anything was sent (values not matching the stream, a grouping that
     * threw or chose a wrong task): no tree exists, so the message id is failed here, once the
     * user's call returns, or it would be neither acked nor failed. Reported with the stream; the
     * exception goes on to the caller, as from a bolt's emit.
     */
    private RuntimeException refused(String streamId, Object messageId, RuntimeException e, FailureReason reason) {
        String what = "emit on stream '" + streamId + "'" + (messageId == null ? " failed"
                : " with message id " + messageId + " failed; the message id is failed");
        executor.emitRefused(taskIndex, messageId, what, e, reason);
        return e;
    }

    private void emitTo(StreamRouter r, List<Object> tuple, Object messageId, int[] targets, int n) {
        if (messageId != null && env.tracking() && n > 0) {
            // Tracked before the tuples go out (one probe for the collision check and the insert);
            // its outcome can only arrive once this call has returned.
            long root = executor.track(messageId, r.streamId(), taskIndex);
            boolean traced = RootIds.isTraced(root);
            long xor = root; // the edges XOR to the root: the acker starts from it, so no init is sent
            for (int i = 0; i < n; i++) {
                long edge = i == n - 1 ? xor : ids.next();
                xor ^= edge;
                if (traced) {
                    env.tracer().sent(root, edge, targets[i]);
                }
                emitter.send(targets[i], emitter.tuple(r, tuple, root, edge, targets[i]));
            }
        } else {
            for (int i = 0; i < n; i++) {
                emitter.sendUntracked(targets[i], emitter.tuple(r, tuple, MessageId.makeUnanchored(), targets[i]));
            }
            if (messageId != null) {
                // Nothing to track (no ackers, or no subscriber): the tree is complete already.
                executor.completeNow(taskIndex, messageId);
            }
        }
        emitter.emitted(r, tuple, targets, n);
    }

    @Override
    public long getPendingCount() {
        return executor.pendingOf(taskIndex);
    }

    @Override
    public void reportError(Throwable error) {
        env.errors().report(emitter.componentId, emitter.taskId, "reported by the spout", error);
    }

    /** Sends the untracked tuples this spout's executor has batched, now (see {@link dev.gale.impl.transfer.Outbox#sendUntracked}). */
    @Override
    public void flush() {
        emitter.checkThread();
        emitter.flush();
    }
}
