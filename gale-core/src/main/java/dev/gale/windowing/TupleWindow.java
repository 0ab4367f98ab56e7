package dev.gale.windowing;

import dev.gale.tuple.Tuple;

/** A {@link Window} of tuples: what {@code IWindowedBolt.execute} receives, on the bolt task's thread. */
public interface TupleWindow extends Window<Tuple> {
}
