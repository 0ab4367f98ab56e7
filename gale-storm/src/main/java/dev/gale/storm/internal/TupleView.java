package dev.gale.storm.internal;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A Storm tuple seen as a Gale {@link Tuple}: values, fields and source are Storm's, the message
 * id is translated to Gale's (root to edge-id XOR, the same pairs). A value that is itself a
 * Storm tuple (Storm's windowed bolts send late tuples so) is seen as a Gale tuple too. Two views
 * of one Storm tuple are equal. As thread-safe as the Storm tuple: use it on the task's thread.
 */
public final class TupleView implements Tuple {
    private final org.apache.storm.tuple.Tuple storm;
    private final StormTopologyView view;
    private final GeneralTopologyContext context;

    /**
     * @param view    the task's view (null where there is none yet, e.g. in a timestamp extractor
     *                Storm calls before the bolt is prepared: fields then come from the tuple)
     * @param context the Gale context tuples report as theirs, or null with {@code view} null
     */
    public TupleView(org.apache.storm.tuple.Tuple storm, StormTopologyView view, GeneralTopologyContext context) {
        this.storm = storm;
        this.view = view;
        this.context = context;
    }

    /** The Storm tuple behind a Gale tuple this adapter handed to user code. */
    public static org.apache.storm.tuple.Tuple unwrap(Tuple tuple) {
        if (tuple instanceof TupleView v) {
            return v.storm;
        }
        throw new IllegalArgumentException("the tuple " + tuple + " (" + (tuple == null ? "null" : tuple.getClass().getName())
                + ") was not received by this task from Storm: anchor to, ack and fail only the tuples your bolt was given");
    }

    /** The Storm tuples behind Gale anchors (none: an empty list). */
    public static List<org.apache.storm.tuple.Tuple> unwrap(Collection<Tuple> tuples) {
        if (tuples == null || tuples.isEmpty()) {
            return List.of();
        }
        if (tuples.size() == 1) {
            // A basic bolt's every emit comes here with its one anchor: no iterator for it.
            return Collections.singletonList(unwrap(tuples instanceof List<Tuple> l ? l.get(0) : tuples.iterator().next()));
        }
        List<org.apache.storm.tuple.Tuple> out = new ArrayList<>(tuples.size());
        for (Tuple t : tuples) {
            out.add(unwrap(t));
        }
        return out;
    }

    public org.apache.storm.tuple.Tuple storm() {
        return storm;
    }

    private Object wrap(Object value) {
        return value instanceof org.apache.storm.tuple.Tuple t ? new TupleView(t, view, context) : value;
    }

    @Override
    public GlobalStreamId getSourceGlobalStreamId() {
        return new GlobalStreamId(storm.getSourceComponent(), storm.getSourceStreamId());
    }

    @Override
    public String getSourceComponent() {
        return storm.getSourceComponent();
    }

    @Override
    public int getSourceTask() {
        return storm.getSourceTask();
    }

    @Override
    public String getSourceStreamId() {
        return storm.getSourceStreamId();
    }

    @Override
    public MessageId getMessageId() {
        Map<Long, Long> anchors = storm.getMessageId().getAnchorsToIds();
        if (anchors.isEmpty()) {
            return MessageId.makeUnanchored();
        }
        long[] pairs = new long[anchors.size() * 2];
        int i = 0;
        for (Map.Entry<Long, Long> e : anchors.entrySet()) {
            pairs[i++] = e.getKey();
            pairs[i++] = e.getValue();
        }
        return MessageId.ofPairs(pairs);
    }

    @Override
    public GeneralTopologyContext getContext() {
        if (context == null) {
            throw new UnsupportedOperationException("this tuple has no Gale context yet: the bolt is not prepared");
        }
        return context;
    }

    @Override
    public int size() {
        return storm.size();
    }

    @Override
    public boolean contains(String field) {
        return storm.contains(field);
    }

    @Override
    public Fields getFields() {
        return view != null ? view.outputFields(storm.getSourceComponent(), storm.getSourceStreamId())
                : new Fields(storm.getFields().toList());
    }

    @Override
    public int fieldIndex(String field) {
        return storm.fieldIndex(field);
    }

    @Override
    public List<Object> select(Fields selector) {
        List<Object> out = storm.select(new org.apache.storm.tuple.Fields(selector.toList()));
        out.replaceAll(this::wrap);
        return out;
    }

    @Override
    public Object getValue(int i) {
        return wrap(storm.getValue(i));
    }

    @Override
    public String getString(int i) {
        return storm.getString(i);
    }

    @Override
    public Integer getInteger(int i) {
        return storm.getInteger(i);
    }

    @Override
    public Long getLong(int i) {
        return storm.getLong(i);
    }

    @Override
    public Boolean getBoolean(int i) {
        return storm.getBoolean(i);
    }

    @Override
    public Short getShort(int i) {
        return storm.getShort(i);
    }

    @Override
    public Byte getByte(int i) {
        return storm.getByte(i);
    }

    @Override
    public Double getDouble(int i) {
        return storm.getDouble(i);
    }

    @Override
    public Float getFloat(int i) {
        return storm.getFloat(i);
    }

    @Override
    public byte[] getBinary(int i) {
        return storm.getBinary(i);
    }

    @Override
    public Object getValueByField(String field) {
        return wrap(storm.getValueByField(field));
    }

    @Override
    public String getStringByField(String field) {
        return storm.getStringByField(field);
    }

    @Override
    public Integer getIntegerByField(String field) {
        return storm.getIntegerByField(field);
    }

    @Override
    public Long getLongByField(String field) {
        return storm.getLongByField(field);
    }

    @Override
    public Boolean getBooleanByField(String field) {
        return storm.getBooleanByField(field);
    }

    @Override
    public Short getShortByField(String field) {
        return storm.getShortByField(field);
    }

    @Override
    public Byte getByteByField(String field) {
        return storm.getByteByField(field);
    }

    @Override
    public Double getDoubleByField(String field) {
        return storm.getDoubleByField(field);
    }

    @Override
    public Float getFloatByField(String field) {
        return storm.getFloatByField(field);
    }

    @Override
    public byte[] getBinaryByField(String field) {
        return storm.getBinaryByField(field);
    }

    @Override
    public List<Object> getValues() {
        List<Object> values = storm.getValues();
        for (Object v : values) {
            if (v instanceof org.apache.storm.tuple.Tuple) {
                List<Object> copy = new ArrayList<>(values);
                copy.replaceAll(this::wrap);
                return Collections.unmodifiableList(copy);
            }
        }
        return Collections.unmodifiableList(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TupleView v && v.storm == storm;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(storm);
    }

    @Override
    public String toString() {
        return storm.toString();
    }
}
