package dev.gale.impl.util;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Random non-zero 64-bit edge ids (xorshift64*, seeded per executor), uniform enough that a false
 * zero XOR has probability ~2^-64, and a sequence for the acker protocol's root ids, started at
 * a random point. Not thread-safe: one per executor.
 */
public final class IdGenerator extends IdGeneratorPad {

    public IdGenerator() {
        this(ThreadLocalRandom.current().nextLong());
    }

    public IdGenerator(long seed) {
        this.state = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        this.sequence = next();
    }

    /** The next number of the sequence. */
    public long nextSequence() {
        return sequence++;
    }

    public long next() {
        long x;
        do {
            x = state;
            x ^= x >>> 12;
            x ^= x << 25;
            x ^= x >>> 27;
            state = x;
            x *= 0x2545F4914F6CDD1DL;
        } while (x == 0);
        return x;
    }
}

/** The fields of {@link IdGenerator} that change after construction, in front of its trailing pad. */
abstract class IdGeneratorFields extends LeadingPad {
    long state;
    long sequence;
}

/** 128 bytes between {@link IdGeneratorFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class IdGeneratorPad extends IdGeneratorFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
