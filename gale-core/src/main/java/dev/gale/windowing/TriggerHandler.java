package dev.gale.windowing;

/**
 * What a {@link TriggerPolicy} calls when the window is to be evaluated: the {@link WindowManager}.
 * Called on the window's thread.
 */
public interface TriggerHandler {
    /**
     * Evaluates the window now.
     *
     * @return true if the window held at least one event, false if it was empty
     */
    boolean onTrigger();
}
