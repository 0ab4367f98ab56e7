package dev.gale.windowing;

/**
 * Decides, event by event, what leaves a window: at each evaluation the {@link WindowManager} asks
 * it about every event, oldest first. Implementations are used on one thread (the window's).
 *
 * @param <T> the type of the events
 * @param <S> the type of the state it can be saved as
 */
public interface EvictionPolicy<T, S> {
    /** What to do with {@code event} at this evaluation. */
    Action evict(Event<T> event);

    /** Sees each event (and watermark) added to the window. */
    void track(Event<T> event);

    /** The context of the current evaluation (null before the first). */
    EvictionContext getContext();

    /** Sets the context of the coming evaluation: its reference time, and counts where needed. */
    void setContext(EvictionContext context);

    /** Called before a window is scanned again from its start. */
    void reset();

    /** Its runtime state, for saving. */
    S getState();

    /** Takes up a state saved by {@link #getState()}. */
    void restoreState(S state);

    /** What {@link #evict} decides for one event. */
    enum Action {
        /** The event leaves the window for good. */
        EXPIRE,
        /** The event is in the window evaluated now. */
        PROCESS,
        /** The event is not in this window but stays for a later one (it is ahead of the reference time). */
        KEEP,
        /** No event after this one can be in the window: stop scanning. */
        STOP
    }
}
