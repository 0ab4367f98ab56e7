package dev.gale.impl.executor;

import dev.gale.impl.topology.StreamDef;
import java.util.List;
import java.util.Map;

/**
 * The checks every emit must pass, with the errors users see: the stream is declared, the values
 * match its fields, and plain and direct emits go to streams declared that way. Shared by the
 * engine and the testing harness so both say the same. Stateless.
 */
public final class EmitChecks {
    private EmitChecks() {
    }

    /**
     * Checks an emit and returns the stream's declaration.
     *
     * @param who e.g. "bolt 'split' (task 4)"
     * @param direct whether this is an emitDirect
     */
    public static StreamDef check(String who, Map<String, StreamDef> declared, String streamId, List<Object> values,
                                  boolean direct) {
        StreamDef s = declared.get(streamId);
        if (s == null) {
            throw new IllegalArgumentException(who + " emitted on stream '" + streamId
                    + "', which it does not declare; it declares " + declared.keySet()
                    + ". Declare the stream in declareOutputFields");
        }
        int expected = s.fields().size();
        if (values == null || values.size() != expected) {
            throw new IllegalArgumentException(who + " emitted " + (values == null ? "null" : values.size()
                    + " value" + (values.size() == 1 ? "" : "s") + " " + values) + " on stream '" + streamId
                    + "', which declares " + expected + " field" + (expected == 1 ? "" : "s") + " " + s.fields());
        }
        if (!direct && s.direct()) {
            throw new IllegalArgumentException(who + " emitted on stream '" + streamId
                    + "', which is declared direct: use emitDirect with a target task");
        }
        if (direct && !s.direct()) {
            throw new IllegalArgumentException(who + " called emitDirect on stream '" + streamId
                    + "', which is not declared direct: declare it with declareStream(\"" + streamId
                    + "\", true, fields)");
        }
        return s;
    }
}
