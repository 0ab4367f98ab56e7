package dev.gale.storm.bridge;

import dev.gale.spi.ComponentAdapter;

/**
 * The bridge's {@link ComponentAdapter}: what lets a Flux file (and anything else that makes
 * components from class names) name Apache Storm's own spouts and bolts, such as storm-hdfs's
 * {@code HdfsBolt}, which then run as {@link StormComponents#wrap} wraps them. Registered in
 * {@code META-INF/services/dev.gale.spi.ComponentAdapter}. Stateless and thread-safe.
 */
public final class StormComponentAdapter implements ComponentAdapter {

    @Override
    public Object adapt(Object component) {
        return StormComponents.wrap(component);
    }

    @Override
    public String describe() {
        return "the Storm bridge (gale-storm-bridge)";
    }
}
