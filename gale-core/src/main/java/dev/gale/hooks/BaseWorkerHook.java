package dev.gale.hooks;

/** A worker hook that does nothing: extend it and override what you need. */
public class BaseWorkerHook implements IWorkerHook {
    private static final long serialVersionUID = 1L;

    @Override
    public void shutdown() {
    }
}
