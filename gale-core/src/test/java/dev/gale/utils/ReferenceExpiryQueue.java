package dev.gale.utils;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The obviously-correct model of a ZooKeeper-style expiry queue, single-threaded and told the time: an element
 * to expiry-time map and an expiry-time to elements map. As in Gale's queue, a polled element
 * is forgotten.
 */
final class ReferenceExpiryQueue<E> {
    private final long interval;
    private final Map<E, Long> expiryOf = new HashMap<>();
    private final Map<Long, Set<E>> sets = new HashMap<>();
    private long nextExpiration;

    ReferenceExpiryQueue(long interval, long nowMs) {
        this.interval = interval;
        this.nextExpiration = roundToNextInterval(nowMs);
    }

    private long roundToNextInterval(long t) {
        return (Math.floorDiv(t, interval) + 1) * interval;
    }

    Long update(E elem, int timeoutMs, long nowMs) {
        long target = roundToNextInterval(nowMs + timeoutMs);
        Long previous = expiryOf.get(elem);
        if (previous != null && previous == target) {
            return null;
        }
        sets.computeIfAbsent(target, t -> new HashSet<>()).add(elem);
        expiryOf.put(elem, target);
        if (previous != null) {
            sets.get(previous).remove(elem);
        }
        return target;
    }

    Long remove(E elem) {
        Long previous = expiryOf.remove(elem);
        if (previous != null) {
            sets.get(previous).remove(elem);
        }
        return previous;
    }

    long getWaitTime(long nowMs) {
        return nowMs < nextExpiration ? nextExpiration - nowMs : 0;
    }

    Set<E> poll(long nowMs) {
        if (nowMs < nextExpiration) {
            return Set.of();
        }
        Set<E> due = sets.remove(nextExpiration);
        nextExpiration += interval;
        if (due == null) {
            return Set.of();
        }
        due.forEach(expiryOf::remove);
        return due;
    }

    /** The non-empty buckets, by time. */
    Map<Long, Set<E>> expiryMap() {
        Map<Long, Set<E>> copy = new TreeMap<>();
        sets.forEach((time, elems) -> {
            if (!elems.isEmpty()) {
                copy.put(time, new HashSet<>(elems));
            }
        });
        return copy;
    }
}
