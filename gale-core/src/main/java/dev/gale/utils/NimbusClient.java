package dev.gale.utils;

/**
 * What Gale keeps of Storm's Nimbus client: {@link #isLocalOverride()}, which Storm's local-mode
 * examples check before they start. Gale has no Nimbus of its own: topologies run in this JVM,
 * unless the program runs under Apache Storm with {@code gale-storm} (see
 * {@link dev.gale.StormSubmitter}). Stateless and thread-safe.
 */
public final class NimbusClient {
    private NimbusClient() {
    }

    /**
     * Whether topologies submitted through {@code StormSubmitter} run in this process: true in
     * Gale unless the program runs under Apache Storm with {@code gale-storm} on the class path
     * (Storm: only inside its local mode, {@code storm local} or an open LocalCluster).
     */
    public static boolean isLocalOverride() {
        return dev.gale.StormSubmitter.remote(null) == null;
    }
}
