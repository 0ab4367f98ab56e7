package dev.gale.benchmarks.collections;

import dev.gale.impl.acker.PendingTrees;
import java.util.function.Supplier;
import org.openjdk.jol.info.GraphLayout;

/**
 * Retained bytes per live entry of each collection in the benchmarks' steady state, measured with
 * JOL. Keys and the value are the same objects for every implementation and are left out:
 * the figure is what the structure itself costs. Objects an implementation shares with its
 * environment (a thread, an executor, the class loader behind them) are left out too, by
 * measuring against an empty instance of the same implementation that reaches the same ones.
 *
 * <p>Not thread-safe; used from {@link CompareCollections}.
 */
final class Footprint {
    private Footprint() {
    }

    /** Bytes reachable from {@code structure} but not from {@code excluded}, per entry. */
    static double perEntry(Object structure, Object[] excluded, Object emptyTwin, int entries) {
        Object[] baseline = new Object[] {excluded, emptyTwin};
        System.gc();
        long with = GraphLayout.parseInstance(structure, baseline).totalSize();
        long without = GraphLayout.parseInstance((Object) baseline).totalSize();
        return (double) (with - without) / entries;
    }

    static double rotatingMap(String impl, int live) {
        RotatingMapBench b = RotatingMapBench.steadyState(impl, live);
        return perEntry(b.structure(), b.keysAndValue(), Impls.rotating(impl).structure(), live);
    }

    static double expiryQueue(String impl, int live) {
        ExpiryQueueBench b = ExpiryQueueBench.steadyState(impl, live);
        return perEntry(b.structure(), b.keysAndValue(), Impls.queue(impl).structure(), live);
    }

    static double timeCacheMap(String impl, int live) {
        TimeCacheMapBench b = TimeCacheMapBench.steadyState(impl, live);
        Impls.ExpiringMap empty = Impls.timed(impl);
        // A running expiry thread is reachable from every other thread through its group, and
        // it reaches its map: stop both maps' threads, or the baseline would contain the map.
        b.tearDown();
        empty.close();
        awaitExpiryThreadsGone();
        return perEntry(b.structure(), b.keysAndValue(), empty.structure(), live);
    }

    private static void awaitExpiryThreadsGone() {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline && Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("gale-time-cache-map-expiry"))) {
            Thread.onSpinWait();
        }
    }

    static double pendingTrees(int live) {
        PendingTrees trees = PendingTreesBench.steadyState(live);
        return perEntry(trees, new Object[0], null, trees.size());
    }

    /** Runs {@code measure} in a fresh heap state; a failure is reported as NaN, not fatal. */
    static double safely(String what, Supplier<Double> measure) {
        try {
            return measure.get();
        } catch (RuntimeException | OutOfMemoryError e) {
            System.err.println("footprint of " + what + " failed: " + e);
            return Double.NaN;
        }
    }
}
