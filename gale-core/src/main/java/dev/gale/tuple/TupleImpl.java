package dev.gale.tuple;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.GeneralTopologyContext;
import java.util.Collections;
import java.util.List;

/**
 * A tuple built by hand, as Storm's {@code TupleImpl} is built in tests and tools: values, where
 * they come from (component, task, stream) and the topology context that knows the stream's
 * fields. The engine delivers tuples of its own type (also {@link Tuple}s), so a bolt under test
 * sees no difference; a Gale collector acks, fails and anchors only tuples the engine delivered,
 * and refuses one of these with a clear message. Immutable but for Storm's sampling and ack-value
 * fields, which nothing in Gale reads; not thread-safe for those.
 */
public class TupleImpl implements Tuple {
    private final String srcComponent;
    private final List<Object> values;
    private final int taskId;
    private final String streamId;
    private final GeneralTopologyContext context;
    private final MessageId id;
    private Long processSampleStartTime;
    private Long executeSampleStartTime;
    private long outAckVal;
    private Fields fields;

    /** A copy of another tuple: its values, source, message id and context. */
    public TupleImpl(Tuple t) {
        this(t.getContext(), t.getValues(), t.getSourceComponent(), t.getSourceTask(), t.getSourceStreamId(),
                t.getMessageId());
        if (t instanceof TupleImpl) {
            TupleImpl other = (TupleImpl) t;
            this.processSampleStartTime = other.processSampleStartTime;
            this.executeSampleStartTime = other.executeSampleStartTime;
            this.outAckVal = other.outAckVal;
        }
    }

    /**
     * @param context what knows the fields of {@code srcComponent}'s {@code streamId} (read when a
     *     field is looked up by name)
     * @param taskId the task that emitted it
     */
    public TupleImpl(GeneralTopologyContext context, List<Object> values, String srcComponent, int taskId,
                     String streamId, MessageId id) {
        this.context = context;
        this.values = values;
        this.srcComponent = srcComponent;
        this.taskId = taskId;
        this.streamId = streamId;
        this.id = id;
    }

    /** An untracked tuple. */
    public TupleImpl(GeneralTopologyContext context, List<Object> values, String srcComponent, int taskId,
                     String streamId) {
        this(context, values, srcComponent, taskId, streamId, MessageId.makeUnanchored());
    }

    public Long getProcessSampleStartTime() {
        return processSampleStartTime;
    }

    public void setProcessSampleStartTime(long ms) {
        processSampleStartTime = ms;
    }

    public Long getExecuteSampleStartTime() {
        return executeSampleStartTime;
    }

    public void setExecuteSampleStartTime(long ms) {
        executeSampleStartTime = ms;
    }

    public void updateAckVal(long val) {
        outAckVal ^= val;
    }

    public long getAckVal() {
        return outAckVal;
    }

    @Override
    public int size() {
        return values.size();
    }

    @Override
    public int fieldIndex(String field) {
        return getFields().fieldIndex(field);
    }

    @Override
    public boolean contains(String field) {
        return getFields().contains(field);
    }

    /**
     * The fields of the stream, as the context declares them.
     *
     * @throws IllegalStateException if the tuple was built without a context
     */
    @Override
    public Fields getFields() {
        Fields f = fields;
        if (f == null) {
            if (context == null) {
                throw new IllegalStateException("this tuple of '" + srcComponent + "' stream '" + streamId
                        + "' was built without a topology context, which knows its fields: give one to look up"
                        + " fields by name");
            }
            f = context.getComponentOutputFields(srcComponent, streamId);
            fields = f;
        }
        return f;
    }

    @Override
    public List<Object> select(Fields selector) {
        return getFields().select(selector, values);
    }

    @Override
    public Object getValue(int i) {
        return values.get(i);
    }

    @Override
    public List<Object> getValues() {
        return Collections.unmodifiableList(values);
    }

    @Override
    public GlobalStreamId getSourceGlobalStreamId() {
        return new GlobalStreamId(srcComponent, streamId);
    }

    @Override
    public String getSourceComponent() {
        return srcComponent;
    }

    @Override
    public int getSourceTask() {
        return taskId;
    }

    @Override
    public String getSourceStreamId() {
        return streamId;
    }

    @Override
    public MessageId getMessageId() {
        return id;
    }

    @Override
    public GeneralTopologyContext getContext() {
        return context;
    }

    @Override
    public String toString() {
        return "source: " + srcComponent + ":" + taskId + ", stream: " + streamId + ", id: " + id + ", " + values;
    }
}
