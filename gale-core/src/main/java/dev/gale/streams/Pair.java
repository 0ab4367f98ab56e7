package dev.gale.streams;

import java.io.Serializable;
import java.util.Objects;

/**
 * Two values, as Storm's streams API pairs them; in Gale only the state of
 * {@link dev.gale.windowing.WatermarkCountEvictionPolicy} uses it (Storm's streams API is not
 * ported). Immutable if its values are.
 *
 * @param <T1> the first value's type
 * @param <T2> the second value's type
 */
public final class Pair<T1, T2> implements Serializable {
    private static final long serialVersionUID = 1L;
    public final T1 value1;
    public final T2 value2;

    private Pair(T1 first, T2 second) {
        value1 = first;
        value2 = second;
    }

    public static <T1, T2> Pair<T1, T2> of(T1 first, T2 second) {
        return new Pair<>(first, second);
    }

    public T1 getFirst() {
        return value1;
    }

    public T2 getSecond() {
        return value2;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        Pair<?, ?> p = (Pair<?, ?>) o;
        return Objects.equals(value1, p.value1) && Objects.equals(value2, p.value2);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(value1) + Objects.hashCode(value2);
    }

    @Override
    public String toString() {
        return "(" + value1 + ", " + value2 + ')';
    }
}
