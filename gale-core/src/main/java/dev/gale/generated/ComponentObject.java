package dev.gale.generated;

import dev.gale.utils.Utils;

/**
 * Storm's holder of a component's implementation. In Gale always the Java-serialized template
 * object (Storm's {@code serialized_java} case); shell and Java-object components do not exist.
 * Immutable; the bytes are made on first request.
 */
public final class ComponentObject {
    private final Object component;
    private volatile byte[] serialized;

    ComponentObject(Object component) {
        this.component = component;
    }

    /** The component template, Java-serialized (as {@link Utils#javaSerialize} does); a fresh copy each call. */
    public byte[] get_serialized_java() {
        byte[] b = serialized;
        if (b == null) {
            b = Utils.javaSerialize(component);
            serialized = b;
        }
        return b.clone();
    }

    public boolean is_set_serialized_java() {
        return true;
    }
}
