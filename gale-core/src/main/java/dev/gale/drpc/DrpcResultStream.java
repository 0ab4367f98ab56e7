package dev.gale.drpc;

import dev.gale.topology.IComponent;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stream on which the last bolt of a linear DRPC pipeline answers: its one declared stream,
 * of two fields, the request id and the result. Immutable.
 */
final class DrpcResultStream {
    private final String streamId;
    private final String requestField;

    private DrpcResultStream(String streamId, String requestField) {
        this.streamId = streamId;
        this.requestField = requestField;
    }

    /** Reads what {@code last} declares; a shape other than one two-field stream is rejected. */
    static DrpcResultStream declaredBy(IComponent last, String function) {
        Map<String, List<String>> streams = new LinkedHashMap<>();
        last.declareOutputFields(new OutputFieldsDeclarer() {
            @Override
            public void declare(Fields fields) {
                declareStream(Utils.DEFAULT_STREAM_ID, fields);
            }

            @Override
            public void declare(boolean direct, Fields fields) {
                declare(fields);
            }

            @Override
            public void declareStream(String streamId, Fields fields) {
                streams.put(streamId, fields.toList());
            }

            @Override
            public void declareStream(String streamId, boolean direct, Fields fields) {
                declareStream(streamId, fields);
            }
        });
        if (streams.size() != 1) {
            throw new IllegalArgumentException("DRPC function '" + function + "': the last bolt must declare exactly one"
                    + " stream, and declares " + streams.keySet());
        }
        Map.Entry<String, List<String>> only = streams.entrySet().iterator().next();
        if (only.getValue().size() != 2) {
            throw new IllegalArgumentException("DRPC function '" + function + "': the output stream '" + only.getKey()
                    + "' of the last bolt must have exactly two fields, the request id and the result; it has "
                    + only.getValue());
        }
        return new DrpcResultStream(only.getKey(), only.getValue().get(0));
    }

    String streamId() {
        return streamId;
    }

    /** The field holding the request id, which the result is joined on. */
    Fields requestField() {
        return new Fields(requestField);
    }
}
