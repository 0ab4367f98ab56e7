package dev.gale.testing;

/**
 * A spout that can say it has nothing more to emit, so {@link Testing#completeTopology} knows
 * when a run is complete. As in Storm, every spout of a completed topology must either be mocked
 * through {@link MockedSources} or implement this interface; an endless spout could never
 * complete.
 *
 * <p>Gale tracks tuple trees itself: {@link #isExhausted()} only has to say that every tuple
 * this task will emit has been emitted; the run still waits for the trees to be acked, failed or
 * timed out. A Storm spout that answers "exhausted" only once its tuples are acked works too.
 *
 * <p>{@code isExhausted} is called from the test's thread on the copy each task runs, while
 * the task runs: it must be thread-safe (read a volatile or shared concurrent state).
 * {@code startup} and {@code clean} are called on the submitted instance, before the run and
 * after it.
 */
public interface CompletableSpout {

    /** True once this task has emitted everything it will emit. */
    boolean isExhausted();

    /** Prepares global state (such as a shared queue) before the topology starts. */
    default void startup() {
    }

    /** Clears global state after the run. */
    default void clean() {
    }
}
