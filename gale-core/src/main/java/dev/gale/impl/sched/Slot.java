package dev.gale.impl.sched;

import dev.gale.impl.util.LeadingPad;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A duty cycle as a scheduler holds it: which runner owns it now, whether it was started and
 * closed, and a claim that keeps two threads from running it at once while it moves between
 * runners.
 *
 * <p>Its runner writes the claim on every call; 128 bytes on either side keep two slots run by
 * different threads off one cache line, or one prefetched pair of lines, wherever the garbage
 * collector copies them (see {@link LeadingPad}).
 *
 * <p>Thread-safe.
 */
final class Slot extends SlotPad {
    private static final VarHandle CLAIMED;

    static {
        try {
            CLAIMED = MethodHandles.lookup().findVarHandle(SlotFields.class, "claimed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Slot(DutyCycle cycle) {
        super(cycle);
    }

    /** True if the caller may run the cycle now; it must {@link #release()} after. */
    boolean claim() {
        return CLAIMED.compareAndSet(this, 0, 1);
    }

    void release() {
        claimed = 0;
    }

    @Override
    public String toString() {
        return cycle.name();
    }
}

/** A slot's state, between two pads (see {@link LeadingPad} for why). */
abstract class SlotFields extends LeadingPad {
    final DutyCycle cycle;
    /** 1 while a runner runs the cycle; see {@link Slot#claim()}. */
    volatile int claimed;
    volatile Runner owner;
    volatile boolean started;
    volatile boolean closed;
    /**
     * Nanoseconds spent in calls that did work, estimated from sampled passes; written by the
     * runner that holds the claim, read by the watchdog.
     */
    volatile long busyNanos;
    /** While a quiet cycle is gathered on another thread: the runner it goes back to once it has work. */
    volatile Runner home;

    SlotFields(DutyCycle cycle) {
        this.cycle = cycle;
    }
}

/** 128 bytes between {@link SlotFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class SlotPad extends SlotFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    SlotPad(DutyCycle cycle) {
        super(cycle);
    }
}
