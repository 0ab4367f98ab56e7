package dev.gale.utils;

/** An int that can be changed in place (e.g. a counter in a map). Not thread-safe. */
public class MutableInt {
    private int val;

    public MutableInt(int val) {
        this.val = val;
    }

    public void set(int val) {
        this.val = val;
    }

    public int get() {
        return val;
    }

    /** Adds one; returns the new value. */
    public int increment() {
        return increment(1);
    }

    /** Adds {@code amt}; returns the new value. */
    public int increment(int amt) {
        val += amt;
        return val;
    }
}
