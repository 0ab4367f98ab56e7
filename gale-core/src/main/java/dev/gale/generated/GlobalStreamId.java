package dev.gale.generated;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names one stream of one component: the unit a bolt subscribes to. Storm's
 * {@code org.apache.storm.generated.GlobalStreamId}, so Storm code ports by changing imports; the
 * engine uses this same class, there is no second one. Immutable and thread-safe.
 */
public final class GlobalStreamId implements Serializable, Comparable<GlobalStreamId> {
    private static final long serialVersionUID = 1L;

    private final String componentId;
    private final String streamId;

    public GlobalStreamId(String componentId, String streamId) {
        this.componentId = Objects.requireNonNull(componentId, "componentId");
        this.streamId = Objects.requireNonNull(streamId, "streamId");
    }

    public String componentId() {
        return componentId;
    }

    public String streamId() {
        return streamId;
    }

    /** Storm's (Thrift-style) accessor name. */
    public String get_componentId() {
        return componentId;
    }

    /** Storm's (Thrift-style) accessor name. */
    public String get_streamId() {
        return streamId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GlobalStreamId
                && ((GlobalStreamId) o).componentId.equals(componentId)
                && ((GlobalStreamId) o).streamId.equals(streamId);
    }

    @Override
    public int hashCode() {
        return componentId.hashCode() * 31 + streamId.hashCode();
    }

    @Override
    public int compareTo(GlobalStreamId o) {
        int c = componentId.compareTo(o.componentId);
        return c != 0 ? c : streamId.compareTo(o.streamId);
    }

    @Override
    public String toString() {
        return componentId + ":" + streamId;
    }
}
