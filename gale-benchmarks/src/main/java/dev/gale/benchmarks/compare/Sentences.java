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
}
