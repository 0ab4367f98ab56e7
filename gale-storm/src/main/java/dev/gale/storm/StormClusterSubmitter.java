package dev.gale.storm;

import dev.gale.generated.StormTopology;
import dev.gale.spi.RemoteSubmitter;
import java.util.Map;

/**
 * Sends the topologies Gale's {@link dev.gale.StormSubmitter} is given to Apache Storm when the
 * program runs under Storm: the {@code storm.jar} system property is set ({@code storm jar}), or
 * Storm's classes are on the class path and a {@code nimbus.seeds} configuration is present (in
 * the topology's configuration or in a {@code storm.yaml} that Storm would read). Found by
 * {@link java.util.ServiceLoader} (META-INF/services/dev.gale.spi.RemoteSubmitter); without Storm
 * on the class path it declines, having touched none of Storm's classes. Thread-safe.
 */
public final class StormClusterSubmitter implements RemoteSubmitter {

    @Override
    public boolean accepts(Map<String, Object> topoConf) {
        if (!stormPresent()) {
            return false;
        }
        if (System.getProperty("storm.jar") != null) {
            return true;
        }
        if (topoConf != null && topoConf.get("nimbus.seeds") != null) {
            return true;
        }
        return StormEnvironment.configuredNimbusSeeds() != null;
    }

    private static boolean stormPresent() {
        try {
            Class.forName("org.apache.storm.StormSubmitter", false, StormClusterSubmitter.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    @Override
    public void submit(String name, Map<String, Object> topoConf, StormTopology topology) {
        StormRunner.submit(name, topoConf, topology);
    }

    @Override
    public void kill(String name) {
        StormRunner.kill(name, null);
    }

    @Override
    public String describe() {
        Object seeds = stormPresent() ? StormEnvironment.configuredNimbusSeeds() : null;
        return "Apache Storm" + (seeds == null ? "" : " (nimbus.seeds " + seeds + ")");
    }
}
