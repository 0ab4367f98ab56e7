package dev.gale.flux.model;

import java.util.List;

/**
 * How a stream's tuples are spread over the receiving bolt's tasks: the grouping type, the stream
 * id (Storm's default stream when left out), the fields of a {@code FIELDS} grouping and the
 * class of a {@code CUSTOM} one. Not thread-safe.
 */
public class GroupingDef {

    /** Storm's groupings, as named in Flux YAML. */
    public enum Type {
        ALL,
        CUSTOM,
        DIRECT,
        SHUFFLE,
        LOCAL_OR_SHUFFLE,
        FIELDS,
        GLOBAL,
        NONE
    }

    private Type type;
    private String streamId;
    private List<String> args;
    private ObjectDef customClass;

    public List<String> getArgs() {
        return args;
    }

    public void setArgs(List<String> args) {
        this.args = args;
    }

    public Type getType() {
        return type;
    }

    public void setType(Type type) {
        this.type = type;
    }

    public String getStreamId() {
        return streamId;
    }

    public void setStreamId(String streamId) {
        this.streamId = streamId;
    }

    public ObjectDef getCustomClass() {
        return customClass;
    }

    public void setCustomClass(ObjectDef customClass) {
        this.customClass = customClass;
    }
}
