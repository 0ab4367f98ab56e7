package dev.gale.storm.bridge.internal;

import dev.gale.spout.SpoutOutputCollector;
import java.util.List;
import org.apache.storm.spout.ISpoutOutputCollector;

/**
 * Storm's spout collector over Gale's: a message id given to an emit makes a tracked tree, acked or
 * failed back to the Storm spout by Gale's acker. Not thread-safe: used on the spout's thread.
 */
final class StormSpoutCollector implements ISpoutOutputCollector {
    private final SpoutOutputCollector gale;

    StormSpoutCollector(SpoutOutputCollector gale) {
        this.gale = gale;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
        return gale.emit(streamId, tuple, messageId);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
        gale.emitDirect(taskId, streamId, tuple, messageId);
    }

    @Override
    public long getPendingCount() {
        return gale.getPendingCount();
    }

    @Override
    public void flush() {
        gale.flush();
    }

    @Override
    public void reportError(Throwable error) {
        gale.reportError(error);
    }
}
