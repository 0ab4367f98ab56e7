package dev.gale.generated;

/** Storm's DRPC client service, in the shape code calls it: {@code execute(function, args)}. */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public final class DistributedRPC {
    private DistributedRPC() {
    }

    /** What a DRPC client does. Implementations say whether they are thread-safe. */
    public interface Iface {
        /**
         * Runs the topology's function on {@code funcArgs} and returns its result.
         *
         * @throws DRPCExecutionException if the request failed, timed out or the server shut down
         */
        String execute(String functionName, String funcArgs) throws DRPCExecutionException, AuthorizationException;
    }
}
