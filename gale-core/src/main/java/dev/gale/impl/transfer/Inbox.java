package dev.gale.impl.transfer;

import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The receive side of one executor: a bounded many-producer/one-consumer queue for tuples and
 * acker traffic, an unbounded one for control messages (ticks, rotations, lifecycle), and the
 * park/signal handshake that lets an idle executor sleep without losing a wake-up.
 *
 * <p>Any thread may offer and signal; only the owning executor thread drains and parks.
 */
public final class Inbox {
    private final int index;
    private final String name;
    private final MpscArrayQueue<Object> data;
    private final MpscUnboundedXaddArrayQueue<Object> control = new MpscUnboundedXaddArrayQueue<>(64);
    private volatile Thread owner;
    private volatile boolean sleeping;
    private volatile long controlProcessed;
    private final java.util.concurrent.atomic.AtomicLong controlOffered = new java.util.concurrent.atomic.AtomicLong();

    /** @param index position of the executor in the topology, used by senders to track whom to signal */
    public Inbox(int index, String name, int capacity) {
        this.index = index;
        this.name = name;
        this.data = new MpscArrayQueue<>(capacity);
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** Offers a data message; false when the queue is full. Call {@link #signal()} after a batch. */
    public boolean offer(Object message) {
        return data.offer(message);
    }

    /** Enqueues a control message (never refused) and wakes the owner. */
    public void offerControl(Object message) {
        controlOffered.incrementAndGet();
        control.offer(message);
        signal();
    }

    /** Control messages offered so far; once {@link #controlProcessed()} reaches it they are done. */
    public long controlOffered() {
        return controlOffered.get();
    }

    /** Drains up to {@code limit} data messages into {@code handler}; owner thread only. */
    public int drain(MessagePassingQueue.Consumer<Object> handler, int limit) {
        return data.drain(handler, limit);
    }

    /** Drains every control message into {@code handler}, counting them as processed after it returns. */
    public int drainControl(Consumer<Object> handler) {
        int n = 0;
        Object m;
        while ((m = control.relaxedPoll()) != null) {
            handler.accept(m);
            n++;
            controlProcessed = controlProcessed + 1;
        }
        return n;
    }

    /** Control messages fully processed so far (for synchronous delivery under a simulated clock). */
    public long controlProcessed() {
        return controlProcessed;
    }

    public boolean isEmpty() {
        return data.isEmpty() && control.isEmpty();
    }

    public int size() {
        return data.size();
    }

    public int capacity() {
        return data.capacity();
    }

    /** Binds the owner thread; called by the executor thread when it starts. */
    public void bindOwner(Thread thread) {
        this.owner = thread;
    }

    /**
     * Wakes the owner if it is parked. The volatile read of {@code sleeping} after the producer's
     * offer (itself a volatile write) pairs with the owner's write of {@code sleeping} before it
     * re-checks the queues, so one of the two always sees the other.
     */
    public void signal() {
        if (sleeping) {
            Thread t = owner;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Parks the owner thread for at most {@code nanos} unless a message is already waiting. */
    public void park(long nanos) {
        sleeping = true;
        try {
            if (isEmpty()) {
                LockSupport.parkNanos(this, nanos);
            }
        } finally {
            sleeping = false;
        }
    }

    @Override
    public String toString() {
        return "Inbox[" + name + ", " + data.size() + "/" + data.capacity() + "]";
    }
}
