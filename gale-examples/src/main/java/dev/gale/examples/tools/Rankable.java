package dev.gale.examples.tools;

/** storm-starter's Rankable: an object with a count, ordered by that count. */
public interface Rankable extends Comparable<Rankable> {

    Object getObject();

    long getCount();

    /**
     * A copy whose fields are shallow copies of this one's, so rankings can be emitted while the
     * bolt keeps updating its own.
     */
    Rankable copy();
}
