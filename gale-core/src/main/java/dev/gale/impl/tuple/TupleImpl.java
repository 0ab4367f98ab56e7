package dev.gale.impl.tuple;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.util.Collections;
import java.util.List;

/**
 * The tuple as it travels from an emitting task to one target task, and as the target bolt sees
 * it. Besides the values it carries the target task id and the XOR of edge ids of tuples
 * anchored to it ({@link #ackVal()}), which only the target task's thread touches.
 *
 * <p>Values are shared between the copies sent to several tasks and must not be mutated.
 */
public final class TupleImpl implements Tuple {
    private final GeneralTopologyContext context;
    private final List<Object> values;
    private final int sourceTask;
    private final String sourceComponent;
    private final String streamId;
    private final Fields fields;
    /** How many trees the tuple belongs to; with one, its root and edge id sit in the two fields below. */
    private final int rootCount;
    private final long root0;
    private final long id0;
    /**
     * The message id as given, or made on the first request: most tuples belong to one tree and
     * are never asked, and an object less per tuple is a cache line less for the thread it is sent to.
     */
    private MessageId messageId;
    private final int targetTask;
    private GlobalStreamId globalStreamId;
    private long ackVal;
    private boolean done;

    public TupleImpl(GeneralTopologyContext context, List<Object> values, int sourceTask, String sourceComponent,
                     String streamId, Fields fields, MessageId messageId, int targetTask) {
        this(context, values, sourceTask, sourceComponent, streamId, fields, messageId.rootCount(),
                messageId.rootCount() == 1 ? messageId.root(0) : 0, messageId.rootCount() == 1 ? messageId.id(0) : 0,
                messageId, targetTask);
    }

    /** A tuple in the single tree {@code root}, reached by edge {@code id}. */
    public TupleImpl(GeneralTopologyContext context, List<Object> values, int sourceTask, String sourceComponent,
                     String streamId, Fields fields, long root, long id, int targetTask) {
        this(context, values, sourceTask, sourceComponent, streamId, fields, 1, root, id, null, targetTask);
    }

    private TupleImpl(GeneralTopologyContext context, List<Object> values, int sourceTask, String sourceComponent,
                      String streamId, Fields fields, int rootCount, long root0, long id0, MessageId messageId,
                      int targetTask) {
        this.context = context;
        this.values = values;
        this.sourceTask = sourceTask;
        this.sourceComponent = sourceComponent;
        this.streamId = streamId;
        this.fields = fields;
        this.rootCount = rootCount;
        this.root0 = root0;
        this.id0 = id0;
        this.messageId = messageId;
        this.targetTask = targetTask;
    }

    /** How many trees the tuple belongs to (0 when untracked). */
    public int rootCount() {
        return rootCount;
    }

    /** The root id of the {@code i}-th tree the tuple belongs to. */
    public long root(int i) {
        return rootCount == 1 ? root0 : messageId.root(i);
    }

    /** The XOR of the edge ids that lead to this tuple in the {@code i}-th tree. */
    public long edgeId(int i) {
        return rootCount == 1 ? id0 : messageId.id(i);
    }

    /** The task this copy was sent to. */
    public int targetTask() {
        return targetTask;
    }

    /** XOR of the edge ids of tuples emitted anchored to this one (target task's thread only). */
    public long ackVal() {
        return ackVal;
    }

    public void xorAckVal(long edgeId) {
        ackVal ^= edgeId;
    }

    /** Marks the tuple acked or failed; returns false if it already was. */
    public boolean markDone() {
        if (done) {
            return false;
        }
        done = true;
        return true;
    }

    public boolean isDone() {
        return done;
    }

    @Override
    public int size() {
        return values.size();
    }

    @Override
    public boolean contains(String field) {
        return fields.contains(field);
    }

    @Override
    public Fields getFields() {
        return fields;
    }

    @Override
    public int fieldIndex(String field) {
        return fields.fieldIndex(field);
    }

    @Override
    public List<Object> select(Fields selector) {
        return fields.select(selector, values);
    }

    @Override
    public Object getValue(int i) {
        return values.get(i);
    }

    @Override
    public String getString(int i) {
        return (String) values.get(i);
    }

    @Override
    public Integer getInteger(int i) {
        return (Integer) values.get(i);
    }

    @Override
    public Long getLong(int i) {
        return (Long) values.get(i);
    }

    @Override
    public Boolean getBoolean(int i) {
        return (Boolean) values.get(i);
    }

    @Override
    public Short getShort(int i) {
        return (Short) values.get(i);
    }

    @Override
    public Byte getByte(int i) {
        return (Byte) values.get(i);
    }

    @Override
    public Double getDouble(int i) {
        return (Double) values.get(i);
    }

    @Override
    public Float getFloat(int i) {
        return (Float) values.get(i);
    }

    @Override
    public byte[] getBinary(int i) {
        return (byte[]) values.get(i);
    }

    @Override
    public Object getValueByField(String field) {
        return values.get(fields.fieldIndex(field));
    }

    @Override
    public String getStringByField(String field) {
        return (String) getValueByField(field);
    }

    @Override
    public Integer getIntegerByField(String field) {
        return (Integer) getValueByField(field);
    }

    @Override
    public Long getLongByField(String field) {
        return (Long) getValueByField(field);
    }

    @Override
    public Boolean getBooleanByField(String field) {
        return (Boolean) getValueByField(field);
    }

    @Override
    public Short getShortByField(String field) {
        return (Short) getValueByField(field);
    }

    @Override
    public Byte getByteByField(String field) {
        return (Byte) getValueByField(field);
    }

    @Override
    public Double getDoubleByField(String field) {
        return (Double) getValueByField(field);
    }

    @Override
    public Float getFloatByField(String field) {
        return (Float) getValueByField(field);
    }

    @Override
    public byte[] getBinaryByField(String field) {
        return (byte[]) getValueByField(field);
    }

    @Override
    public List<Object> getValues() {
        return Collections.unmodifiableList(values);
    }

    @Override
    public GlobalStreamId getSourceGlobalStreamId() {
        GlobalStreamId id = globalStreamId;
        if (id == null) {
            id = new GlobalStreamId(sourceComponent, streamId);
            globalStreamId = id;
        }
        return id;
    }

    @Override
    public String getSourceComponent() {
        return sourceComponent;
    }

    @Override
    public int getSourceTask() {
        return sourceTask;
    }

    @Override
    public String getSourceStreamId() {
        return streamId;
    }

    @Override
    public MessageId getMessageId() {
        MessageId m = messageId;
        if (m == null) {
            // Immutable: a racy second copy, made by a thread the user handed the tuple to, is harmless.
            m = MessageId.makeRootId(root0, id0);
            messageId = m;
        }
        return m;
    }

    @Override
    public GeneralTopologyContext getContext() {
        return context;
    }

    @Override
    public String toString() {
        return "source: " + sourceComponent + ":" + sourceTask + ", stream: " + streamId + ", id: " + getMessageId()
                + ", " + values;
    }
}
