package dev.gale.windowing.persistence;

import dev.gale.generated.GlobalStreamId;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A window tuple as a persistent window saves it and reads it back from a durable state: its
 * values, fields and source, without its tracking identity (its tree completed when the checkpoint
 * that saved it committed) and without a context. Immutable if its values are.
 */
final class SavedTuple implements Tuple, Serializable {
    private static final long serialVersionUID = 1L;
    private final String sourceComponent;
    private final int sourceTask;
    private final String sourceStream;
    private final Fields fields;
    private final List<Object> values;

    private SavedTuple(String sourceComponent, int sourceTask, String sourceStream, Fields fields, List<Object> values) {
        this.sourceComponent = sourceComponent;
        this.sourceTask = sourceTask;
        this.sourceStream = sourceStream;
        this.fields = fields;
        this.values = values;
    }

    static SavedTuple of(Tuple t) {
        if (t instanceof SavedTuple s) {
            return s;
        }
        return new SavedTuple(t.getSourceComponent(), t.getSourceTask(), t.getSourceStreamId(), t.getFields(),
                new ArrayList<>(t.getValues()));
    }

    @Override
    public GlobalStreamId getSourceGlobalStreamId() {
        return new GlobalStreamId(sourceComponent, sourceStream);
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
        return sourceStream;
    }

    @Override
    public MessageId getMessageId() {
        return MessageId.makeUnanchored();
    }

    /** Null: a tuple read back from the state belongs to no running topology. */
    @Override
    public GeneralTopologyContext getContext() {
        return null;
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
    public List<Object> getValues() {
        return values;
    }

    @Override
    public String toString() {
        return "source: " + sourceComponent + ":" + sourceTask + ", stream: " + sourceStream + ", id: {}, " + values;
    }
}
