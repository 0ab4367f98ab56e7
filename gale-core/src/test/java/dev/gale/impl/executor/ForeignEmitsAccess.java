package dev.gale.impl.executor;

/** Lets engine tests read the bound on emits waiting from other threads. */
public final class ForeignEmitsAccess {
    private ForeignEmitsAccess() {
    }

    public static int maxQueued() {
        return ForeignEmits.MAX_QUEUED;
    }
}
