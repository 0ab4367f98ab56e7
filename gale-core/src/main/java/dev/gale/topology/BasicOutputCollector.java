package dev.gale.topology;

import dev.gale.task.IOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Utils;
import java.util.List;

/**
 * The collector of an {@link IBasicBolt}: emits are anchored to the input being executed.
 *
 * <p>Not thread-safe: use it on the bolt's thread, during {@code execute}.
 */
public class BasicOutputCollector implements IBasicOutputCollector {
    private final OutputCollector out;
    private Tuple inputTuple;

    public BasicOutputCollector(OutputCollector out) {
        this.out = out;
    }

    @Override
    public List<Integer> emit(String streamId, List<Object> tuple) {
        return out.emit(streamId, inputTuple, tuple);
    }

    public List<Integer> emit(List<Object> tuple) {
        return emit(Utils.DEFAULT_STREAM_ID, tuple);
    }

    @Override
    public void emitDirect(int taskId, String streamId, List<Object> tuple) {
        out.emitDirect(taskId, streamId, inputTuple, tuple);
    }

    public void emitDirect(int taskId, List<Object> tuple) {
        emitDirect(taskId, Utils.DEFAULT_STREAM_ID, tuple);
    }

    /** Sets the input that emits are anchored to; the engine calls this before execute. */
    public void setContext(Tuple inputTuple) {
        this.inputTuple = inputTuple;
    }

    /** The underlying collector. */
    public IOutputCollector getOutputter() {
        return out;
    }

    /** Renews the timeout of the trees the tuple belongs to, through the bolt's {@link OutputCollector}. */
    @Override
    public void resetTimeout(Tuple tuple) {
        out.resetTimeout(tuple);
    }

    @Override
    public void reportError(Throwable t) {
        out.reportError(t);
    }
}
