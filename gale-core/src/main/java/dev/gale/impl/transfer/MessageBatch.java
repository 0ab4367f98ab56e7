package dev.gale.impl.transfer;

/**
 * Several messages from one executor to another carried as one inbox element, so a burst of
 * acker traffic costs the shared queue one offer instead of one per message.
 *
 * <p>Handed over whole: the sender never touches it again once sent, so it needs no locking.
 */
public final class MessageBatch {
    private final Object[] messages;
    private final int size;

    MessageBatch(Object[] messages, int size) {
        this.messages = messages;
        this.size = size;
    }

    public int size() {
        return size;
    }

    public Object get(int i) {
        return messages[i];
    }
}
