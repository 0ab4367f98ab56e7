package dev.gale.spi;

import dev.gale.generated.StormTopology;
import java.util.Map;

/**
 * Runs topologies somewhere other than this JVM (Gale addition): {@link dev.gale.StormSubmitter}
 * hands a topology to the first implementation whose {@link #accepts} says yes, and runs it on
 * the embedded engine when none does. gale-core only defines this hook, so that it depends on no
 * cluster: the {@code gale-storm} module implements it (a real Apache Storm cluster, when the
 * program runs under Storm) and registers the implementation in
 * {@code META-INF/services/dev.gale.spi.RemoteSubmitter}, where {@link java.util.ServiceLoader}
 * finds it.
 *
 * <p>Implementations must be thread-safe and have a public no-argument constructor.
 */
public interface RemoteSubmitter {

    /**
     * Whether topologies submitted with this configuration go to the remote engine. Must be quick
     * and must not throw: it is asked on every submit.
     *
     * @param topoConf the configuration given to submit, or null when asked without one
     *                 ({@link dev.gale.utils.NimbusClient#isLocalOverride()})
     */
    boolean accepts(Map<String, Object> topoConf);

    /** Submits the topology; the exceptions are Gale's (unchecked) submit exceptions. */
    void submit(String name, Map<String, Object> topoConf, StormTopology topology);

    /** Kills a topology this submitter started. */
    void kill(String name);

    /** A short name for messages and logs, e.g. "Apache Storm (nimbus 10.0.0.5:6627)". */
    String describe();
}
