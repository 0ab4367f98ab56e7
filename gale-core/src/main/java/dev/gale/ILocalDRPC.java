package dev.gale;

import dev.gale.generated.DistributedRPC;
import dev.gale.generated.DistributedRPCInvocations;

/**
 * A DRPC server inside this JVM ({@code org.apache.storm.ILocalDRPC}): clients call
 * {@link #execute}; a topology's DRPC spout fetches the requests and its {@code ReturnResults}
 * answers them. Implementations are thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public interface ILocalDRPC extends DistributedRPC.Iface, DistributedRPCInvocations.Iface, AutoCloseable {

    /** The id under which topologies find this server ({@link dev.gale.utils.ServiceRegistry}). */
    String getServiceId();

    /**
     * Stops the server; requests still waiting fail.
     *
     * @deprecated use {@link #close()} instead.
     */
    @Deprecated
    void shutdown();

    @Override
    void close();
}
