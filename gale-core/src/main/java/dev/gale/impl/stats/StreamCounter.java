package dev.gale.impl.stats;

import dev.gale.impl.util.LeadingPad;
import dev.gale.stats.StreamStats;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Live counters of one output stream of one task. Written only by the task's executor thread,
 * with opaque stores (no fence, no allocation); read by any thread.
 */
public final class StreamCounter extends StreamCounterPad {
    private static final VarHandle EMITTED;
    private static final VarHandle TRANSFERRED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            EMITTED = l.findVarHandle(StreamCounter.class, "emitted", long.class);
            TRANSFERRED = l.findVarHandle(StreamCounter.class, "transferred", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String streamId;

    public StreamCounter(String streamId) {
        this.streamId = streamId;
    }

    /** Counts one emit on the stream that went to {@code copies} tasks. */
    public void emitted(int copies) {
        EMITTED.setOpaque(this, emitted + 1);
        TRANSFERRED.setOpaque(this, transferred + copies);
    }

    /** Emits counted so far; any thread. */
    public long emittedCount() {
        return (long) EMITTED.getOpaque(this);
    }

    public StreamStats snapshot() {
        return new StreamStats(streamId, (long) EMITTED.getOpaque(this), (long) TRANSFERRED.getOpaque(this));
    }
}

/** The fields of {@link StreamCounter} that change after construction, in front of its trailing pad. */
abstract class StreamCounterFields extends LeadingPad {
    long emitted;
    long transferred;
}

/** 128 bytes between {@link StreamCounterFields} and whatever follows the object in memory (see {@link LeadingPad}). */
abstract class StreamCounterPad extends StreamCounterFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
