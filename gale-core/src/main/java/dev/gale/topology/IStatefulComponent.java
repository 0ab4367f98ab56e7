package dev.gale.topology;

import dev.gale.state.State;

/**
 * A component whose state the framework keeps and checkpoints. The hooks run on the component's
 * task thread.
 *
 * @param <T> the state type
 */
public interface IStatefulComponent<T extends State> extends IComponent {
    /**
     * Called with the component's last committed state (empty the first time), after prepare and
     * before the first tuple.
     */
    void initState(T state);

    /** Called just before the framework commits the state as {@code txid}. */
    void preCommit(long txid);

    /** Called just before the framework prepares the state for commit as {@code txid}. */
    void prePrepare(long txid);

    /** Called just before the framework rolls the state back to the last commit. */
    void preRollback();
}
