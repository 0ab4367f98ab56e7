package dev.gale.storm.internal;

import java.util.List;
import java.util.Map;

/**
 * What Gale checks on every emit, before Storm sees it: the stream is declared, the values match
 * its fields, a direct emit goes to a direct stream and the reverse, and (when on) Storm can
 * serialize the values ({@link KryoValueCheck}). Storm would accept some of these and fail later,
 * elsewhere, or never say. Not thread-safe: one per task.
 */
public final class EmitChecks {
    private final String describe;
    private final Map<String, TopologyFacts.Stream> streams;
    private final KryoValueCheck kryo;
    /** The stream of the last emit, found again by identity: most emits name the same constant id. */
    private String lastId;
    private TopologyFacts.Stream last;

    /**
     * @param describe "spout 'x'" or "bolt 'x'"
     * @param kryo     the serialization check, or null for none
     */
    public EmitChecks(String describe, Map<String, TopologyFacts.Stream> streams, KryoValueCheck kryo) {
        this.describe = describe;
        this.streams = streams;
        this.kryo = kryo;
    }

    /**
     * @throws IllegalArgumentException naming the component, the stream and what is wrong
     */
    public void check(String streamId, List<Object> values, boolean direct) {
        TopologyFacts.Stream s;
        if (streamId == lastId) {
            s = last;
        } else {
            s = streams.get(streamId);
            if (s != null) {
                lastId = streamId;
                last = s;
            }
        }
        if (s == null) {
            throw new IllegalArgumentException(describe + " emitted on stream '" + streamId + "', which it does not declare"
                    + " (declared: " + streams.keySet() + "); declare it in declareOutputFields");
        }
        if (values == null) {
            throw new IllegalArgumentException(describe + " emitted null instead of a list of values on stream '" + streamId + "'");
        }
        if (values.size() != s.fields().size()) {
            throw new IllegalArgumentException(describe + " emitted " + values.size() + " values " + values + " on stream '"
                    + streamId + "', declared with " + s.fields().size() + " fields " + s.fields());
        }
        if (direct && !s.direct()) {
            throw new IllegalArgumentException(describe + " emitted directly on stream '" + streamId + "', which is not"
                    + " declared direct: declare it with declareStream(id, true, fields), or use emit");
        }
        if (!direct && s.direct()) {
            throw new IllegalArgumentException(describe + " emitted on the direct stream '" + streamId + "' without a task:"
                    + " use emitDirect");
        }
        if (kryo != null) {
            kryo.check(describe, streamId, s.fields(), values);
        }
    }
}
