package dev.gale.state;

/**
 * The state of a component, saved by the framework in checkpoints (an {@code IStatefulBolt}'s) or
 * by the component itself ({@link #commit()}). The framework drives it through a two-phase commit:
 * {@link #prepareCommit} makes the changes since the last commit durable but not yet visible after
 * a restart, {@link #commit(long)} makes them the committed state, {@link #rollback()} goes back to
 * the last committed state.
 *
 * <p>Implementations are used by one task on its own thread; they need not be thread-safe.
 */
public interface State {
    /**
     * Prepares the changes made since the last commit for commit as transaction {@code txid}: a
     * later {@link #commit(long)} of the same txid (even after a restart, for a durable state) must
     * find them. The same txid may be prepared again; the next one may not be prepared before this
     * one is committed.
     */
    void prepareCommit(long txid);

    /** Commits the transaction prepared as {@code txid}: it is what a restart will find. */
    void commit(long txid);

    /** Saves the current state at once, outside the checkpoint protocol (for components that manage their own state). */
    void commit();

    /** Discards what was prepared and not committed, and every change since: back to the last committed state. */
    void rollback();
}
