package dev.gale.storm.it;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Where a test runs its topology: Gale's embedded engine or a real Storm cluster through
 * gale-storm. The test classes run each scenario on both, with the same assertions.
 */
public interface Engine extends AutoCloseable {

    /** Which engine, for messages. */
    EngineKind kind();

    /** Submits; on Storm, with {@code topology.workers} 2 unless the configuration sets it. */
    void submit(String name, Config conf, StormTopology topology);

    /** Kills the topology at once and waits until it is gone. */
    void kill(String name);

    /**
     * Waits until the condition holds, failing after {@code timeout} (Storm: of the wall clock,
     * the condition polled; embedded: the topology stepped to idle and its simulated clock moved
     * on by {@code step} between checks).
     */
    void await(String what, Duration timeout, Duration step, BooleanSupplier condition);

    /**
     * A crash of part of the topology while it runs, and the recovery: on Storm a worker is
     * killed with SIGKILL and the Supervisor starts it again; embedded, the topology is killed and
     * submitted again (one process: the crash takes all of it).
     */
    void crashAndRecover(String name, Config conf, StormTopology topology);

    /** How many processes the topology's tasks run in. */
    int processes(String name);

    @Override
    void close();
}
