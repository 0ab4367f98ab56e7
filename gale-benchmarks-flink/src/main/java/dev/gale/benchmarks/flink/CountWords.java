package dev.gale.benchmarks.flink;

import dev.gale.benchmarks.compare.Meter;
import dev.gale.benchmarks.compare.MeterShard;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.util.Collector;

/**
 * Counts words in keyed state (the hashmap state backend, so the counts are in every checkpoint),
 * keyed by the word as Gale's and Storm's fields grouping is; the job's sink, so it emits nothing and
 * counts each word into its own {@link Meter#sinkShard() shard} of the meter. Flink gives each subtask its own instance.
 */
final class CountWords extends RichFlatMapFunction<String, Long> {
    private static final long serialVersionUID = 1L;
    private transient ValueState<Long> count;
    private transient MeterShard shard;

    @Override
    public void open(OpenContext openContext) {
        shard = Meter.sinkShard();
        count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
    }

    @Override
    public void flatMap(String word, Collector<Long> out) throws Exception {
        Meter.sink(shard);
        Long c = count.value();
        count.update(c == null ? 1L : c + 1);
    }
}
