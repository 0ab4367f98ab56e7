package dev.gale.impl.executor;

/**
 * An ack, fail or timeout reset made on another thread, queued as a control message so it runs
 * on the bolt's own thread. Immutable; created on any thread, run on the executor's.
 */
final class HandedOffCall {
    private final Runnable call;

    HandedOffCall(Runnable call) {
        this.call = call;
    }

    void run() {
        call.run();
    }
}
