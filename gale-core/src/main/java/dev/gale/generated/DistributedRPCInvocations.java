package dev.gale.generated;

/** Storm's DRPC service as the topology side sees it: fetch requests, return results, fail requests. */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public final class DistributedRPCInvocations {
    private DistributedRPCInvocations() {
    }

    /** What a DRPC spout and {@code ReturnResults} call. Implementations say whether they are thread-safe. */
    public interface Iface {
        /** Answers request {@code id} with {@code result}. */
        void result(String id, String result) throws AuthorizationException;

        /** The next request for {@code functionName}, or one with an empty id when none waits. */
        DRPCRequest fetchRequest(String functionName) throws AuthorizationException;

        /** Fails request {@code id}: its caller gets a {@link DRPCExecutionException}. */
        void failRequest(String id) throws AuthorizationException;

        /** Fails request {@code id} with this exception. */
        void failRequestV2(String id, DRPCExecutionException e) throws AuthorizationException;
    }
}
