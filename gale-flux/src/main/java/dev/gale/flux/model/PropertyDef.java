package dev.gale.flux.model;

/**
 * A property to set on an object once it is made, through its setter or public field: a value or
 * a reference to a component, never both. Not thread-safe.
 */
public class PropertyDef {
    private String name;
    private Object value;
    private String ref;
    private String location;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Object getValue() {
        return value;
    }

    /** @throws IllegalStateException if a reference is set already */
    public void setValue(Object value) {
        if (ref != null) {
            throw new IllegalStateException("A property can only have a value OR a reference, not both.");
        }
        this.value = value;
    }

    public String getRef() {
        return ref;
    }

    /** @throws IllegalStateException if a value is set already */
    public void setRef(String ref) {
        if (value != null) {
            throw new IllegalStateException("A property can only have a value OR a reference, not both.");
        }
        this.ref = ref;
    }

    public boolean isReference() {
        return ref != null;
    }

    /** Gale only: where this property was read, {@code file:line}; null when built in code. */
    public String getLocation() {
        return location;
    }

    /** Gale only: see {@link #getLocation()}. */
    public void setLocation(String location) {
        this.location = location;
    }
}
