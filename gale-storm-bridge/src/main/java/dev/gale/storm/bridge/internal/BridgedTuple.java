package dev.gale.storm.bridge.internal;

import java.util.List;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.Tuple;

/**
 * A Gale tuple as Storm's {@link Tuple}: a two-field view whose every read goes to the Gale tuple
 * (values are not copied, fields are found by Gale's index), and which remembers it so that acks,
 * fails and anchors reach it. Its fields object is Storm's, from the task's Storm context. Equal
 * only to itself, as Storm's tuples are. Immutable, like the tuple it shows.
 */
final class BridgedTuple implements Tuple {
    /** Gale tracks trees itself; Storm's per-tuple message ids are not used by the bridge. */
    private static final MessageId NO_ID = MessageId.makeUnanchored();

    final dev.gale.tuple.Tuple gale;
    /** The task's Storm context; null for a tuple shown outside any task (see {@link #detached}). */
    private final GeneralTopologyContext context;

    /**
     * A view for code that runs outside any task (a timestamp extractor, which Gale calls before the
     * bolt's task sees the tuple): its fields come from the Gale tuple itself, and it has no context.
     */
    static BridgedTuple detached(dev.gale.tuple.Tuple gale) {
        return new BridgedTuple(null, gale);
    }

    BridgedTuple(GeneralTopologyContext context, dev.gale.tuple.Tuple gale) {
        this.context = context;
        this.gale = gale;
    }

    /** The Gale tuple behind {@code tuple}, which must be one the bridge handed to a Storm component. */
    static dev.gale.tuple.Tuple gale(Tuple tuple) {
        if (tuple instanceof BridgedTuple bridged) {
            return bridged.gale;
        }
        throw new IllegalArgumentException("not a tuple this task received from Gale: " + tuple
            + "; a Storm bolt run by gale-storm-bridge can only ack, fail or anchor to its own inputs");
    }

    @Override
    public Fields getFields() {
        return context == null ? StormTypes.storm(gale.getFields())
            : context.getComponentOutputFields(gale.getSourceComponent(), gale.getSourceStreamId());
    }

    @Override
    public int size() {
        return gale.size();
    }

    @Override
    public boolean contains(String field) {
        return gale.contains(field);
    }

    @Override
    public int fieldIndex(String field) {
        return gale.fieldIndex(field);
    }

    @Override
    public List<Object> select(Fields selector) {
        return gale.select(StormTypes.gale(selector));
    }

    @Override
    public Object getValue(int i) {
        return gale.getValue(i);
    }

    @Override
    public String getString(int i) {
        return (String) gale.getValue(i);
    }

    @Override
    public Integer getInteger(int i) {
        return (Integer) gale.getValue(i);
    }

    @Override
    public Long getLong(int i) {
        return (Long) gale.getValue(i);
    }

    @Override
    public Boolean getBoolean(int i) {
        return (Boolean) gale.getValue(i);
    }

    @Override
    public Short getShort(int i) {
        return (Short) gale.getValue(i);
    }

    @Override
    public Byte getByte(int i) {
        return (Byte) gale.getValue(i);
    }

    @Override
    public Double getDouble(int i) {
        return (Double) gale.getValue(i);
    }

    @Override
    public Float getFloat(int i) {
        return (Float) gale.getValue(i);
    }

    @Override
    public byte[] getBinary(int i) {
        return (byte[]) gale.getValue(i);
    }

    @Override
    public Object getValueByField(String field) {
        return gale.getValueByField(field);
    }

    @Override
    public String getStringByField(String field) {
        return (String) gale.getValueByField(field);
    }

    @Override
    public Integer getIntegerByField(String field) {
        return (Integer) gale.getValueByField(field);
    }

    @Override
    public Long getLongByField(String field) {
        return (Long) gale.getValueByField(field);
    }

    @Override
    public Boolean getBooleanByField(String field) {
        return (Boolean) gale.getValueByField(field);
    }

    @Override
    public Short getShortByField(String field) {
        return (Short) gale.getValueByField(field);
    }

    @Override
    public Byte getByteByField(String field) {
        return (Byte) gale.getValueByField(field);
    }

    @Override
    public Double getDoubleByField(String field) {
        return (Double) gale.getValueByField(field);
    }

    @Override
    public Float getFloatByField(String field) {
        return (Float) gale.getValueByField(field);
    }

    @Override
    public byte[] getBinaryByField(String field) {
        return (byte[]) gale.getValueByField(field);
    }

    @Override
    public List<Object> getValues() {
        return gale.getValues();
    }

    @Override
    public GlobalStreamId getSourceGlobalStreamId() {
        return new GlobalStreamId(gale.getSourceComponent(), gale.getSourceStreamId());
    }

    @Override
    public String getSourceComponent() {
        return gale.getSourceComponent();
    }

    @Override
    public int getSourceTask() {
        return gale.getSourceTask();
    }

    @Override
    public String getSourceStreamId() {
        return gale.getSourceStreamId();
    }

    @Override
    public MessageId getMessageId() {
        return NO_ID;
    }

    @Override
    public GeneralTopologyContext getContext() {
        return context;
    }

    @Override
    public String toString() {
        return "source: " + gale.getSourceComponent() + ":" + gale.getSourceTask() + ", stream: " + gale.getSourceStreamId()
            + ", " + gale.getValues();
    }
}
