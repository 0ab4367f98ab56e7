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
    /** Set in {@link #rootsAndDone} once the tuple is acked. */
    private static final int ACKED = 1 << 31;
    /** Set in {@link #rootsAndDone} once the tuple is failed (also after an ack, as in Storm). */
    private static final int FAILED = 1 << 30;
    private static final int MARKS = ACKED | FAILED;
    private final TupleOrigin origin;
    private final List<Object> values;
    /**
     * The message id as given, or made on the first request: most tuples belong to one tree and
     * are never asked, and an object less per tuple is a cache line less for the thread it is sent to.
     */
    private MessageId messageId;
    /** How many trees the tuple belongs to, and the {@link #ACKED} and {@link #FAILED} marks: one field, so the tuple stays at 56 bytes. */
    private int rootsAndDone;
    private final int targetTask;
    /** With one tree, its root and the edge id leading here; else see {@link #messageId}. */
    private final long root0;
    private final long id0;
    private long ackVal;

    public TupleImpl(GeneralTopologyContext context, List<Object> values, int sourceTask, String sourceComponent,
                     String streamId, Fields fields, MessageId messageId, int targetTask) {
        this(new TupleOrigin(context, sourceTask, sourceComponent, streamId, fields), values, messageId, targetTask);
    }

    /** A tuple in the single tree {@code root}, reached by edge {@code id}. */
    public TupleImpl(GeneralTopologyContext context, List<Object> values, int sourceTask, String sourceComponent,
                     String streamId, Fields fields, long root, long id, int targetTask) {
        this(new TupleOrigin(context, sourceTask, sourceComponent, streamId, fields), values, root, id, targetTask);
    }

    public TupleImpl(TupleOrigin origin, List<Object> values, MessageId messageId, int targetTask) {
        this(origin, values, messageId.rootCount(), messageId.rootCount() == 1 ? messageId.root(0) : 0,
                messageId.rootCount() == 1 ? messageId.id(0) : 0, messageId, targetTask);
    }

    /** A tuple in the single tree {@code root}, reached by edge {@code id}. */
    public TupleImpl(TupleOrigin origin, List<Object> values, long root, long id, int targetTask) {
        this(origin, values, 1, root, id, null, targetTask);
    }

    private TupleImpl(TupleOrigin origin, List<Object> values, int rootCount, long root0, long id0,
                      MessageId messageId, int targetTask) {
        this.origin = origin;
        this.values = values;
        this.rootsAndDone = rootCount;
        this.root0 = root0;
        this.id0 = id0;
        this.messageId = messageId;
        this.targetTask = targetTask;
    }

    /** How many trees the tuple belongs to (0 when untracked). */
    public int rootCount() {
        return rootsAndDone & ~MARKS;
    }

    /** The root id of the {@code i}-th tree the tuple belongs to. */
    public long root(int i) {
        return rootCount() == 1 ? root0 : messageId.root(i);
    }

    /** The XOR of the edge ids that lead to this tuple in the {@code i}-th tree. */
    public long edgeId(int i) {
        return rootCount() == 1 ? id0 : messageId.id(i);
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

    /** Marks the tuple acked; returns false if it was acked or failed already (a second ack is ignored). */
    public boolean markAcked() {
        int r = rootsAndDone;
        if ((r & MARKS) != 0) {
            return false;
        }
        rootsAndDone = r | ACKED;
        return true;
    }

    /**
     * Marks the tuple failed; returns false if it was failed already. A fail after an ack counts,
     * as in Storm, where it reaches the acker and fails the tree if the tree is still open.
     */
    public boolean markFailed() {
        int r = rootsAndDone;
        if ((r & FAILED) != 0) {
            return false;
        }
        rootsAndDone = r | FAILED;
        return true;
    }

    /** Whether the tuple was acked (whether or not it was failed after). */
    public boolean isAcked() {
        return (rootsAndDone & ACKED) != 0;
    }

    /** Whether the tuple was failed (whether or not it was acked before). */
    public boolean isFailed() {
        return (rootsAndDone & FAILED) != 0;
    }

    @Override
    public int size() {
        return values.size();
    }

    @Override
    public boolean contains(String field) {
        return origin.fields.contains(field);
    }

    @Override
    public Fields getFields() {
        return origin.fields;
    }

    @Override
    public int fieldIndex(String field) {
        return origin.fields.fieldIndex(field);
    }

    @Override
    public List<Object> select(Fields selector) {
        return origin.fields.select(selector, values);
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
        return values.get(origin.fields.fieldIndex(field));
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
        return origin.globalStreamId;
    }

    @Override
    public String getSourceComponent() {
        return origin.sourceComponent;
    }

    @Override
    public int getSourceTask() {
        return origin.sourceTask;
    }

    @Override
    public String getSourceStreamId() {
        return origin.streamId;
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
        return origin.context;
    }

    @Override
    public String toString() {
        return "source: " + origin.sourceComponent + ":" + origin.sourceTask + ", stream: " + origin.streamId
                + ", id: " + getMessageId()
                + ", " + values;
    }
}
