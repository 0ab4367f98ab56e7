package dev.gale;

import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.AuthorizationException;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.spi.RemoteSubmitter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Storm's way to deploy a topology, kept so Storm mains port by changing imports. Gale is
 * embedded, so "submitting" starts the topology on a {@link LocalCluster} of this process: as in
 * Storm's local mode, the last one built that is still open (a test's, or the one
 * {@code gale run} runs a main in), else one shared by the whole process, where it runs until
 * {@link #killTopology} or until the JVM exits (while it runs, it keeps the JVM alive, as a
 * deployed topology would keep running).
 *
 * <p>Outgrowing one machine (Gale addition): with {@code gale-storm} on the class path and the
 * program running under Apache Storm ({@code storm jar}, or Storm's classes and a
 * {@code nimbus.seeds} configuration), the same call submits the topology to that Storm cluster
 * instead, unchanged; an open {@link LocalCluster} still takes precedence, as Storm's local mode
 * does. See {@link RemoteSubmitter}.
 *
 * <p>Thread-safe.
 */
public final class StormSubmitter {
    private static LocalCluster cluster;
    /** Open clusters, the last built last: the one submits go to (Storm: NimbusClient's local override). */
    private static final Deque<LocalCluster> OPEN = new ArrayDeque<>();
    /** Topologies started remotely, by name, with the submitter that started them (to kill them there). */
    private static final Map<String, RemoteSubmitter> REMOTE = new HashMap<>();

    private StormSubmitter() {
    }

    /**
     * Starts the topology: on the last {@link LocalCluster} opened and still open, else on a
     * remote engine that accepts the configuration (a Storm cluster, see the class comment), else
     * on the process-wide embedded cluster. Declares Storm's exceptions (all unchecked in Gale) so
     * Storm code that catches or rethrows them compiles unchanged.
     *
     * @throws InvalidTopologyException if the topology is invalid
     * @throws AlreadyAliveException if a topology of that name runs already
     * @throws AuthorizationException never: the embedded engine has no authorisation
     */
    public static synchronized void submitTopology(String name, Map<String, Object> topoConf, StormTopology topology)
            throws AlreadyAliveException, InvalidTopologyException, AuthorizationException {
        if (OPEN.isEmpty()) {
            RemoteSubmitter remote = remote(topoConf);
            if (remote != null) {
                remote.submit(name, topoConf, topology);
                REMOTE.put(name, remote);
                return;
            }
        }
        target().submitTopology(name, topoConf, topology);
    }

    /** Same as {@link #submitTopology}; there is no upload to show progress for. */
    public static void submitTopologyWithProgressBar(String name, Map<String, Object> topoConf, StormTopology topology)
            throws AlreadyAliveException, InvalidTopologyException, AuthorizationException {
        submitTopology(name, topoConf, topology);
    }

    /** Kills a topology started through this class (on the cluster submits go to now). */
    public static synchronized void killTopology(String name) {
        RemoteSubmitter remote = REMOTE.remove(name);
        if (remote != null) {
            remote.kill(name);
            return;
        }
        target().killTopology(name);
    }

    /**
     * The first remote engine (see {@link RemoteSubmitter}) that accepts this configuration, or
     * null: submits then run embedded. A Gale addition.
     *
     * @param topoConf the configuration of a submit, or null to ask about the environment only
     */
    public static RemoteSubmitter remote(Map<String, Object> topoConf) {
        Iterator<RemoteSubmitter> it = ServiceLoader.load(RemoteSubmitter.class).iterator();
        for (int providers = 0; providers < 64; providers++) { // bounded: a broken service file must not loop
            RemoteSubmitter s;
            try {
                if (!it.hasNext()) {
                    return null;
                }
                s = it.next();
            } catch (ServiceConfigurationError e) {
                // A provider that cannot load here (its engine's classes missing) does not apply.
                continue;
            }
            if (s.accepts(topoConf)) {
                return s;
            }
        }
        return null;
    }

    /**
     * Gale addition: the cluster submits go to now: the last {@code LocalCluster} built that is still
     * open, else the process-wide one (created on first use). {@code NimbusClient} talks to its Nimbus.
     */
    public static synchronized LocalCluster localCluster() {
        return target();
    }

    /** The last cluster built that is still open, else the process-wide one. */
    private static LocalCluster target() {
        LocalCluster open = OPEN.peekLast();
        return open != null ? open : cluster();
    }

    /** A cluster was built: submits go to it while it is open (Storm's local-mode override). */
    static synchronized void opened(LocalCluster c) {
        OPEN.addLast(c);
    }

    /** A cluster was shut down: submits go back to the one before. */
    static synchronized void closed(LocalCluster c) {
        OPEN.removeLastOccurrence(c);
    }

    /** The process-wide embedded cluster topologies are submitted to (created on first use). */
    public static synchronized LocalCluster cluster() {
        if (cluster == null) {
            cluster = new LocalCluster();
        }
        return cluster;
    }
}
