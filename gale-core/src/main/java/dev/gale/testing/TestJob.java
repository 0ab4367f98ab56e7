package dev.gale.testing;

import dev.gale.ILocalCluster;

/**
 * The body of a test run on a cluster by {@code dev.gale.Testing.withLocalCluster},
 * {@code withSimulatedTimeLocalCluster} or {@code withTrackedCluster} (Storm's {@code TestJob}).
 */
@FunctionalInterface
public interface TestJob {

    /** Runs the test on {@code cluster}, which is closed afterwards. */
    void run(ILocalCluster cluster) throws Exception;
}
