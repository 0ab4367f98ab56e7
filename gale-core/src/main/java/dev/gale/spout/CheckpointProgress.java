package dev.gale.spout;

import dev.gale.state.KeyValueState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a {@link CheckpointSpout} is in its transaction cycle, kept in the spout's own state and
 * committed at every move, so a restarted spout resumes (or recovers) from the last move made.
 * Not thread-safe: the spout's executor thread only.
 */
final class CheckpointProgress {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointProgress.class);

    private final KeyValueState<String, CheckPointState> store;
    private final String owner;
    private CheckPointState current;

    /** Reads the stored progress; {@code store} must hold one under {@link CheckpointSpout#TX_STATE_KEY}. */
    CheckpointProgress(KeyValueState<String, CheckPointState> store, String owner) {
        this.store = store;
        this.owner = owner;
        this.current = store.get(CheckpointSpout.TX_STATE_KEY);
    }

    CheckPointState current() {
        return current;
    }

    boolean isCommitted() {
        return current.getState() == CheckPointState.State.COMMITTED;
    }

    /** The next move of the normal cycle (prepare, commit, the next transaction). */
    void advance() {
        moveTo(current.nextState(false));
    }

    /** The next move of a recovery; false, and nothing moves, once recovery has reached its end. */
    boolean advanceRecovery() {
        CheckPointState next = current.nextState(true);
        if (next.equals(current)) {
            return false;
        }
        moveTo(next);
        return true;
    }

    private void moveTo(CheckPointState next) {
        LOG.debug("{}: {} -> {}", owner, current, next);
        store.put(CheckpointSpout.TX_STATE_KEY, next);
        store.commit();
        current = next;
    }
}
