package dev.gale.generated;

/**
 * Storm's name for a stream of a component ({@code org.apache.storm.generated.GlobalStreamId}),
 * kept so Storm code ports by changing imports. Equal to a {@link dev.gale.tuple.GlobalStreamId}
 * naming the same stream. Immutable and thread-safe.
 */
public final class GlobalStreamId extends dev.gale.tuple.GlobalStreamId {
    private static final long serialVersionUID = 1L;

    public GlobalStreamId(String componentId, String streamId) {
        super(componentId, streamId);
    }
}
