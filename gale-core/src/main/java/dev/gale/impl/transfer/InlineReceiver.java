package dev.gale.impl.transfer;

/**
 * The consumer of an inbox, when it can take a message at once on the sender's own thread: the
 * hand-off without a queue that fuses executors sharing a thread. It accepts only when that keeps
 * every guarantee of the queue: same thread, consumer not already running (no re-entry), its
 * queue empty (nothing the message could overtake).
 *
 * <p>Called only by the thread running the sender.
 */
public interface InlineReceiver {

    /** Handles {@code message} now and returns true, or returns false and the caller queues it. */
    boolean tryInline(Object message, Thread sender);
}
