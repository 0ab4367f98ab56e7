package dev.gale.impl.testkit;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.impl.executor.Executor;
import dev.gale.impl.executor.SpoutExecutor;
import dev.gale.impl.runtime.RunningTopology;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.spout.ISpout;
import dev.gale.stats.ComponentKind;
import dev.gale.testing.CompletableSpout;
import dev.gale.time.Clock;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a started topology until every tuple tree is complete, for both testing kits'
 * {@code completeTopology}: wait until it is idle, stop once no tree is pending and every spout
 * says it is exhausted, else let one rotation of the pending maps pass (on a simulated clock by
 * advancing it, so trees that cannot complete move towards their timeout; on real time by
 * waiting) and look again. Stateless.
 */
public final class CompletionDriver {
    private CompletionDriver() {
    }

    /** Why a run did not complete; the kits turn it into the exception their callers expect. */
    public static final class Incomplete extends Exception {
        private static final long serialVersionUID = 1L;

        Incomplete(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The spouts of a topology about to be completed, each of which must be able to say it is
     * done: rejects the run up front otherwise.
     */
    public static List<CompletableSpout> completableSpouts(String topologyName, Map<String, ComponentDef> defs) {
        List<CompletableSpout> out = new ArrayList<>();
        for (ComponentDef def : defs.values()) {
            if (def.kind() != ComponentKind.SPOUT) {
                continue;
            }
            if (!(def.component() instanceof CompletableSpout)) {
                throw new InvalidTopologyException("cannot complete topology '" + topologyName + "': spout '" + def.id()
                        + "' (" + def.component().getClass().getName() + ") is neither mocked nor a "
                        + CompletableSpout.class.getName() + ", so the run could never tell it has emitted everything;"
                        + " give it mocked sources or implement CompletableSpout");
            }
            out.add((CompletableSpout) def.component());
        }
        return out;
    }

    /**
     * Returns once the topology is complete.
     *
     * @param timeout real time the whole run may take
     * @param simulatedLimit simulated time the run may advance the clock by, on a simulated clock
     * @throws Incomplete naming what was still pending when a limit ran out
     */
    public static void complete(RunningTopology running, Clock clock, Duration timeout, Duration simulatedLimit)
            throws Incomplete {
        long deadline = System.nanoTime() + timeout.toNanos();
        long simulatedStart = clock.nanos();
        long step = running.plan().settings().rotationPeriodNanos();
        while (true) {
            try {
                running.waitForIdle(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            } catch (TimeoutException e) {
                throw new Incomplete(e.getMessage(), e);
            }
            List<String> unexhausted = unexhaustedSpouts(running);
            if (running.pendingTrees() == 0 && unexhausted.isEmpty()) {
                return;
            }
            boolean simulated = clock instanceof SimulatedClock;
            if (System.nanoTime() > deadline || simulated && clock.nanos() - simulatedStart > simulatedLimit.toNanos()) {
                throw new Incomplete("topology '" + running.name() + "' did not complete: " + running.pendingTrees()
                        + " tuple trees still pending and spouts not exhausted " + unexhausted + " after "
                        + Duration.ofNanos(clock.nanos() - simulatedStart) + " of " + (simulated ? "simulated" : "real")
                        + " time", null);
            }
            if (simulated) {
                ((SimulatedClock) clock).advanceNanos(step);
            } else {
                LockSupport.parkNanos(1_000_000L); // real time must pass for real timeouts
            }
        }
    }

    /** Asks the copy each spout task runs; names the components whose tasks are not done. */
    private static List<String> unexhaustedSpouts(RunningTopology running) {
        List<String> out = new ArrayList<>();
        for (Executor ex : running.executors()) {
            if (ex.kind() == ComponentKind.SPOUT && !out.contains(ex.componentId())) {
                for (ISpout spout : ((SpoutExecutor) ex).spouts()) {
                    if (!((CompletableSpout) spout).isExhausted()) {
                        out.add(ex.componentId());
                        break;
                    }
                }
            }
        }
        return out;
    }
}
