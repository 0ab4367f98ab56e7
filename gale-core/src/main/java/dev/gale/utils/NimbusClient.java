package dev.gale.utils;

import dev.gale.LocalCluster;
import dev.gale.StormSubmitter;
import dev.gale.generated.Nimbus;
import java.util.Map;

/**
 * Storm's Nimbus client, kept so Storm code that reads topology statistics or kills topologies
 * through Nimbus ports by changing imports. Gale runs every topology in this JVM, so the client's
 * Nimbus is a view of the cluster {@code StormSubmitter} submits to ({@link LocalCluster#getNimbus()}:
 * the last {@code LocalCluster} built that is still open, else the one the process shares), or the
 * {@link LocalOverride} while one is in place. The configuration given (hosts, ports, users,
 * timeouts) is not needed. A program that runs under Apache Storm with {@code gale-storm} submits
 * to Storm instead (see {@link dev.gale.StormSubmitter}); its Nimbus is Storm's.
 *
 * <p>Thread-safe.
 */
public class NimbusClient implements AutoCloseable {
    private static volatile Nimbus.Iface localOverrideClient;

    private final Nimbus.Iface client;

    private NimbusClient(Nimbus.Iface client) {
        this.client = client;
    }

    /**
     * Whether topologies submitted through {@code StormSubmitter} run in this process: true in
     * Gale unless the program runs under Apache Storm with {@code gale-storm} on the class path
     * (Storm: only inside its local mode, {@code storm local} or an open LocalCluster).
     */
    public static boolean isLocalOverride() {
        return StormSubmitter.remote(null) == null;
    }

    /** A client of this JVM's Nimbus view (see the class comment). */
    public static NimbusClient getConfiguredClient(Map<String, Object> conf) {
        return new NimbusClient(localNimbus());
    }

    /** Same as {@link #getConfiguredClient(Map)}; there is no connection to time out. */
    public static NimbusClient getConfiguredClient(Map<String, Object> conf, Integer timeout) {
        return getConfiguredClient(conf);
    }

    /** Same as {@link #getConfiguredClient(Map)}; Gale has no users to act as. */
    public static NimbusClient getConfiguredClientAs(Map<String, Object> conf, String asUser) {
        return getConfiguredClient(conf);
    }

    /** Runs {@code cb} with a client of this JVM's Nimbus view. */
    public static void withConfiguredClient(WithNimbus cb) throws Exception {
        withConfiguredClient(cb, Map.of());
    }

    /** Runs {@code cb} with a client of this JVM's Nimbus view; {@code conf} is not needed. */
    public static void withConfiguredClient(WithNimbus cb, Map<String, Object> conf) throws Exception {
        try (NimbusClient client = getConfiguredClient(conf)) {
            cb.run(client.getClient());
        }
    }

    private static Nimbus.Iface localNimbus() {
        Nimbus.Iface override = localOverrideClient;
        return override != null ? override : StormSubmitter.localCluster().getNimbus();
    }

    /** The Nimbus this client talks to. */
    public Nimbus.Iface getClient() {
        return client;
    }

    /** Nothing to release: the Nimbus view is the cluster's. */
    @Override
    public void close() {
    }

    /** What {@link #withConfiguredClient} runs. */
    @FunctionalInterface
    public interface WithNimbus {
        void run(Nimbus.Iface nimbus) throws Exception;
    }

    /** Builds a client; every setting of Storm's builder is accepted and not needed. Not thread-safe. */
    public static class Builder {
        private final Map<String, Object> conf;

        private Builder(Map<String, Object> conf) {
            this.conf = conf;
        }

        public static Builder withConf(Map<String, Object> conf) {
            return new Builder(conf);
        }

        public Builder forDaemon() {
            return this;
        }

        public Builder asUser(String asUser) {
            return this;
        }

        public Builder withTimeout(Integer timeout) {
            return this;
        }

        public NimbusClient build() {
            return getConfiguredClient(conf);
        }
    }

    /** While open, every new client of this JVM talks to {@code client}, as in Storm's local mode. */
    public static class LocalOverride implements AutoCloseable {
        public LocalOverride(Nimbus.Iface client) {
            localOverrideClient = client;
        }

        @Override
        public void close() {
            localOverrideClient = null;
        }
    }
}
