package dev.gale.benchmarks.compare;

/**
 * The word count's input, storm-starter's sentences in a fixed rotation: one place for every
 * engine's source (Gale's and Storm's {@link SentenceSpout}, Flink's generator in
 * gale-benchmarks-flink, which copies this file), so all of them split and count the same words.
 * Imports nothing, so any engine's build can compile it. Immutable; thread-safe.
 */
public final class Sentences {
    private static final String[] SENTENCES = {
        "the cow jumped over the moon",
        "an apple a day keeps the doctor away",
        "four score and seven years ago",
        "snow white and the seven dwarfs",
        "i am at two with nature",
    };

    /** The system property that sets how many sources emit the sentences, in every engine's word count. */
    public static final String SOURCES_PROPERTY = "bench.wordcount.sources";

    private Sentences() {
    }

    /** How many sentences the rotation has. */
    public static int count() {
        return SENTENCES.length;
    }

    /** The sentence for sequence number {@code seq} (non-negative). */
    public static String of(long seq) {
        return SENTENCES[(int) (seq % SENTENCES.length)];
    }

    /**
     * How many sources emit the sentences in the word count: 2 unless {@value #SOURCES_PROPERTY}
     * says otherwise. Two is what Flink's job has at its parallelism of 2 (a source chained to each
     * split there, a spout beside each split in Gale and Storm), so every engine runs the same shape.
     */
    public static int sources() {
        int n = Integer.getInteger(SOURCES_PROPERTY, 2);
        if (n < 1) {
            throw new IllegalArgumentException(SOURCES_PROPERTY + " must be at least 1, not " + n);
        }
        return n;
    }
}
