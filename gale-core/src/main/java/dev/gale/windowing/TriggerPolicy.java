package dev.gale.windowing;

/**
 * Decides when a window is evaluated: after so many events, every so often, or as watermarks
 * come. Implementations are used on one thread (the window's).
 *
 * @param <T> the type of the events tracked
 * @param <S> the type of the state it can be saved as
 */
public interface TriggerPolicy<T, S> {
    /** Sees each event (and watermark) added to the window; may evaluate the window. */
    void track(Event<T> event);

    /** Called after each evaluation of the window. */
    void reset();

    /** Starts the policy: from now on it may evaluate the window. */
    void start();

    /** Stops the policy and releases what it holds (a timer). */
    void shutdown();

    /** Its runtime state, for saving. */
    S getState();

    /** Takes up a state saved by {@link #getState()}. */
    void restoreState(S state);
}
