package dev.gale.generated;

import java.io.Serializable;

/**
 * How to kill a topology ({@code org.apache.storm.generated.KillOptions}), in the shape of
 * Storm's Thrift-generated class (without the Thrift plumbing), so Storm code ports by changing
 * imports. One optional field, {@code wait_secs}: how long to wait, with the spouts deactivated,
 * for the tuple trees in flight before the kill; unset means the topology's message timeout.
 *
 * <p>Not thread-safe (a mutable value, as in Storm).
 */
public class KillOptions implements Serializable, Cloneable, Comparable<KillOptions> {
    private static final long serialVersionUID = 1L;

    private int wait_secs;
    private boolean wait_secs_isset;

    /** Options with {@code wait_secs} unset. */
    public KillOptions() {
    }

    /** A copy of {@code other}. */
    public KillOptions(KillOptions other) {
        this.wait_secs = other.wait_secs;
        this.wait_secs_isset = other.wait_secs_isset;
    }

    public KillOptions deepCopy() {
        return new KillOptions(this);
    }

    /** Unsets every field. */
    public void clear() {
        unset_wait_secs();
        this.wait_secs = 0;
    }

    public int get_wait_secs() {
        return wait_secs;
    }

    public void set_wait_secs(int wait_secs) {
        this.wait_secs = wait_secs;
        this.wait_secs_isset = true;
    }

    public void unset_wait_secs() {
        this.wait_secs_isset = false;
    }

    /** True if {@code wait_secs} has been assigned a value. */
    public boolean is_set_wait_secs() {
        return wait_secs_isset;
    }

    public void set_wait_secs_isSet(boolean value) {
        this.wait_secs_isset = value;
    }

    /** Nothing is required. */
    public void validate() {
    }

    @Override
    public boolean equals(Object that) {
        return that instanceof KillOptions && equals((KillOptions) that);
    }

    public boolean equals(KillOptions that) {
        if (that == null) {
            return false;
        }
        if (wait_secs_isset || that.wait_secs_isset) {
            return wait_secs_isset && that.wait_secs_isset && wait_secs == that.wait_secs;
        }
        return true;
    }

    @Override
    public int hashCode() {
        return wait_secs_isset ? 31 + wait_secs : 0;
    }

    /** Unset before set, then by {@code wait_secs}. */
    @Override
    public int compareTo(KillOptions other) {
        int c = Boolean.compare(wait_secs_isset, other.wait_secs_isset);
        if (c != 0 || !wait_secs_isset) {
            return c;
        }
        return Integer.compare(wait_secs, other.wait_secs);
    }

    @Override
    public String toString() {
        return wait_secs_isset ? "KillOptions(wait_secs:" + wait_secs + ")" : "KillOptions()";
    }
}
