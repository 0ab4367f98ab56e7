package dev.gale.storm;

import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.AuthorizationException;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.storm.internal.TopologyTranslator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.ILocalCluster;
import org.apache.storm.StormSubmitter;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * Runs a Gale topology, unchanged, on Apache Storm: on a real cluster ({@link #submit}) or on
 * Storm's in-process {@code LocalCluster} ({@link #local}). Gale's own
 * {@link dev.gale.StormSubmitter#submitTopology} comes here by itself when the program runs under
 * Storm; this class is for choosing explicitly.
 *
 * <p>The topology is translated first ({@link #translate}): every Gale spout and bolt runs inside
 * a Storm spout or bolt that gives it Gale's collectors, tuples and context; groupings, windows,
 * tick tuples, hooks and the configuration map to Storm's own. What Storm cannot run (simulated
 * time, Gale's in-JVM test components, a bound on a window's memory, a configuration value that
 * cannot reach the workers, a Kryo registration that does not load) is refused here, with a
 * message naming it. See {@link StormSerializationCheck} for the values Storm must serialize.
 *
 * <p>Thread-safe.
 */
public final class StormRunner {
    /**
     * Gale, on Storm: whether each emit's values are checked, at the emit, for Storm's
     * serialization between workers (each class on its first value). Default true.
     */
    public static final String CHECK_SERIALIZATION = TopologyTranslator.CHECK_SERIALIZATION;

    /** Storm's StormSubmitter reads the jar to upload from a system property: submits with a jar take turns. */
    private static final Object JAR_LOCK = new Object();

    private StormRunner() {
    }

    /**
     * What Storm is given for a Gale topology.
     *
     * @param topology Storm's topology, every component wrapped
     * @param conf     the configuration to submit it with (JSON values, as Storm requires)
     */
    public record Translation(org.apache.storm.generated.StormTopology topology, Map<String, Object> conf) {
    }

    /**
     * Translates a Gale topology for Storm without submitting it.
     *
     * @throws InvalidTopologyException naming what Storm cannot run or what is invalid
     */
    public static Translation translate(Map<String, Object> conf, StormTopology topology) {
        TopologyTranslator.Result r = TopologyTranslator.translate(conf, topology);
        return new Translation(r.topology(), r.conf());
    }

    /**
     * Submits to the Storm cluster the program runs under ({@code storm jar your-topology.jar
     * your.Main ...}): the cluster named by Storm's configuration, the jar given to
     * {@code storm jar} as the code.
     *
     * @throws IllegalStateException if the program does not run under {@code storm jar}
     */
    public static void submit(String name, Map<String, Object> conf, StormTopology topology) {
        if (System.getProperty("storm.jar") == null) {
            throw new IllegalStateException("submitting topology '" + name + "' to Storm needs the topology jar: run the"
                    + " program with `storm jar your-topology.jar your.MainClass`, or call StormRunner.submit(jar, ...)"
                    + " (see the topology jar in the Storm docs of gale-storm)");
        }
        Translation t = translate(conf, topology);
        synchronized (JAR_LOCK) {
            submitTranslated(name, t);
        }
    }

    /**
     * Submits with {@code jar} as the topology's code (it must hold the topology's classes,
     * gale-core and gale-storm, and no Storm: see {@link TopologyJar}), to the cluster that
     * {@code conf} or Storm's configuration names ({@code nimbus.seeds}, {@code nimbus.thrift.port}).
     */
    public static void submit(Path jar, String name, Map<String, Object> conf, StormTopology topology) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("topology jar " + jar + " does not exist");
        }
        Translation t = translate(conf, topology);
        synchronized (JAR_LOCK) {
            String before = System.getProperty("storm.jar");
            System.setProperty("storm.jar", jar.toAbsolutePath().toString());
            try {
                submitTranslated(name, t);
            } finally {
                if (before == null) {
                    System.clearProperty("storm.jar");
                } else {
                    System.setProperty("storm.jar", before);
                }
            }
        }
    }

    private static void submitTranslated(String name, Translation t) {
        try {
            StormSubmitter.submitTopology(name, t.conf(), t.topology());
        } catch (org.apache.storm.generated.AlreadyAliveException e) {
            throw new AlreadyAliveException("a topology named '" + name + "' runs on Storm already: " + e.get_msg());
        } catch (org.apache.storm.generated.InvalidTopologyException e) {
            throw new InvalidTopologyException("Storm refused topology '" + name + "': " + e.get_msg(), e);
        } catch (org.apache.storm.generated.AuthorizationException e) {
            throw new AuthorizationException("Storm refused topology '" + name + "': " + e.get_msg());
        }
    }

    /**
     * Runs the topology on a new Storm {@code LocalCluster} in this JVM (needs
     * {@code org.apache.storm:storm-server} on the class path) and returns that cluster; closing it
     * stops everything.
     */
    public static ILocalCluster local(String name, Map<String, Object> conf, StormTopology topology) {
        Translation t = translate(conf, topology);
        ILocalCluster cluster;
        try {
            cluster = (ILocalCluster) Class.forName("org.apache.storm.LocalCluster").getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("StormRunner.local needs Storm's LocalCluster: add"
                    + " org.apache.storm:storm-server to the class path", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Storm's LocalCluster did not start: " + e.getCause(), e);
        }
        try {
            cluster.submitTopology(name, t.conf(), t.topology());
        } catch (Exception e) {
            try {
                cluster.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new IllegalStateException("Storm's LocalCluster refused topology '" + name + "': " + e, e);
        }
        return cluster;
    }

    /** Kills a topology on the cluster that {@code conf} or Storm's configuration names. */
    public static void kill(String name, Map<String, Object> conf) {
        Map<String, Object> all = new HashMap<>(Utils.readStormConfig());
        if (conf != null) {
            all.putAll(conf);
        }
        try (NimbusClient client = NimbusClient.getConfiguredClient(all)) {
            client.getClient().killTopology(name);
        } catch (org.apache.storm.generated.NotAliveException e) {
            throw new NotAliveException("no topology named '" + name + "' runs on Storm");
        } catch (Exception e) {
            throw new IllegalStateException("killing topology '" + name + "' on Storm failed: " + e, e);
        }
    }
}
