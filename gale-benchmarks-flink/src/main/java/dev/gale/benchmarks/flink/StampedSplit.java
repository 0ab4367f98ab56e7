package dev.gale.benchmarks.flink;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.util.Collector;

/**
 * Splits a sentence into words (as Gale's and Storm's SplitSentence do), chained to the source so
 * that it sees each sentence the moment the source emits it and the checkpoint barrier in the same
 * place: it times each sentence's confirmation by checkpoint ({@link ConfirmationLatency}) and counts
 * sentences into {@link FlinkRun#SOURCE_RECORDS}. One instance per subtask, on its task's thread.
 */
final class StampedSplit extends RichFlatMapFunction<String, String>
        implements CheckpointedFunction, CheckpointListener {
    private static final long serialVersionUID = 1L;
    private transient ConfirmationLatency latency;
    private transient AtomicLong sentences;
    private transient long count;

    @Override
    public void open(OpenContext openContext) {
        latency = new ConfirmationLatency(System::nanoTime, 8);
        sentences = FlinkRun.sourceCounter();
    }

    @Override
    public void flatMap(String sentence, Collector<String> out) {
        latency.emitted();
        sentences.lazySet(++count);
        int start = 0;
        for (int i = 0; i <= sentence.length(); i++) {
            if (i == sentence.length() || sentence.charAt(i) == ' ') {
                if (i > start) {
                    out.collect(sentence.substring(start, i));
                }
                start = i + 1;
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) {
        latency.barrier(context.getCheckpointId());
    }

    @Override
    public void initializeState(FunctionInitializationContext context) {
        // No state of its own: the word counts are the job's state.
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        latency.completed(checkpointId);
    }
}
