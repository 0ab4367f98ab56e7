package dev.gale.utils;

import dev.gale.ILocalDRPC;
import dev.gale.LocalDRPC;
import dev.gale.generated.DRPCExecutionException;
import dev.gale.generated.DistributedRPC;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Storm's DRPC client, kept so Storm mains port by changing imports. Gale runs every topology in
 * this JVM, so every client talks to a DRPC server of this JVM, as Storm's clients do in local mode:
 * the {@link LocalOverride} if one is in place, else the last {@link LocalDRPC} built that is still
 * open (a test's), else one {@code LocalDRPC} the whole process shares (created on first use).
 * {@code new DRPCSpout(function)} finds the same server, so a main that submits a DRPC topology and
 * then calls {@code DRPCClient.getConfiguredClient(conf).execute(...)} works as it does under
 * {@code storm local}.
 *
 * <p>Thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class DRPCClient implements DistributedRPC.Iface, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DRPCClient.class);
    private static volatile ILocalDRPC localOverrideClient;
    private static LocalDRPC shared;

    private final ILocalDRPC client;
    private final String host;
    private final int port;

    private DRPCClient(ILocalDRPC client) {
        this.client = client;
        this.host = "localhost";
        this.port = 0;
    }

    /**
     * Storm's client of a DRPC server at {@code host:port}. Gale has no remote DRPC server: the
     * client talks to this JVM's (see the class comment), and says so in the log.
     */
    public DRPCClient(Map<String, Object> conf, String host, int port) {
        this(conf, host, port, null);
    }

    public DRPCClient(Map<String, Object> conf, String host, int port, Integer timeout) {
        this.client = localServer();
        this.host = host;
        this.port = port;
        LOG.info("DRPC client for {}:{}: Gale runs topologies in this JVM, so it uses the DRPC server of this JVM ({})",
                host, port, client.getServiceId());
    }

    /** Whether a {@link LocalOverride} is in place (as in Storm: the server every new client and DRPC spout uses). */
    public static boolean isLocalOverride() {
        return localOverrideClient != null;
    }

    /** The service id of the {@link LocalOverride}'s server. */
    public static String getOverrideServiceId() {
        ILocalDRPC override = localOverrideClient;
        return override == null ? null : override.getServiceId();
    }

    /** A client of this JVM's DRPC server (see the class comment); {@code conf} is not needed. */
    public static DRPCClient getConfiguredClient(Map<String, Object> conf) {
        return new DRPCClient(localServer());
    }

    /**
     * Gale addition: the DRPC server clients and DRPC spouts of this JVM use now: the override,
     * else the last {@link LocalDRPC} built that is still open, else the one the process shares.
     */
    public static ILocalDRPC localServer() {
        ILocalDRPC override = localOverrideClient;
        if (override != null) {
            return override;
        }
        LocalDRPC open = LocalDRPC.lastOpen();
        if (open != null) {
            return open;
        }
        return sharedServer();
    }

    private static synchronized LocalDRPC sharedServer() {
        if (shared == null || ServiceRegistry.getService(shared.getServiceId()) == null) {
            shared = new LocalDRPC();
        }
        return shared;
    }

    public String getHost() {
        return host;
    }

    public int getPort() {
        return port;
    }

    /**
     * Runs {@code func} on {@code args} in the topology serving it and returns the result.
     *
     * @throws DRPCExecutionException if the request failed, timed out or the server closed
     * @throws IllegalArgumentException if {@code func} is null
     */
    @Override
    public String execute(String func, String args) {
        if (func == null) {
            throw new IllegalArgumentException("DRPC Function cannot be null");
        }
        LOG.debug("DRPC RUNNING \"{}\"(\"{}\")", func, args);
        return client.execute(func, args);
    }

    /** The server this client talks to. */
    public DistributedRPC.Iface getClient() {
        return client;
    }

    /** Nothing to release: the server is not this client's. */
    @Override
    public void close() {
    }

    /** While open, every new client and DRPC spout of this JVM uses {@code client}, as in Storm. */
    public static class LocalOverride implements AutoCloseable {
        public LocalOverride(ILocalDRPC client) {
            localOverrideClient = client;
        }

        @Override
        public void close() {
            localOverrideClient = null;
        }
    }
}
