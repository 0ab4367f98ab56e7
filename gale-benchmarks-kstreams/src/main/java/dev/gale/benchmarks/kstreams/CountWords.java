package dev.gale.benchmarks.kstreams;

import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Counts a word (the record's key) in the task's store and forwards {@code "<count> <stamp>"} for
 * it, one output per input, as the engines' count bolt does. One instance per task, called by the
 * task's stream thread only.
 */
final class CountWords implements FixedKeyProcessor<String, String, String> {
    private FixedKeyProcessorContext<String, String> context;
    private KeyValueStore<String, Long> counts;

    @Override
    public void init(FixedKeyProcessorContext<String, String> context) {
        this.context = context;
        this.counts = context.getStateStore(KStreamsWordCountRun.STORE);
    }

    @Override
    public void process(FixedKeyRecord<String, String> record) {
        Long before = counts.get(record.key());
        long count = before == null ? 1 : before + 1;
        counts.put(record.key(), count);
        context.forward(record.withValue(count + " " + record.value()));
    }
}
