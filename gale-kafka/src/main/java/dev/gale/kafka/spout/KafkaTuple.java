package dev.gale.kafka.spout;

import dev.gale.tuple.Values;

/**
 * Tuple values that carry the stream they go to, returned by a {@link RecordTranslator} that
 * emits on several streams. Not thread-safe.
 */
public class KafkaTuple extends Values {
    private static final long serialVersionUID = 1L;
    private String stream;

    public KafkaTuple() {
        super();
    }

    public KafkaTuple(Object... vals) {
        super(vals);
    }

    /** Routes these values to {@code stream}; may be called once. */
    public KafkaTuple routedTo(String stream) {
        if (this.stream != null) {
            throw new IllegalStateException("already routed to stream '" + this.stream + "'");
        }
        this.stream = stream;
        return this;
    }

    /** The stream these values go to, or null for the translator's first stream. */
    public String getStream() {
        return stream;
    }
}
