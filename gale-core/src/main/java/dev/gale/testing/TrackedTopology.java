package dev.gale.testing;

import dev.gale.ILocalCluster;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.impl.env.TupleObserver;
import dev.gale.impl.runtime.TopologyObservers;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.stats.ComponentKind;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A topology whose spouts' emits are counted, so that a test can wait until a number of new
 * spout tuples have been emitted and fully processed (Storm's {@code TrackedTopology}). Submit
 * {@link #getTopology()} (or this object) to the cluster given here; any Gale
 * {@link LocalCluster} can run it, tracked or not.
 *
 * <p>{@link #trackedWait(int, int)} returns once the spouts emitted {@code amt} more tuples
 * than at the previous wait and the cluster is idle (every queue empty, no executor mid-tuple),
 * which is what Storm's "transferred == processed" means. On a simulated cluster it advances
 * time one second at a time while it waits, as Storm's does. Thread-safe.
 */
public class TrackedTopology {
    private final StormTopology topology;
    private final ILocalCluster cluster;
    private final AtomicInteger spoutEmitted = new AtomicInteger();
    private final AtomicInteger transferred = new AtomicInteger();
    private final AtomicInteger lastSpoutCommit = new AtomicInteger();

    /**
     * Tracks {@code origTopo} (left unchanged) for a run on {@code cluster}.
     *
     * @throws IllegalArgumentException if {@code cluster} is not a Gale {@link LocalCluster}
     */
    public TrackedTopology(StormTopology origTopo, ILocalCluster cluster) {
        if (!(cluster instanceof LocalCluster)) {
            throw new IllegalArgumentException("a TrackedTopology runs on a dev.gale.LocalCluster, not " + cluster);
        }
        this.cluster = cluster;
        Map<String, ComponentDef> defs = origTopo.components();
        this.topology = new StormTopology(defs);
        TopologyObservers.attach(topology, new TupleObserver() {
            @Override
            public void emitted(String componentId, int taskId, String streamId, List<Object> values) {
                transferred.incrementAndGet();
                ComponentDef def = defs.get(componentId);
                if (def != null && def.kind() == ComponentKind.SPOUT) {
                    spoutEmitted.incrementAndGet();
                }
            }
        });
    }

    /** The topology to submit: a copy of the original, whose runs are counted. */
    public StormTopology getTopology() {
        return topology;
    }

    public ILocalCluster getCluster() {
        return cluster;
    }

    /** Waits for 1 more spout tuple to be emitted and processed. */
    public void trackedWait() {
        trackedWait(1, dev.gale.Testing.TEST_TIMEOUT_MS); // fully qualified: testing.Testing shares the name
    }

    /** Waits for {@code amt} more spout tuples to be emitted and processed. */
    public void trackedWait(int amt) {
        trackedWait(amt, dev.gale.Testing.TEST_TIMEOUT_MS); // fully qualified: testing.Testing shares the name
    }

    /**
     * Waits for {@code amt} more spout tuples to be emitted and processed, at most
     * {@code timeoutMs} of real time.
     *
     * @throws AssertionError if they are not within {@code timeoutMs}, as Storm's does
     */
    public void trackedWait(int amt, int timeoutMs) {
        LocalCluster lc = (LocalCluster) cluster;
        int target = amt + lastSpoutCommit.get();
        long deadline = System.nanoTime() + Duration.ofMillis(timeoutMs).toNanos();
        while (true) {
            try {
                lc.waitForIdle(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (IllegalStateException e) {
                throw new AssertionError("Test timed out (" + timeoutMs + "ms): " + e.getMessage(), e);
            }
            if (spoutEmitted.get() >= target) {
                break;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Test timed out (" + timeoutMs + "ms): the spouts emitted "
                        + spoutEmitted.get() + " tuples, waiting for " + target);
            }
            if (lc.getClock() instanceof SimulatedClock) {
                ((SimulatedClock) lc.getClock()).advance(Duration.ofSeconds(1));
            } else {
                LockSupport.parkNanos(1_000_000L); // real time: the spouts are still on their way
            }
        }
        lastSpoutCommit.set(target);
    }

    /**
     * A count of this topology's runs: {@code "spout-emitted"} (tuples the spouts emitted) or
     * {@code "transferred"} (tuples any component emitted). Storm's {@code "processed"} is not
     * counted by Gale; {@link #trackedWait} waits for idleness instead.
     *
     * @throws IllegalArgumentException for any other key
     */
    public int globalAmt(String key) {
        switch (key) {
            case "spout-emitted":
                return spoutEmitted.get();
            case "transferred":
                return transferred.get();
            default:
                throw new IllegalArgumentException("Gale tracks 'spout-emitted' and 'transferred', not '" + key + "'");
        }
    }
}
