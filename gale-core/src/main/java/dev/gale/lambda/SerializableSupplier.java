package dev.gale.lambda;

import java.io.Serializable;
import java.util.function.Supplier;

/** A {@link Supplier} that can be copied to every task, for lambda spouts. */
public interface SerializableSupplier<T> extends Supplier<T>, Serializable {
}
