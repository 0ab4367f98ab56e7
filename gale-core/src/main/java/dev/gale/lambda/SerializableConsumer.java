package dev.gale.lambda;

import java.io.Serializable;
import java.util.function.Consumer;

/** A {@link Consumer} that can be copied to every task, for lambda bolts that emit nothing. */
public interface SerializableConsumer<T> extends Consumer<T>, Serializable {
}
