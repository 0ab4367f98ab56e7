package dev.gale.impl.env;

import dev.gale.time.Clock;

/**
 * Lets a drain (a kill that first waits for the pending tuple trees) sleep on the topology's
 * clock until its deadline, yet return as soon as the last tree completes: a deactivated spout
 * executor calls {@link #pendingChanged()} whenever its count of pending trees changes.
 *
 * <p>Thread-safe.
 */
public final class DrainSignal {
    private volatile Clock.Waiter waiter;

    public void watch(Clock.Waiter w) {
        waiter = w;
    }

    public void unwatch() {
        waiter = null;
    }

    /** Wakes the drain, if one waits, to count the pending trees again. */
    public void pendingChanged() {
        Clock.Waiter w = waiter;
        if (w != null) {
            w.wakeUp();
        }
    }
}
