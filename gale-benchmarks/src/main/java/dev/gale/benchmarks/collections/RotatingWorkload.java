package dev.gale.benchmarks.collections;

/**
 * The acker-like workload shared by the rotating-map benchmarks and the footprint measurement.
 *
 * <p>One life cycle = a short-lived entry put, read and removed (a tuple tree that completes),
 * plus one background entry put and never removed (a tree that times out), with a rotation every
 * {@link #rotationEvery} life cycles. With {@value #NUM_BUCKETS} buckets the background then holds
 * between 2 and 3 rotation periods of entries, {@code live} on average. Rotation cost is paid
 * by the life cycles, amortised.
 *
 * <p>Keys come from two rings of {@code 2 * live} distinct random keys: a background key comes
 * round again only after it has expired, a short-lived key long after it was removed.
 */
final class RotatingWorkload {
    static final int NUM_BUCKETS = 3;

    final int live;
    final int rotationEvery;
    final int mask;
    final long[] shortLived;
    final long[] background;

    RotatingWorkload(int live) {
        if (Integer.bitCount(live) != 1) {
            throw new IllegalArgumentException("live must be a power of two: " + live);
        }
        this.live = live;
        this.rotationEvery = (int) (live * 2L / 5);
        this.mask = 2 * live - 1;
        long[] keys = Keys.randomLongs(4 * live, 0x5EEDL + live);
        this.shortLived = new long[2 * live];
        this.background = new long[2 * live];
        System.arraycopy(keys, 0, shortLived, 0, 2 * live);
        System.arraycopy(keys, 2 * live, background, 0, 2 * live);
    }

    /** Life cycles to run before measuring: fills the background to its steady state. */
    int warmupLifecycles() {
        return NUM_BUCKETS * rotationEvery;
    }

    /** Life cycles after {@link #warmupLifecycles()} at which the background holds {@code live}. */
    int footprintLifecycles() {
        return warmupLifecycles() + rotationEvery / 2;
    }
}
