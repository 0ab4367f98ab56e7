package dev.gale.impl.util;

/**
 * 128 bytes in front of the fields of a subclass (a superclass's fields are laid out first): for
 * objects that one thread writes on every call or every tuple. Whatever object the garbage
 * collector copies in front of one, written by another thread, then shares no cache line with
 * those fields, nor a pair of lines (Intel's adjacent-line prefetcher fetches lines in pairs).
 * A line that two cores write moves between them on every write; with nothing to keep such
 * objects apart, some runs were much slower throughout than others, depending on
 * where its first collections happened to put them.
 *
 * <p>The same goes for the object behind one, so such a class {@code X} is a chain, as in Agrona:
 * {@code LeadingPad}, then {@code XFields} with every field of {@code X} that changes after
 * construction, then {@code XPad} with 128 bytes of padding only, then {@code X} itself with its
 * methods and final fields (read-only, they may sit behind the pad). The pad classes hold nothing
 * else and only they declare pads; {@code LeadingPadTest} checks the offsets, {@code
 * ArchitectureTest} where pads are declared.
 *
 * <p>No state of its own.
 */
public abstract class LeadingPad {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    /** Fills the 4 bytes after a compressed object header, where the JVM would put a subclass's int. */
    int p16;
}
