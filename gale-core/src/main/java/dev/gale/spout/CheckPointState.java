package dev.gale.spout;

import java.io.Serializable;

/**
 * Where the {@link CheckpointSpout}'s transaction stands: its txid and whether it is being
 * prepared, being committed, or committed. Transitions:
 * <pre>
 *                  ROLLBACK(tx2)
 *               &lt;-------------                   PREPARE(tx2)                    COMMIT(tx2)
 * COMMITTED(tx1) -------------&gt; PREPARING(tx2) --------------&gt; COMMITTING(tx2) --------------&gt; COMMITTED(tx2)
 * </pre>
 * In recovery a transaction still PREPARING is rolled back (some bolts may not have prepared it)
 * and one COMMITTING is committed (some bolts may have committed it already). Immutable.
 */
public class CheckPointState implements Serializable {
    private static final long serialVersionUID = 1L;
    private long txid;
    private State state;

    public CheckPointState(long txid, State state) {
        this.txid = txid;
        this.state = state;
    }

    /** For serializers that need a no-argument constructor. */
    public CheckPointState() {
    }

    public long getTxid() {
        return txid;
    }

    public State getState() {
        return state;
    }

    /** The state after the current step succeeds, in recovery or in a normal checkpoint. */
    public CheckPointState nextState(boolean recovering) {
        switch (state) {
            case PREPARING:
                return recovering ? new CheckPointState(txid - 1, State.COMMITTED) : new CheckPointState(txid, State.COMMITTING);
            case COMMITTING:
                return new CheckPointState(txid, State.COMMITTED);
            case COMMITTED:
                return recovering ? this : new CheckPointState(txid + 1, State.PREPARING);
            default:
                throw new IllegalStateException("Unknown state " + state);
        }
    }

    /** The action to send for the current step, in recovery or in a normal checkpoint. */
    public Action nextAction(boolean recovering) {
        switch (state) {
            case PREPARING:
                return recovering ? Action.ROLLBACK : Action.PREPARE;
            case COMMITTING:
                return Action.COMMIT;
            case COMMITTED:
                return recovering ? Action.INITSTATE : Action.PREPARE;
            default:
                throw new IllegalStateException("Unknown state " + state);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        CheckPointState that = (CheckPointState) o;
        return txid == that.txid && state == that.state;
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(txid) + (state != null ? state.hashCode() : 0);
    }

    @Override
    public String toString() {
        return "CheckPointState{txid=" + txid + ", state=" + state + '}';
    }

    /** Where a transaction stands. */
    public enum State {
        /** The transaction is committed. */
        COMMITTED,
        /** The commit of the transaction is in progress. */
        COMMITTING,
        /** The prepare of the transaction is in progress. */
        PREPARING
    }

    /** What a checkpoint tuple asks the stateful bolts to do. */
    public enum Action {
        /** Prepare the transaction for commit. */
        PREPARE,
        /** Commit the prepared transaction. */
        COMMIT,
        /** Roll back to the last committed state. */
        ROLLBACK,
        /** Initialize the state (after recovery, before any tuple). */
        INITSTATE
    }
}
