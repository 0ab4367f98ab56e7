package dev.gale.utils;

import dev.gale.time.Clock;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A map whose entries expire on their own, about {@code expirationSecs} after their last put;
 * e.g. the parts of a join waiting for their partners.
 *
 * <p>A daemon thread rotates a {@link RotatingMap}-like ring of {@code numBuckets} buckets
 * every {@code expirationSecs / (numBuckets - 1)} on the given {@link Clock}, so an entry that is
 * not put again expires no earlier than {@code expirationSecs} and no later than
 * {@code expirationSecs * (1 + 1 / (numBuckets - 1))} after its last put. The callback, if any,
 * runs on that thread, outside the map's lock, once per expired entry; one that throws is logged
 * and the thread carries on.
 *
 * <p>Storage is {@link RotatingMap}'s (about 27 bytes an entry besides key and value, no node per
 * entry). Thread-safe. No operation holds the lock for long: a rotation marks the expired bucket
 * dead in one step per chunk of up to 1024 entries, then takes their keys out of the index one
 * chunk per lock hold, and runs the callbacks without it. Call
 * {@link #close()} (or {@link #cleanup()}) to stop the thread; the map stays usable but no longer
 * expires anything.
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
        this.index = new RotatingTable<>(numBuckets);
        this.callback = callback;
        this.clock = Objects.requireNonNull(clock, "clock");
        // Rounded up, so that numBuckets - 1 periods are never shorter than the expiration.
        long expirationNanos = expirationSecs * 1_000_000_000L;
        this.rotationPeriodNanos = -Math.floorDiv(-expirationNanos, (long) numBuckets - 1);
        String name = "gale-time-cache-map-expiry-" + THREAD_IDS.incrementAndGet();
        this.waiter = clock.newWaiter(name);
        long firstRotation = clock.nanos() + rotationPeriodNanos;
        this.expiryThread = new Thread(() -> expireUntilClosed(firstRotation), name);
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

    public TimeCacheMap(int expirationSecs, int numBuckets, Clock clock) {
        this(expirationSecs, numBuckets, null, clock);
    }

    public TimeCacheMap(int expirationSecs, int numBuckets) {
        this(expirationSecs, numBuckets, null, Clock.system());
    }

    public TimeCacheMap(int expirationSecs, Clock clock) {
        this(expirationSecs, RotatingMap.DEFAULT_NUM_BUCKETS, null, clock);
    }

    public TimeCacheMap(int expirationSecs) {
        this(expirationSecs, RotatingMap.DEFAULT_NUM_BUCKETS, null, Clock.system());
    }

    public boolean containsKey(K key) {
        synchronized (lock) {
            return index.containsKey(key);
        }
    }

    /** The value of a live entry, or null; never a value whose expiry has begun. */
    public V get(K key) {
        synchronized (lock) {
            return index.get(key);
        }
    }

    /** Stores or renews an entry. */
    public void put(K key, V value) {
        synchronized (lock) {
            index.put(key, value);
        }
    }

    /** Removes an entry without reporting it expired; returns its value, or null if absent. */
    public V remove(K key) {
        synchronized (lock) {
            return index.remove(key);
        }
    }

    /** Number of live entries, in O(1). */
    public int size() {
        synchronized (lock) {
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

    private void expireUntilClosed(long firstRotationNanos) {
        try {
            long deadline = firstRotationNanos;
            while (!closed) {
                if (!waiter.awaitNanos(deadline)) {
                    continue; // woken up early: only close() does that
                }
                // Timed from the rotation itself, so consecutive rotations are never closer than a
                // period, even when this thread runs late: entries never expire early.
                deadline = rotate() + rotationPeriodNanos;
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
     * One rotation, on the calling thread: the expiry thread's step, and the tests'. Only one
     * thread may rotate at a time.
     *
     * @return the clock reading when the expired bucket was detached
     */
    long rotate() {
        RotatingTable.Chunk expired;
        long detachedAt;
        synchronized (lock) {
            expired = index.detachOldest();
            detachedAt = clock.nanos();
        }
        unindex(expired);
        report(expired);
        return detachedAt;
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
