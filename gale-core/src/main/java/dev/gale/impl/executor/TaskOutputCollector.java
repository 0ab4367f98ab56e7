package dev.gale.impl.executor;

import dev.gale.task.OutputCollector;
import dev.gale.tuple.Tuple;
import java.util.List;

/**
 * The output collector a bolt task is prepared with: Storm's, except that an emit anchored to
 * one tuple reaches the task's collector as is. Storm's wraps the anchor in a one-element list
 * on every such emit, and those lists were a measurable share of what a word count allocates.
 *
 * <p>Not thread-safe, like the collector it extends: emit on the bolt's own thread.
 */
final class TaskOutputCollector extends OutputCollector {
    private final BoltCollector collector;

    TaskOutputCollector(BoltCollector collector) {
        super(collector);
        this.collector = collector;
    }

    @Override
    public List<Integer> emit(String streamId, Tuple anchor, List<Object> tuple) {
        return collector.emitAnchored(streamId, anchor, tuple);
    }
}
