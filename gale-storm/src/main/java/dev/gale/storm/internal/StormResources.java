package dev.gale.storm.internal;

import java.util.AbstractMap;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The worker's user resources (what worker hooks publish for tasks) as the map Gale's contexts
 * read and write them through, backed by Storm's worker context. Storm cannot list them, so this
 * map answers {@code get}, {@code containsKey} and {@code put} only; it is never iterated by
 * Gale. Thread-safe as Storm's resources are.
 */
final class StormResources extends AbstractMap<String, Object> {
    private final Function<String, Object> getter;
    private final BiConsumer<String, Object> setter;

    /** @param setter null for a task's context, where resources are read only */
    StormResources(Function<String, Object> getter, BiConsumer<String, Object> setter) {
        this.getter = getter;
        this.setter = setter;
    }

    @Override
    public Object get(Object key) {
        return key instanceof String s ? getter.apply(s) : null;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Object put(String key, Object value) {
        if (setter == null) {
            throw new UnsupportedOperationException("worker resources are set by worker hooks (WorkerUserContext.setResource)");
        }
        Object before = getter.apply(key);
        setter.accept(key, value);
        return before;
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Set.of(); // Storm cannot list a worker's resources
    }
}
