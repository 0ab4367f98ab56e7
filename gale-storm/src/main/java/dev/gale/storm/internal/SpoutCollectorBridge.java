package dev.gale.storm.internal;

import dev.gale.spout.ISpoutOutputCollector;
import java.util.List;
import java.util.function.Consumer;
import org.apache.storm.spout.SpoutOutputCollector;

/**
 * A Gale spout's collector over Storm's. The message id goes to Storm as it is (Storm keeps it in
 * the spout's pending map and hands it back to {@code ack} or {@code fail}). An emit refused by
 * {@link EmitChecks} is reported and its message id failed once the spout's call returns, as on
 * Gale's engine; the exception goes on to the spout. Not thread-safe: the spout's thread.
 */
public final class SpoutCollectorBridge implements ISpoutOutputCollector {
    private final SpoutOutputCollector storm;
    private final EmitChecks checks;
    private final Consumer<Object> refusedId;
    /** The last refusal reported here: the spout's call that it escapes from must not report it again. */
    private RuntimeException reported;

    /** @param refusedId told the message id of a refused emit (non-null ids only) */
    public SpoutCollectorBridge(SpoutOutputCollector storm, EmitChecks checks,
                                Consumer<Object> refusedId) {
        this.storm = storm;
        this.checks = checks;
        this.refusedId = refusedId;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
        check(streamId, tuple, messageId, false);
        return storm.emit(streamId, tuple, messageId);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        check(streamId, tuple, messageId, true);
        storm.emitDirect(taskId, streamId, tuple, messageId);
    }

    private void check(String streamId, List<Object> tuple, Object messageId, boolean direct) {
        try {
            checks.check(streamId, tuple, direct);
        } catch (IllegalArgumentException e) {
            storm.reportError(e);
            reported = e;
            if (messageId != null) {
                refusedId.accept(messageId);
            }
            throw e;
        }
    }

    /** Whether {@code e} was reported here already (as a refused emit); forgets it. */
    boolean reportedAlready(Throwable e) {
        boolean same = e == reported;
        reported = null;
        return same;
    }

    @Override
    public long getPendingCount() {
        return storm.getPendingCount();
    }

    @Override
    public void reportError(Throwable error) {
        storm.reportError(error);
    }

    @Override
    public void flush() {
        storm.flush();
    }
}
