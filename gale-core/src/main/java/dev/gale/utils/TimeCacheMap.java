package dev.gale.utils;

import dev.gale.time.Clock;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A map whose entries expire on their own, about {@code expirationSecs} after their last put;
 * e.g. the parts of a join waiting for their partners.
 *
 * <p>A {@link RotatingMap}-like ring of {@code numBuckets} buckets rotates every
 * {@code P = expirationSecs / (numBuckets - 1)} (rounded up to the nanosecond) on the given
 * {@link Clock}, on a fixed schedule: so an entry that is not put again expires no earlier than
 * {@code expirationSecs} and no later than {@code expirationSecs * (1 + 1 / (numBuckets - 1))}
 * after its last put. The bound holds exactly, even when the expiry thread runs late (a GC pause,
 * a busy machine, a simulated clock moved far at once): every operation first applies the
 * rotations due by the time it reads, under the lock, so no entry is ever seen after its bucket is
 * due nor put into a bucket that is already due. The daemon expiry thread wakes at each rotation
 * time, applies what is due and cleans up what expired: it runs the callback, if any, outside the
 * lock, once per expired entry, in put order; one that throws is logged and the thread carries on.
 * Reading the clock in every operation (some tens of nanoseconds with {@link Clock#system()}) is
 * the price of that exactness; Caffeine's expiring caches pay it too.
 *
 * <p>Storage is {@link RotatingMap}'s (about 27 bytes an entry besides key and value, no node per
 * entry). Thread-safe. No lock hold is long: a due rotation ends the expired bucket in O(1), the
 * expiry thread takes its keys out of the index one chunk of up to 1024 entries per lock hold and
 * runs the callbacks without the lock, and the index never shrinks (it keeps the capacity of the
 * map's largest size, as {@code java.util.HashMap} does; growing it on a put is the one step
 * proportional to the size, amortized over the puts that filled it). Call {@link #close()} (or
 * {@link #cleanup()}) to stop the thread; the map stays usable but no longer expires anything.
 */
public class TimeCacheMap<K, V> implements AutoCloseable {

    /**
     * Told about every expired entry, on the expiry thread. The same type as
     * {@link RotatingMap.ExpiredCallback}, kept under this name for code ported from Storm.
     */
    @FunctionalInterface
    public interface ExpiredCallback<K, V> extends RotatingMap.ExpiredCallback<K, V> {
    }

    private static final Logger LOG = LoggerFactory.getLogger(TimeCacheMap.class);
    private static final AtomicInteger THREAD_IDS = new AtomicInteger();
    private final Object lock = new Object();
    private final RotatingTable<K, V> index;
    /** First chunk of each bucket ended by a due rotation and not yet cleaned up, oldest first. */
    private final ArrayDeque<RotatingTable.Chunk> expired = new ArrayDeque<>();
    /** When the next rotation is due; advances by whole periods. Guarded by the lock. */
    private long nextRotationNanos;
    private final RotatingMap.ExpiredCallback<K, V> callback;
    private final Clock clock;
    private final long rotationPeriodNanos;
    private final Clock.Waiter waiter;
    private final Thread expiryThread;
    private volatile boolean closed;

    /**
     * @param expirationSecs at least 1
     * @param numBuckets at least 2; more buckets make expiry more punctual, at the cost of more
     *     frequent rotations
     * @param callback called on the expiry thread for every expired entry; may be null
     * @param clock the time source; the expiry thread waits on it
     * @throws IllegalArgumentException if {@code expirationSecs < 1} or {@code numBuckets < 2}
     */
    public TimeCacheMap(int expirationSecs, int numBuckets, RotatingMap.ExpiredCallback<K, V> callback,
                        Clock clock) {
        if (expirationSecs < 1) {
            throw new IllegalArgumentException("expirationSecs must be at least 1, but was " + expirationSecs);
        }
        this.index = new RotatingTable<>(numBuckets, false);
        this.callback = callback;
        this.clock = Objects.requireNonNull(clock, "clock");
        // Rounded up, so that numBuckets - 1 periods are never shorter than the expiration.
        long expirationNanos = expirationSecs * 1_000_000_000L;
        this.rotationPeriodNanos = -Math.floorDiv(-expirationNanos, (long) numBuckets - 1);
        String name = "gale-time-cache-map-expiry-" + THREAD_IDS.incrementAndGet();
        this.waiter = clock.newWaiter(name);
        this.nextRotationNanos = clock.nanos() + rotationPeriodNanos;
        this.expiryThread = new Thread(this::expireUntilClosed, name);
        expiryThread.setDaemon(true);
        expiryThread.start();
    }

    public TimeCacheMap(int expirationSecs, int numBuckets, RotatingMap.ExpiredCallback<K, V> callback) {
        this(expirationSecs, numBuckets, callback, Clock.system());
    }

    public TimeCacheMap(int expirationSecs, RotatingMap.ExpiredCallback<K, V> callback, Clock clock) {
        this(expirationSecs, RotatingMap.DEFAULT_NUM_BUCKETS, callback, clock);
    }

    public TimeCacheMap(int expirationSecs, RotatingMap.ExpiredCallback<K, V> callback) {
        this(expirationSecs, RotatingMap.DEFAULT_NUM_BUCKETS, callback, Clock.system());
    }

    public TimeCacheMap(int expirationSecs, int numBuckets) {
        this(expirationSecs, numBuckets, null, Clock.system());
    }

    public TimeCacheMap(int expirationSecs) {
        this(expirationSecs, RotatingMap.DEFAULT_NUM_BUCKETS, null, Clock.system());
    }

    public boolean containsKey(K key) {
        synchronized (lock) {
            applyDueRotations();
            return index.containsKey(key);
        }
    }

    /** The value of a live entry, or null; never a value whose expiry has begun. */
    public V get(K key) {
        synchronized (lock) {
            applyDueRotations();
            return index.get(key);
        }
    }

    /** Stores or renews an entry. */
    public void put(K key, V value) {
        synchronized (lock) {
            applyDueRotations();
            index.put(key, value);
        }
    }

    /** Removes an entry without reporting it expired; returns its value, or null if absent. */
    public V remove(K key) {
        synchronized (lock) {
            applyDueRotations();
            return index.remove(key);
        }
    }

    /** Number of live entries, in O(1). */
    public int size() {
        synchronized (lock) {
            applyDueRotations();
            return index.size();
        }
    }

    /** Same as {@link #close()}; the name Storm uses. */
    public void cleanup() {
        close();
    }

    /**
     * Stops the expiry thread; idempotent. Does not wait for a callback in progress to finish,
     * and releases the clock waiter at once, so a simulated clock no longer waits for this map.
     */
    @Override
    public void close() {
        closed = true;
        waiter.close();
    }

    /** For tests: the expiry thread. */
    Thread expiryThread() {
        return expiryThread;
    }

    /** For tests: keys still indexed, including expired ones whose cleanup is pending. */
    int indexedKeys() {
        synchronized (lock) {
            return index.indexedKeys();
        }
    }

    private void expireUntilClosed() {
        try {
            while (!closed) {
                long deadline;
                synchronized (lock) {
                    deadline = nextRotationNanos;
                }
                if (waiter.awaitNanos(deadline)) { // false: woken up early, which only close() does
                    cleanUpExpired();
                }
            }
        } catch (InterruptedException e) {
            LOG.debug("{} interrupted; expiry stops", Thread.currentThread().getName());
        } catch (RuntimeException | Error e) {
            LOG.error("{} failed; entries no longer expire", Thread.currentThread().getName(), e);
            throw e;
        } finally {
            waiter.close();
        }
    }

    /**
     * Applies the rotations due by now. Rotations follow a fixed schedule, not the expiry thread's
     * wake-ups: a late thread would otherwise stretch every lifetime, and a put made while a
     * rotation is overdue would land in a bucket that should already have aged. Beyond
     * {@code numBuckets} due rotations everything has expired, so at most that many are applied.
     * Called under the lock, with the clock read inside it so that operations see one order of
     * time. A closed map no longer expires anything.
     */
    private void applyDueRotations() {
        long now = clock.nanos();
        if (now < nextRotationNanos || closed) {
            return;
        }
        long due = 1 + (now - nextRotationNanos) / rotationPeriodNanos;
        nextRotationNanos += due * rotationPeriodNanos;
        for (long i = Math.min(due, index.numBuckets()); i > 0; i--) {
            RotatingTable.Chunk first = index.detachOldest();
            if (first != null) {
                expired.add(first);
            }
        }
    }

    /** The expiry thread's step: applies due rotations, then cleans up what they ended. */
    private void cleanUpExpired() {
        synchronized (lock) {
            applyDueRotations();
        }
        drainExpired();
    }

    /**
     * One rotation now, off the schedule, and its clean-up, on the calling thread; for tests that
     * stop the expiry thread and rotate by hand. Only one thread may clean up at a time.
     */
    void rotate() {
        synchronized (lock) {
            RotatingTable.Chunk first = index.detachOldest();
            if (first != null) {
                expired.add(first);
            }
        }
        drainExpired();
    }

    /** Unindexes and reports every ended bucket, oldest first, including any ended meanwhile. */
    private void drainExpired() {
        while (true) {
            RotatingTable.Chunk first;
            synchronized (lock) {
                first = expired.poll();
            }
            if (first == null) {
                return;
            }
            unindex(first);
            report(first);
        }
    }

    /** One chunk (at most a thousand entries) per lock hold, so puts never wait for a whole bucket. */
    private void unindex(RotatingTable.Chunk first) {
        RotatingTable.Chunk c = first;
        while (c != null) {
            synchronized (lock) {
                c = index.unindex(c);
            }
        }
    }

    private void report(RotatingTable.Chunk first) {
        if (callback == null) {
            return;
        }
        RotatingTable.<K, V>forEach(first, (key, value) -> {
            try {
                callback.expire(key, value);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                LOG.error("expiry callback threw for key {}; carrying on with the next entry", key, t);
            }
        });
    }
}
