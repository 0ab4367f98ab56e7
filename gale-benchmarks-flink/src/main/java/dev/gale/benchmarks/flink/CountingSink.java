package dev.gale.benchmarks.flink;

import dev.gale.benchmarks.compare.Meter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A discarding sink that counts each record into {@link Meter#SINK_TUPLES}, as Gale's and Storm's
 * NullBolt does. Each subtask gets its own writer, used on its task's thread.
 */
final class CountingSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context ctx) {
                Meter.sink();
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
