package dev.gale.cli;

import dev.gale.KillReport;
import dev.gale.LocalCluster;
import dev.gale.generated.KillOptions;
import dev.gale.generated.NotAliveException;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;

/**
 * While a command runs a topology, Ctrl-C or SIGTERM drains it before the JVM exits: the spouts
 * are deactivated, the trees in flight get up to {@value #WAIT_SECS} s to complete (Storm's
 * {@code killTopologyWithOpts} with {@code wait_secs}), then the topology is killed and one line
 * tells how many trees were still pending. A shutdown hook, registered for the duration of the
 * run only ({@link #close()} removes it).
 *
 * <p>Thread-safe.
 */
final class ShutdownDrain implements AutoCloseable {
    /** How long the trees in flight get on Ctrl-C or SIGTERM: short, since someone is waiting. */
    static final int WAIT_SECS = 3;

    private final LocalCluster cluster;
    private final String topology;
    private final PrintWriter err;
    private final Thread hook;
    private final CountDownLatch started = new CountDownLatch(1);

    ShutdownDrain(LocalCluster cluster, String topology, PrintWriter err) {
        this.cluster = cluster;
        this.topology = topology;
        this.err = err;
        this.hook = new Thread(this::drain, "gale-shutdown-drain");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Runs on the JVM's shutdown. Package-private for tests. */
    void drain() {
        started.countDown();
        KillOptions options = new KillOptions();
        options.set_wait_secs(WAIT_SECS);
        try {
            KillReport report = cluster.killTopologyAndReport(topology, options);
            err.printf("gale: interrupted; drained %s for up to %d s: %d tuple trees still pending%n", topology,
                    WAIT_SECS, report.pendingTrees());
        } catch (NotAliveException e) {
            // the command had killed it already
        }
        err.flush();
    }

    /**
     * True once the JVM is shutting down and the drain has begun; the command then stops using the
     * cluster, and should {@link #awaitExit()}.
     */
    boolean started() {
        return started.getCount() == 0;
    }

    /** Blocks the command's thread while the drain runs; the JVM exits when it is done. */
    void awaitExit() {
        while (true) {
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                // the JVM halts this thread when the drain is done
            }
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs
        }
    }
}
