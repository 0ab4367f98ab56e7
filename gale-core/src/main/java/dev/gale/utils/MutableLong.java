package dev.gale.utils;

/** A long that can be changed in place (e.g. a counter in a map). Not thread-safe. */
public class MutableLong {
    private long val;

    public MutableLong(long val) {
        this.val = val;
    }

    public void set(long val) {
        this.val = val;
    }

    public long get() {
        return val;
    }

    /** Adds one; returns the new value. */
    public long increment() {
        return ++val;
    }

    /** Adds {@code amt}; returns the new value. */
    public long increment(long amt) {
        val += amt;
        return val;
    }
}
