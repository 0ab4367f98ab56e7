package dev.gale.impl.executor;

import dev.gale.Constants;
import dev.gale.impl.acker.Acker;
import dev.gale.impl.acker.AckerMessage;
import dev.gale.impl.acker.PendingTrees;
import dev.gale.impl.acker.TreeOutcome;
import dev.gale.impl.env.RuntimeEnv;
import dev.gale.impl.stats.TaskMetrics;
import dev.gale.impl.transfer.Inbox;
import dev.gale.impl.transfer.MessageBatch;
import dev.gale.impl.transfer.PairBatch;
import dev.gale.impl.util.LeadingPad;
import dev.gale.stats.ComponentKind;
import java.util.List;

/**
 * Runs one acker task ({@link Acker}) on its own executor thread: acker messages in, tree
 * outcomes out to the spout tasks, rotation on the timer's control message.
 *
 * <p>Not thread-safe beyond the {@link Executor} contract.
 */
public final class AckerExecutor extends AckerExecutorPad implements Acker.Outcomes {
    private final Acker acker;
    private final TaskMetrics metrics;

    public AckerExecutor(RuntimeEnv env, Inbox inbox, int taskId, int expectedPending) {
        super(env, Constants.ACKER_COMPONENT_ID, inbox, true);
        this.acker = new Acker(env.settings().pendingBuckets(), PendingTrees.capacityFor(expectedPending));
        this.metrics = new TaskMetrics(Constants.ACKER_COMPONENT_ID, taskId, false);
    }

    @Override
    protected void init() {
    }

    @Override
    protected void onControl(Object message) {
        if (message == Control.ROTATE) {
            acker.rotate();
        }
    }

    @Override
    public void accept(Object message) {
        // One copy per executor class, on purpose: see Executor.accept.
        if (message instanceof PairBatch) {
            PairBatch batch = (PairBatch) message;
            for (int i = 0; i < batch.size(); i++) {
                metrics.executed(-1);
                acker.ack(batch.key(i), batch.value(i), this);
            }
        } else if (message instanceof MessageBatch) {
            MessageBatch batch = (MessageBatch) message;
            for (int i = 0; i < batch.size(); i++) {
                onMessage(batch.get(i));
            }
        } else {
            onMessage(message);
        }
    }

    @Override
    protected void onMessage(Object message) {
        metrics.executed(-1);
        acker.handle((AckerMessage) message, this);
    }

    @Override
    public void send(int spoutTask, TreeOutcome outcome) {
        if (outcome.kind() == TreeOutcome.ACKED) {
            metrics.acked();
        } else if (outcome.kind() == TreeOutcome.FAILED) {
            metrics.failed();
            // A fail that reaches a tree this cycle completed (a fail after the ack that completed
            // it) must reach the spout after that completion, which waits packed with the others.
            outbox.flushPairs();
        }
        outbox.sendUnordered(spoutTask, outcome); // outcomes of different trees: any order
    }

    @Override
    public void acked(int spoutTask, long root) {
        metrics.acked();
        outbox.sendPair(spoutTask, root, 0); // packed with the cycle's other completed trees of that spout
    }

    /** The acker state, for measurements inside Gale. */
    public Acker acker() {
        return acker;
    }

    @Override
    protected void shutdown() {
    }

    @Override
    public ComponentKind kind() {
        return ComponentKind.ACKER;
    }

    @Override
    public int pendingTrees() {
        return acker.pending();
    }

    @Override
    public long trackingBytes() {
        return (long) acker.trees().capacity() * PendingTrees.BYTES_PER_SLOT;
    }

    @Override
    public List<TaskMetrics> metrics() {
        return List.of(metrics);
    }
}

/**
 * 128 bytes between the fields of {@link Executor} (the acker executor adds none that change) and
 * whatever follows the object in memory (see {@link LeadingPad}).
 */
abstract class AckerExecutorPad extends Executor {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    AckerExecutorPad(RuntimeEnv env, String componentId, Inbox inbox, boolean congestionSource) {
        super(env, componentId, inbox, congestionSource, false);
    }
}
