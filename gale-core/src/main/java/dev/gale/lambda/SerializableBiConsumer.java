package dev.gale.lambda;

import java.io.Serializable;
import java.util.function.BiConsumer;

/** A {@link BiConsumer} that can be copied to every task, for lambda bolts that emit. */
public interface SerializableBiConsumer<T, U> extends BiConsumer<T, U>, Serializable {
}
