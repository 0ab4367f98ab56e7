package dev.gale.benchmarks.compare;

/**
 * 128 bytes in front of a shard's counters, so that shards written by different threads never
 * share a cache line or a prefetched pair of lines, wherever the garbage collector copies them.
 */
abstract class MeterShardPad {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    /** Fills the 4 bytes after a compressed object header, where the JVM would put a subclass's int. */
    int p16;
}
