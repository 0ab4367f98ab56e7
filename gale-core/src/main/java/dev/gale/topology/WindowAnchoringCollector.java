package dev.gale.topology;

import dev.gale.task.IOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.tuple.Tuple;
import java.util.Collection;
import java.util.List;

/**
 * The collector a windowed bolt is given: while a window is being executed, what the bolt emits
 * without anchors is anchored to every tuple of that window, so the window's tuples complete only
 * once what was computed from them has. Outside an execution, unanchored emits stay unanchored
 * (the last window's tuples may have been acked since). Used on the task's thread only.
 */
final class WindowAnchoringCollector extends OutputCollector {
    private Collection<Tuple> window = List.of();

    WindowAnchoringCollector(IOutputCollector delegate) {
        super(delegate);
    }

    /** Anchors unanchored emits to {@code tuples} until {@link #endOfWindow()}. */
    void executing(Collection<Tuple> tuples) {
        window = tuples;
    }

    void endOfWindow() {
        window = List.of();
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple) {
        return emit(streamId, window, tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple) {
        emitDirect(taskId, streamId, window, tuple);
    }
}
