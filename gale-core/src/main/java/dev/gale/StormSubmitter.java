package dev.gale;

import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.AuthorizationException;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.spi.RemoteSubmitter;
import dev.gale.utils.NimbusClient;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * What a jar upload reports as it goes (Storm's {@code submitJar}). Gale uploads nothing: see
     * {@link #submitJar(Map, String, ProgressListener)} for when it is called.
     */
    public interface ProgressListener {
        /**
         * @param srcFile    the jar being uploaded
         * @param targetFile where it goes
         * @param totalBytes its size
         */
        void onStart(String srcFile, String targetFile, long totalBytes);

        void onProgress(String srcFile, String targetFile, long bytesUploaded, long totalBytes);

        void onCompleted(String srcFile, String targetFile, long totalBytes);
    }

    /**
     * Starts the topology: on the last {@link LocalCluster} opened and still open, else on a
     * remote engine that accepts the configuration (a Storm cluster, see the class comment), else
     * on the process-wide embedded cluster. Declares Storm's exceptions (all unchecked in Gale) so
     * Storm code that catches or rethrows them compiles unchanged. Once the topology is started,
     * the {@link ISubmitterHook} the configuration names in
     * {@link Config#STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN}, if any, is told of it, as in Storm.
     *
     * @throws InvalidTopologyException if the topology is invalid
     * @throws AlreadyAliveException if a topology of that name runs already
     * @throws AuthorizationException never: the embedded engine has no authorisation
     * @throws dev.gale.hooks.SubmitterHookException if the named hook cannot be made or fails (the
     *     topology is running then)
     */
    public static void submitTopology(String name, Map<String, Object> topoConf, StormTopology topology)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException {
        submitTopologyAs(name, topoConf, topology, null, null, null);
    }

    /**
     * Same, with Storm's options: {@link TopologyInitialStatus#INACTIVE} opens the spouts but calls
     * no {@code nextTuple} until the topology is activated. Null options mean none.
     *
     * @throws IllegalArgumentException if the submit goes to a remote engine and asks for an
     *     inactive start, which Gale cannot pass on
     */
    public static void submitTopology(String name, Map<String, Object> topoConf, StormTopology topology,
                                      SubmitOptions opts)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException {
        submitTopologyAs(name, topoConf, topology, opts, null, null);
    }

    /**
     * Same, with a listener for the jar upload Storm makes first. Gale runs the topology from the
     * classes of this JVM and uploads no jar, so {@code progressListener} is never called.
     */
    public static void submitTopology(String name, Map<String, Object> topoConf, StormTopology topology,
                                      SubmitOptions opts, ProgressListener progressListener)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException {
        submitTopologyAs(name, topoConf, topology, opts, progressListener, null);
    }

    /**
     * Same, on behalf of a user. Gale has no users nor authorisation: {@code asUser} is not
     * checked (Storm too submits as the caller when it is null).
     */
    public static synchronized void submitTopologyAs(String name, Map<String, Object> topoConf, StormTopology topology,
                                                     SubmitOptions opts, ProgressListener progressListener,
                                                     String asUser)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException, IllegalArgumentException {
        if (topology.get_spouts_size() == 0) {
            // Storm's submitter refuses it with these words, which callers match on.
            throw new InvalidTopologyException("Topology " + name + " does not have any spout: no tuple could enter it"
                    + " (components: " + topology.components().keySet() + "); add one with setSpout");
        }
        boolean inactive = opts != null && opts.get_initial_status() == TopologyInitialStatus.INACTIVE;
        if (OPEN.isEmpty()) {
            RemoteSubmitter remote = remote(topoConf);
            if (remote != null) {
                if (inactive) {
                    throw new IllegalArgumentException("topology '" + name + "': " + remote.describe()
                            + " cannot start a topology inactive (SubmitOptions INACTIVE); submit it active");
                }
                remote.submit(name, topoConf, topology);
                REMOTE.put(name, remote);
                SubmitterHookCall.notifyIfNamed(name, topoConf, topology, () -> remoteInfo(name));
                return;
            }
        }
        LocalCluster cluster = target();
        cluster.submitTopologyWithOpts(name, topoConf, topology, opts);
        SubmitterHookCall.notifyIfNamed(name, topoConf, topology, () -> cluster.getTopologyInfoByName(name));
    }

    /** What Gale knows of a topology a remote engine runs: its name (the engine keeps the rest). */
    private static TopologyInfo remoteInfo(String name) {
        TopologyInfo info = new TopologyInfo();
        info.set_name(name);
        return info;
    }

    /** Same as {@link #submitTopology}; there is no upload to show progress for. */
    public static void submitTopologyWithProgressBar(String name, Map<String, Object> topoConf, StormTopology topology)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException {
        submitTopology(name, topoConf, topology);
    }

    /** Same as {@link #submitTopology(String, Map, StormTopology, SubmitOptions)}; no upload to show. */
    public static void submitTopologyWithProgressBar(String name, Map<String, Object> topoConf, StormTopology topology,
                                                     SubmitOptions opts)
            throws AlreadyAliveException, InvalidTopologyException,
            AuthorizationException {
        submitTopology(name, topoConf, topology, opts);
    }

    /** See {@link #submitJar(Map, String, ProgressListener)}. */
    public static String submitJar(Map<String, Object> conf, String localJar) {
        return submitJar(conf, localJar, null);
    }

    /**
     * Storm uploads the jar to Nimbus and returns where it went. Gale runs topologies from the
     * classes of this JVM, so nothing is uploaded: the jar is checked to be a readable file, the
     * listener (if any) is told of a one-step "upload" of all of it, and its absolute path is
     * returned, the place it is "uploaded" to.
     *
     * @throws IllegalArgumentException if {@code localJar} is null or not a readable file
     */
    public static String submitJar(Map<String, Object> conf, String localJar, ProgressListener listener) {
        return localUpload(localJar, listener);
    }

    /** Same; {@code client} is not used (nothing is uploaded). */
    public static String submitJarAs(Map<String, Object> conf, String localJar, ProgressListener listener,
                                     NimbusClient client) {
        return localUpload(localJar, listener);
    }

    /** Same; {@code asUser} is not used (Gale has no users). */
    public static String submitJarAs(Map<String, Object> conf, String localJar, ProgressListener listener,
                                     String asUser) {
        return localUpload(localJar, listener);
    }

    private static String localUpload(String localJar, ProgressListener listener) {
        if (localJar == null) {
            throw new IllegalArgumentException("submitJar: no jar given (Storm's 'storm jar' sets it; pass the path)");
        }
        Path jar = Path.of(localJar).toAbsolutePath();
        if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
            throw new IllegalArgumentException("submitJar: " + jar + " is not a readable file");
        }
        String location = jar.toString();
        long size = new File(location).length();
        if (listener != null) {
            listener.onStart(localJar, location, size);
            listener.onProgress(localJar, location, size, size);
            listener.onCompleted(localJar, location, size);
        }
        return location;
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
