package dev.gale.benchmarks.collections;

import java.util.HashSet;
import java.util.SplittableRandom;

/**
 * Random, distinct, non-zero 64-bit keys (like the acker's root ids), made once per trial so that
 * neither key generation nor boxing is part of what is measured. Every implementation gets the
 * same keys for the same seed.
 *
 * <p>Not thread-safe; benchmarks use it from setup only.
 */
final class Keys {
    private Keys() {
    }

    /** {@code count} distinct non-zero random longs. */
    static long[] randomLongs(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HashSet<Long> seen = new HashSet<>(count * 2);
        long[] keys = new long[count];
        for (int i = 0; i < count; ) {
            long k = random.nextLong();
            if (k != 0 && seen.add(k)) {
                keys[i++] = k;
            }
        }
        return keys;
    }

    /** The same keys boxed once, each its own object (none come from the Long cache). */
    static Long[] boxed(long[] keys) {
        Long[] boxed = new Long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            boxed[i] = Long.valueOf(keys[i]);
        }
        return boxed;
    }
}
