package dev.gale.topology;

import dev.gale.generated.StreamInfo;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@link OutputFieldsDeclarer} that records what a component declares, for code that asks a
 * component for its streams outside a topology (tests, tools): pass it to
 * {@code declareOutputFields}, then read {@link #getFieldsDeclaration()}. As Storm's, it accepts
 * any stream id but null, system ({@code __}) ones included, and refuses a stream declared twice.
 * Not thread-safe: one component's declarations, on one thread.
 */
public class OutputFieldsGetter implements OutputFieldsDeclarer {
    private final Map<String, StreamInfo> declared = new LinkedHashMap<>();

    @Override
    public void declare(Fields fields) {
        declareStream(Utils.DEFAULT_STREAM_ID, false, fields);
    }

    @Override
    public void declare(boolean direct, Fields fields) {
        declareStream(Utils.DEFAULT_STREAM_ID, direct, fields);
    }

    @Override
    public void declareStream(String streamId, Fields fields) {
        declareStream(streamId, false, fields);
    }

    /**
     * @throws IllegalArgumentException if {@code streamId} or {@code fields} is null, or the stream
     *     was declared already
     */
    @Override
    public void declareStream(String streamId, boolean direct, Fields fields) {
        if (streamId == null) {
            throw new IllegalArgumentException("streamId can't be null");
        }
        if (fields == null) {
            throw new IllegalArgumentException("stream '" + streamId + "' was declared with null Fields");
        }
        if (declared.putIfAbsent(streamId, new StreamInfo(fields.toList(), direct)) != null) {
            throw new IllegalArgumentException("Fields for " + streamId + " already set");
        }
    }

    /** The streams declared so far, by stream id, in declaration order; the live map, as Storm's. */
    public Map<String, StreamInfo> getFieldsDeclaration() {
        return declared;
    }
}
