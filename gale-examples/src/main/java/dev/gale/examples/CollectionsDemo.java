package dev.gale.examples;

import dev.gale.time.SimulatedClock;
import dev.gale.utils.ExpiryQueue;
import dev.gale.utils.RotatingMap;
import dev.gale.utils.TimeCacheMap;
import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Shows the expiring collections of {@code dev.gale.utils} on a simulated clock. */
public final class CollectionsDemo {

    private final PrintStream out;
    private final SimulatedClock clock = new SimulatedClock();

    public CollectionsDemo(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        new CollectionsDemo(System.out).run();
    }

    public void run() {
        timeCacheMap();
        rotatingMap();
        expiryQueue();
    }

    private void timeCacheMap() {
        out.println("TimeCacheMap: sessions expire 30-40 s after their last touch (30 s, 4 buckets)");
        try (TimeCacheMap<String, String> sessions = new TimeCacheMap<>(30, 4,
                (id, user) -> out.printf("  t=%2ds  session %s of %s expired%n", seconds(), id, user), clock)) {
            sessions.put("s1", "alice");
            advanceSeconds(4);
            sessions.put("s2", "bob");
            advanceSeconds(16);
            sessions.put("s1", "alice"); // a heartbeat at t=20 s renews alice's session
            out.println("  t=20s  alice's session renewed; bob's last touch was at t=4s");
            advanceSeconds(45);
            out.printf("  t=%2ds  %d sessions left%n", seconds(), sessions.size());
        }
    }

    private void rotatingMap() {
        out.println("RotatingMap: pending tuples time out on the 3rd rotation after they were put");
        RotatingMap<Long, String> pending = new RotatingMap<>(3);
        pending.put(1L, "tuple-1");
        pending.rotate();
        pending.put(2L, "tuple-2");
        pending.rotate();
        Map<Long, String> timedOut = pending.rotate();
        out.printf("  3rd rotation dropped %s; still pending: %s%n", timedOut.values(), pending.get(2L));
    }

    private void expiryQueue() {
        out.println("ExpiryQueue: session deadlines in 2 s buckets, polled by an expiry loop");
        SimulatedClock queueClock = new SimulatedClock();
        ExpiryQueue<String> deadlines = new ExpiryQueue<>(2_000, queueClock);
        deadlines.update("carol", 5_000);
        deadlines.update("dave", 3_000);
        deadlines.update("erin", 9_000);
        int expired = 0;
        while (expired < 3) {
            queueClock.advanceMillis(deadlines.getWaitTime());
            long now = queueClock.millis();
            Set<String> due = new TreeSet<>(deadlines.poll());
            if (!due.isEmpty()) {
                out.printf("  t=%2ds  expired %s%n", now / 1000, due);
                expired += due.size();
            }
            if (now == 4_000) {
                Long dueAt = deadlines.update("carol", 5_000);
                out.printf("  t= 4s  carol sent a heartbeat: now due at t=%ds%n", dueAt / 1000);
            }
        }
    }

    private long seconds() {
        return clock.millis() / 1000;
    }

    private void advanceSeconds(int seconds) {
        for (int i = 0; i < seconds; i++) {
            clock.advanceMillis(1_000);
        }
    }
}
