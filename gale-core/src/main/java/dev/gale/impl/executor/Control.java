package dev.gale.impl.executor;

/**
 * Messages on an executor's control queue: from the topology's timer (ticks, rotations) and from
 * the cluster (activation). Immutable.
 */
public final class Control {
    /** Rotate the pending map: trees older than the timeout are failed (spout) or dropped (acker). */
    public static final Control ROTATE = new Control("rotate", 0);
    public static final Control ACTIVATE = new Control("activate", 0);
    public static final Control DEACTIVATE = new Control("deactivate", 0);

    private final String name;
    private final int tickSecs;

    private Control(String name, int tickSecs) {
        this.name = name;
        this.tickSecs = tickSecs;
    }

    /** A tick for the component's tasks, at the given frequency. */
    public static Control tick(int freqSecs) {
        return new Control("tick", freqSecs);
    }

    public boolean isTick() {
        return tickSecs > 0;
    }

    public int tickSecs() {
        return tickSecs;
    }

    @Override
    public String toString() {
        return isTick() ? "tick(" + tickSecs + "s)" : name;
    }
}
