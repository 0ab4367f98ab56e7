package dev.gale.examples;

import java.io.Serializable;

/**
 * The Beaufort scale: a wind speed in knots to its force (0 to 12) and name. {@link LambdaTopology}'s
 * bolt lambda captures one, so it must be {@link Serializable}: a lambda travels with the
 * topology, and what it captures with it. Immutable, thread-safe.
 */
final class Beaufort implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The highest whole knots of forces 0 to 11; 64 knots and more is force 12. */
    private static final int[] TOP_KNOTS = {0, 3, 6, 10, 16, 21, 27, 33, 40, 47, 55, 63};
    private static final String[] NAMES = {"calm", "light air", "light breeze", "gentle breeze", "moderate breeze",
        "fresh breeze", "strong breeze", "near gale", "gale", "strong gale", "storm", "violent storm", "hurricane"};

    /** The force of a wind of {@code knots} (rounded down); an error for a negative speed. */
    int force(int knots) {
        if (knots < 0) {
            throw new IllegalArgumentException("a wind speed cannot be negative: " + knots + " knots");
        }
        int force = 0;
        while (force < TOP_KNOTS.length && knots > TOP_KNOTS[force]) {
            force++;
        }
        return force;
    }

    /** The name of force {@code force}, e.g. "near gale" for 7. */
    String name(int force) {
        return NAMES[force];
    }
}
