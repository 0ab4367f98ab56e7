package dev.gale.storm.it;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.time.SimulatedClock;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;

/** Gale's embedded engine on a simulated clock, stepped: each check runs the topology until it is idle. */
final class EmbeddedEngine implements Engine {
    private final SimulatedClock clock = new SimulatedClock();
    private final LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build();

    @Override
    public EngineKind kind() {
        return EngineKind.EMBEDDED;
    }

    @Override
    public void submit(String name, Config conf, StormTopology topology) {
        cluster.submitTopology(name, conf, topology);
    }

    @Override
    public void kill(String name) {
        cluster.killTopology(name);
    }

    @Override
    public void await(String what, Duration timeout, Duration step, BooleanSupplier condition) {
        Awaitility.await(what).atMost(timeout).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1)).until(() -> {
            cluster.waitForIdle();
            if (condition.getAsBoolean()) {
                return true;
            }
            clock.advance(step);
            return false;
        });
    }

    @Override
    public void crashAndRecover(String name, Config conf, StormTopology topology) {
        cluster.killTopology(name);
        cluster.submitTopology(name, conf, topology);
    }

    @Override
    public int processes(String name) {
        return 1;
    }

    @Override
    public void close() {
        cluster.close();
    }
}
