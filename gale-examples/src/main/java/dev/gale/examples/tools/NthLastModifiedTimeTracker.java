package dev.gale.examples.tools;

import dev.gale.utils.Time;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * storm-starter's NthLastModifiedTimeTracker: remembers the times of the last N modifications, so
 * RollingCountBolt can tell how long its sliding window really spans. Reads {@link Time}, so it
 * follows simulated time. Not thread-safe: one bolt task owns it.
 */
public class NthLastModifiedTimeTracker {

    private static final int MILLIS_IN_SEC = 1000;

    private final ArrayBlockingQueue<Long> lastModifiedTimesMillis;

    public NthLastModifiedTimeTracker(int numTimesToTrack) {
        if (numTimesToTrack < 1) {
            throw new IllegalArgumentException(
                    "numTimesToTrack must be greater than zero (you requested " + numTimesToTrack + ")");
        }
        lastModifiedTimesMillis = new ArrayBlockingQueue<>(numTimesToTrack);
        initLastModifiedTimesMillis(numTimesToTrack);
    }

    private void initLastModifiedTimesMillis(int numTimesToTrack) {
        long nowCached = now();
        for (int i = 0; i < numTimesToTrack; i++) {
            lastModifiedTimesMillis.add(nowCached);
        }
    }

    private long now() {
        return Time.currentTimeMillis();
    }

    /** Seconds since the oldest tracked modification; takes that modification off the queue. */
    public int secondsSinceOldestModification() {
        try {
            long modifiedTimeMillis = lastModifiedTimesMillis.take();
            return (int) ((now() - modifiedTimeMillis) / MILLIS_IN_SEC);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    public void markAsModified() {
        updateLastModifiedTime();
    }

    private void updateLastModifiedTime() {
        if (!lastModifiedTimesMillis.offer(now())) {
            lastModifiedTimesMillis.poll();
            try {
                lastModifiedTimesMillis.put(now());
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }
    }
}
