package dev.gale.utils;

import java.util.function.LongConsumer;

/** Runs randomized checks under reproducible seeds and names the failing seed. */
final class Seeds {
    private Seeds() {
    }

    /**
     * Runs {@code check} for {@code count} seeds derived from {@code base}, or only for the seed
     * given in the system property {@code gale.test.seed} when set (to replay a failure).
     */
    static void forEach(long base, int count, LongConsumer check) {
        String replay = System.getProperty("gale.test.seed");
        if (replay != null) {
            run(Long.parseLong(replay), check);
            return;
        }
        for (int i = 0; i < count; i++) {
            run(base * 1_000_003L + i, check);
        }
    }

    private static void run(long seed, LongConsumer check) {
        try {
            check.accept(seed);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed
                    + " (replay with -Dgale.test.seed=" + seed + "): " + e.getMessage(), e);
        }
    }
}
