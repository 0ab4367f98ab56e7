package dev.gale.impl.transfer;

/**
 * Test threads that consume an inbox as a scheduler thread does: bound to it through a
 * {@link Parker}, and parking only after announcing it and re-checking the inbox.
 */
final class Parking {
    private static final ThreadLocal<Parker> PARKER = new ThreadLocal<>();

    private Parking() {
    }

    /** Binds the calling thread to {@code inbox}, as a scheduler thread is bound to the inboxes it serves. */
    static void bind(Inbox inbox) {
        Parker p = new Parker(Thread.currentThread());
        PARKER.set(p);
        inbox.bindParker(p);
    }

    /** The calling thread's parker (after {@link #bind}). */
    static Parker parker() {
        return PARKER.get();
    }

    /** Parks as a scheduler thread does: announce, re-check the inbox, then park. */
    static void park(Inbox inbox, long nanos) {
        Parker p = PARKER.get();
        p.prepareToPark();
        if (inbox.isEmpty()) {
            p.park(nanos);
        } else {
            p.cancelPark();
        }
    }
}
