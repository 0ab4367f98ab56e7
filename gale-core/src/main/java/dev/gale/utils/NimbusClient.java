package dev.gale.utils;

/**
 * What Gale keeps of Storm's Nimbus client: {@link #isLocalOverride()}, which Storm's local-mode
 * examples check before they start. Gale has no Nimbus; every topology runs in this JVM.
 * Stateless and thread-safe.
 */
public final class NimbusClient {
    private NimbusClient() {
    }

    /**
     * Whether topologies submitted through {@code StormSubmitter} run in this process: always true
     * in Gale (Storm: only inside its local mode, {@code storm local} or an open LocalCluster).
     */
    public static boolean isLocalOverride() {
        return true;
    }
}
