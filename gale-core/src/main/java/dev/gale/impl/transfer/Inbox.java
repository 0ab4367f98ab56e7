package dev.gale.impl.transfer;

import java.lang.invoke.VarHandle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The receive side of one executor: a bounded many-producer/one-consumer queue for tuples and
 * acker traffic, an unbounded one for control messages (ticks, rotations, lifecycle), and the
 * signal that wakes the thread running an idle executor ({@link Parker}), and the
 * room handshake that lets a producer held back by this full queue sleep until it has drained to
 * half ({@link #awaitRoom}).
 *
 * <p>Any thread may offer and signal; only the owning executor thread drains and parks.
 */
public final class Inbox {
    private final int index;
    private final String name;
    private final MpscArrayQueue<Object> data;
    private final MpscUnboundedXaddArrayQueue<Object> control = new MpscUnboundedXaddArrayQueue<>(64);
    private final int roomThreshold;
    /** Threads of producers parked until this queue has room; see {@link #awaitRoom}. */
    private final Set<Parker> roomWaiters = ConcurrentHashMap.newKeySet();
    /** The owning executor, when it may take messages inline (see {@link InlineReceiver}); else null. */
    private InlineReceiver receiver;
    /** The thread running the owning executor now, to wake when a message arrives; null: none to wake. */
    private volatile Parker parker;
    private volatile long controlProcessed;
    private final AtomicLong controlOffered = new AtomicLong();

    /** @param index position of the executor in the topology, used by senders to track whom to signal */
    public Inbox(int index, String name, int capacity) {
        this.index = index;
        this.name = name;
        this.data = new MpscArrayQueue<>(capacity);
        this.roomThreshold = data.capacity() / 2;
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** Sets the consumer that may take messages inline; before the topology starts. */
    public void inlineReceiver(InlineReceiver receiver) {
        this.receiver = receiver;
    }

    /**
     * The consumer that may take a message inline from {@code sender}, or null: none is set, or
     * the consumer last ran on another thread. Reads only this inbox's own fields, written when
     * the consumer moves threads, so a sender on another thread pays no cache miss on the
     * consumer's hot state to learn it cannot hand over inline.
     */
    public InlineReceiver inlineReceiverFor(Thread sender) {
        Parker p = parker;
        return p != null && p.thread() == sender ? receiver : null;
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

    /**
     * Drains up to {@code limit} data messages into {@code handler}; owner thread only. A turn
     * that drained any must end with {@link #wakeRoomWaitersIfRoom()}.
     */
    public int drain(MessagePassingQueue.Consumer<Object> handler, int limit) {
        return data.drain(handler, limit);
    }

    /**
     * Wakes the producers waiting for room if the queue is at half or less; owner thread only.
     * Call it at the end of every turn that drained: its fence pairs with the waiter's, and costs
     * least once the turn's own stores have left the store buffer. Every such turn checks, not
     * only one that crosses half: a producer may read our index stores late (release stores, not
     * yet visible to it), see the queue fuller than it is, and register while, in our view, the
     * queue never crosses half again. A turn that finds the queue over half skips the check and
     * loses nothing: the queue is not empty, so another turn drains and checks. Nothing here is
     * written: producers read this object on every send, and a store per turn took the line
     * from each of them (docs/performance.md, "Who writes what").
     */
    public void wakeRoomWaitersIfRoom() {
        if (data.size() <= roomThreshold) {
            wakeRoomWaiters();
        }
    }

    private void wakeRoomWaiters() {
        // Our index stores, this fence, then the read of the waiters; a waiter registers, fences,
        // then reads the size: one of the two always sees the other.
        VarHandle.fullFence();
        if (roomWaiters.isEmpty()) {
            return;
        }
        for (Parker p : roomWaiters) {
            if (roomWaiters.remove(p)) {
                p.wake(); // the permit sticks: a waiter about to park returns at once
            }
        }
    }

    /**
     * Registers {@code waiter} (a producer whose offer this full queue refused) to be unparked
     * once the consumer has drained the queue to half, and returns true if it should park now;
     * false if the queue has room already (then it is not registered: retry instead). The
     * registration, a fence, then the re-check pair with the consumer's drain, fence, then read
     * of the waiters, so one of the two always sees the other: no wake-up is lost.
     */
    public boolean awaitRoom(Parker waiter) {
        registerRoomWaiter(waiter);
        VarHandle.fullFence();
        if (data.size() <= roomThreshold) {
            roomWaiters.remove(waiter);
            return false;
        }
        return true;
    }

    /** Adds a waiter without the re-check; tests use it to stand for a producer that read the size late. */
    void registerRoomWaiter(Parker waiter) {
        roomWaiters.add(waiter);
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

    /**
     * Binds the thread that runs the owning executor from now on (it may move between threads);
     * a producer that offers after this call wakes that thread.
     */
    public void bindParker(Parker parker) {
        this.parker = parker;
    }

    /**
     * A token for the thread running the owning executor now (as last bound): the same object for
     * executors sharing a thread; null before the executor starts.
     */
    public Object thread() {
        return parker;
    }

    /** How full the data queue is, from 0 (empty) to 1 (full). */
    public double load() {
        return (double) data.size() / data.capacity();
    }

    /** Wakes the thread running the owner if it is parked (see {@link Parker} for the handshake). */
    public void signal() {
        Parker p = parker;
        if (p != null) {
            p.signal();
        }
    }

    @Override
    public String toString() {
        return "Inbox[" + name + ", " + data.size() + "/" + data.capacity() + "]";
    }
}
