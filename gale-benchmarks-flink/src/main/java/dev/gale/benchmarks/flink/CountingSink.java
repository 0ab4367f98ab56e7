package dev.gale.benchmarks.flink;

import dev.gale.benchmarks.compare.Meter;
import dev.gale.benchmarks.compare.MeterShard;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A discarding sink that counts each record into its own {@link Meter#sinkShard() shard} of the meter, as Gale's and Storm's
 * NullBolt does. Each subtask gets its own writer, used on its task's thread.
 */
final class CountingSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        MeterShard shard = Meter.sinkShard();
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context ctx) {
                Meter.sink(shard);
            }

            @Override
            public void flush(boolean endOfInput) {
            }

            @Override
            public void close() {
            }
        };
    }
}
