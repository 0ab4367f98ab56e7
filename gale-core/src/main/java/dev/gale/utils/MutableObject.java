package dev.gale.utils;

/** A reference that can be changed in place. Thread-safe: both accessors are synchronized. */
public class MutableObject {
    private Object object;

    public MutableObject() {
    }

    public MutableObject(Object object) {
        this.object = object;
    }

    public synchronized Object getObject() {
        return object;
    }

    public synchronized void setObject(Object o) {
        this.object = o;
    }
}
