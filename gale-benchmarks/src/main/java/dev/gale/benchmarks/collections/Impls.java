package dev.gale.benchmarks.collections;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.google.common.cache.CacheBuilder;
import dev.gale.utils.ExpiryQueue;
import dev.gale.utils.RotatingMap;
import dev.gale.utils.TimeCacheMap;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Thin adapters that give Gale's collections and the ones they are compared with one shape, so
 * that a benchmark runs the same code against each. Every JMH fork loads a single
 * implementation, so the adapter calls stay monomorphic and are inlined.
 *
 * <p>Not thread-safe unless the wrapped collection is.
 */
final class Impls {
    /** The one value stored everywhere, so retained sizes compare structure only. */
    static final Object VALUE = new Object();

    /** Expiry in the time-based caches: long enough that nothing expires during a run. */
    static final int CACHE_EXPIRY_SECS = 30;

    /** Bucket width of the expiry queues: ZooKeeper's default tick. */
    static final int EXPIRY_INTERVAL_MS = 2000;
    /** Session timeout in the expiry queues. */
    static final int SESSION_TIMEOUT_MS = 30_000;

    private Impls() {
    }

    /** A map with expiry, driven by rotation or by time. */
    interface ExpiringMap extends AutoCloseable {
        void put(Long key, Object value);

        Object get(Long key);

        Object remove(Long key);

        /** Expires the oldest generation; a no-op for maps that expire on their own. */
        void rotate();

        /** The object whose retained size is measured. */
        Object structure();

        @Override
        default void close() {
        }
    }

    /** An expiry queue of sessions, ZooKeeper style. */
    interface SessionQueue {
        Long update(Long session, int timeoutMs);

        Long remove(Long session);

        /** Polls if a bucket is due and forgets what expired; returns how many expired. */
        int expireDue();

        Object structure();
    }

    static final String[] ROTATING = {"gale", "storm"};
    static final String[] TIMED = {"gale", "caffeine", "guava"};
    static final String[] QUEUES = {"gale", "zookeeper"};

    /** A counter the expiry callbacks bump, so they cannot be optimised away. */
    static long expiredCount;

    static ExpiringMap rotating(String impl) {
        switch (impl) {
            case "gale":
                return new GaleRotating();
            case "storm":
                return new StormRotating();
            default:
                throw new IllegalArgumentException("unknown rotating map " + impl);
        }
    }

    static ExpiringMap timed(String impl) {
        switch (impl) {
            case "gale":
                return new GaleTimeCache();
            case "caffeine":
                return new MapCache(Caffeine.newBuilder()
                        .expireAfterWrite(CACHE_EXPIRY_SECS, TimeUnit.SECONDS)
                        .<Long, Object>build().asMap());
            case "guava":
                return new MapCache(CacheBuilder.newBuilder()
                        .expireAfterWrite(CACHE_EXPIRY_SECS, TimeUnit.SECONDS)
                        .<Long, Object>build().asMap());
            default:
                throw new IllegalArgumentException("unknown timed map " + impl);
        }
    }

    static SessionQueue queue(String impl) {
        switch (impl) {
            case "gale":
                return new GaleQueue();
            case "zookeeper":
                return new ZooKeeperQueue();
            default:
                throw new IllegalArgumentException("unknown expiry queue " + impl);
        }
    }

    private static final class GaleRotating implements ExpiringMap {
        final RotatingMap<Long, Object> map =
                new RotatingMap<>(RotatingWorkload.NUM_BUCKETS, (k, v) -> expiredCount++);

        public void put(Long key, Object value) {
            map.put(key, value);
        }

        public Object get(Long key) {
            return map.get(key);
        }

        public Object remove(Long key) {
            return map.remove(key);
        }

        public void rotate() {
            map.rotate();
        }

        public Object structure() {
            return map;
        }
    }

    private static final class StormRotating implements ExpiringMap {
        final org.apache.storm.utils.RotatingMap<Long, Object> map = // fully qualified: Storm's, beside Gale's
                new org.apache.storm.utils.RotatingMap<>(RotatingWorkload.NUM_BUCKETS, (k, v) -> expiredCount++); // fully qualified: Storm's

        public void put(Long key, Object value) {
            map.put(key, value);
        }

        public Object get(Long key) {
            return map.get(key);
        }

        public Object remove(Long key) {
            return map.remove(key);
        }

        public void rotate() {
            map.rotate();
        }

        public Object structure() {
            return map;
        }
    }

    private static final class GaleTimeCache implements ExpiringMap {
        final TimeCacheMap<Long, Object> map = new TimeCacheMap<>(CACHE_EXPIRY_SECS, (k, v) -> expiredCount++);

        public void put(Long key, Object value) {
            map.put(key, value);
        }

        public Object get(Long key) {
            return map.get(key);
        }

        public Object remove(Long key) {
            return map.remove(key);
        }

        public void rotate() {
        }

        public Object structure() {
            return map;
        }

        @Override
        public void close() {
            map.close();
        }
    }

    /** Caffeine and Guava through their concurrent map views (remove returns the old value). */
    private static final class MapCache implements ExpiringMap {
        final ConcurrentMap<Long, Object> map;

        MapCache(ConcurrentMap<Long, Object> map) {
            this.map = map;
        }

        public void put(Long key, Object value) {
            map.put(key, value);
        }

        public Object get(Long key) {
            return map.get(key);
        }

        public Object remove(Long key) {
            return map.remove(key);
        }

        public void rotate() {
        }

        public Object structure() {
            return map;
        }
    }

    private static final class GaleQueue implements SessionQueue {
        final ExpiryQueue<Long> queue = new ExpiryQueue<>(EXPIRY_INTERVAL_MS);

        public Long update(Long session, int timeoutMs) {
            return queue.update(session, timeoutMs);
        }

        public Long remove(Long session) {
            return queue.remove(session);
        }

        public int expireDue() {
            if (queue.getWaitTime() > 0) {
                return 0;
            }
            // Gale's poll forgets the polled sessions itself.
            return queue.poll().size();
        }

        public Object structure() {
            return queue;
        }
    }

    private static final class ZooKeeperQueue implements SessionQueue {
        final org.apache.zookeeper.server.ExpiryQueue<Long> queue = // fully qualified: ZooKeeper's, beside Gale's
                new org.apache.zookeeper.server.ExpiryQueue<>(EXPIRY_INTERVAL_MS); // fully qualified: ZooKeeper's

        public Long update(Long session, int timeoutMs) {
            return queue.update(session, timeoutMs);
        }

        public Long remove(Long session) {
            return queue.remove(session);
        }

        public int expireDue() {
            if (queue.getWaitTime() > 0) {
                return 0;
            }
            // ZooKeeper's poll leaves the sessions in its element map: its session tracker removes
            // each expired session, so this does too.
            Set<Long> expired = queue.poll();
            for (Long s : expired) {
                queue.remove(s);
            }
            return expired.size();
        }

        public Object structure() {
            return queue;
        }
    }
}
