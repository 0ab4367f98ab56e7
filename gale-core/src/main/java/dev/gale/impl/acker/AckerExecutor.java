package dev.gale.impl.acker;

import dev.gale.Constants;
import dev.gale.impl.executor.Control;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.runtime.RuntimeEnv;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.util.LongOpenHashIndex;
import dev.gale.impl.transfer.Inbox;
import java.util.List;

/**
 * One acker task: XORs every value it receives for a tree into the tree's entry; when the value
 * reaches zero after the init arrived, the tree is complete and its spout task is told; a fail
 * ends the tree at once. Messages may arrive in any order. Entries older than the message
 * timeout are dropped silently (the spout times the tree out on its own).
 *
 * <p>Runs on its own executor thread; not thread-safe.
 */
public final class AckerExecutor extends Executor {
    private final int taskId;
    private final PendingTrees trees;
    private final TaskMetrics metrics;

    public AckerExecutor(RuntimeEnv env, Inbox inbox, int taskId, int expectedPending) {
        super(env, Constants.ACKER_COMPONENT_ID, inbox, true);
        this.taskId = taskId;
        this.trees = new PendingTrees(env.settings().pendingBuckets(), LongOpenHashIndex.capacityFor(expectedPending));
        this.metrics = new TaskMetrics(Constants.ACKER_COMPONENT_ID, taskId, false);
    }

    @Override
    protected void init() {
    }

    @Override
    protected void onControl(Object message) {
        if (message == Control.ROTATE) {
            trees.rotate();
        }
    }

    @Override
    protected void onMessage(Object message) {
        AckerMessage m = (AckerMessage) message;
        metrics.executed(-1);
        switch (m.kind) {
            case AckerMessage.INIT: {
                int slot = trees.xor(m.root, m.value);
                trees.setSpoutTask(slot, m.spoutTask);
                settle(slot, m.root);
                break;
            }
            case AckerMessage.ACK: {
                int slot = trees.xor(m.root, m.value);
                settle(slot, m.root);
                break;
            }
            case AckerMessage.FAIL: {
                int slot = trees.xor(m.root, 0);
                trees.markFailed(slot);
                settle(slot, m.root);
                break;
            }
            case AckerMessage.RESET: {
                int slot = trees.slotOf(m.root);
                if (slot >= 0) {
                    trees.renew(slot);
                    int spoutTask = trees.spoutTask(slot);
                    if (spoutTask >= 0) {
                        outbox.send(spoutTask, new TreeOutcome(TreeOutcome.RESET, m.root, spoutTask));
                    }
                }
                break;
            }
            default:
                throw new IllegalStateException("unknown acker message " + m);
        }
    }

    /** Completes or fails the tree if its state says so and its spout task is known. */
    private void settle(int slot, long root) {
        int spoutTask = trees.spoutTask(slot);
        if (spoutTask < 0) {
            return;
        }
        if (trees.isFailed(slot)) {
            trees.remove(slot);
            metrics.failed();
            outbox.send(spoutTask, new TreeOutcome(TreeOutcome.FAILED, root, spoutTask));
        } else if (trees.ackVal(slot) == 0) {
            trees.remove(slot);
            metrics.acked();
            outbox.send(spoutTask, new TreeOutcome(TreeOutcome.ACKED, root, spoutTask));
        }
    }

    /** Pending trees right now (read by the owning thread or for diagnostics). */
    public int pendingTrees() {
        return trees.size();
    }

    /** The tree table, for measurements. */
    public PendingTrees trees() {
        return trees;
    }

    @Override
    protected void shutdown() {
    }

    @Override
    public List<TaskMetrics> metrics() {
        return List.of(metrics);
    }
}
