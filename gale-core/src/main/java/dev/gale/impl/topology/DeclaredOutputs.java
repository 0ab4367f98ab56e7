package dev.gale.impl.topology;

import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.LinkedHashMap;
import java.util.Map;

/** Collects the streams a component declares. Not thread-safe; used once per component. */
public final class DeclaredOutputs implements OutputFieldsDeclarer {
    private final String componentId;
    private final Map<String, StreamDef> streams = new LinkedHashMap<>();

    public DeclaredOutputs(String componentId) {
        this.componentId = componentId;
    }

    @Override
    public void declare(Fields fields) {
        declare(false, fields);
    }

    @Override
    public void declare(boolean direct, Fields fields) {
        declareStream(Utils.DEFAULT_STREAM_ID, direct, fields);
    }

    @Override
    public void declareStream(String streamId, Fields fields) {
        declareStream(streamId, false, fields);
    }

    @Override
    public void declareStream(String streamId, boolean direct, Fields fields) {
        if (streamId == null || fields == null) {
            throw new IllegalArgumentException("component '" + componentId
                    + "' declared a stream with a null " + (streamId == null ? "stream id" : "Fields"));
        }
        if (streamId.startsWith("__")) {
            throw new IllegalArgumentException("component '" + componentId + "' declared stream '" + streamId
                    + "': stream ids starting with '__' are reserved for the system");
        }
        if (streams.containsKey(streamId)) {
            throw new IllegalArgumentException("component '" + componentId + "' declared stream '" + streamId
                    + "' twice");
        }
        streams.put(streamId, new StreamDef(streamId, fields, direct));
    }

    public Map<String, StreamDef> streams() {
        return streams;
    }
}
