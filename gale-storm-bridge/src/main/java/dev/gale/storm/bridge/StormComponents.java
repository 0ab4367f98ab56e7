package dev.gale.storm.bridge;

import org.apache.storm.topology.IBasicBolt;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.IStatefulBolt;
import org.apache.storm.topology.IWindowedBolt;

/**
 * Wraps whatever Storm component it is given, for code that does not know the kind in advance (a
 * Flux file naming Storm's connector classes). Stateless.
 */
public final class StormComponents {
    private StormComponents() {
    }

    /**
     * The Gale spout or bolt running {@code component} if it is a Storm {@code IRichSpout},
     * {@code IWindowedBolt}, {@code IStatefulBolt}, {@code IRichBolt} or {@code IBasicBolt}
     * (the first kind it is, in that order); otherwise null.
     */
    public static Object wrap(Object component) {
        if (component instanceof IRichSpout spout) {
            return StormSpouts.of(spout);
        }
        if (component instanceof IWindowedBolt bolt) {
            return StormBolts.of(bolt);
        }
        if (component instanceof IStatefulBolt<?> bolt) {
            return StormBolts.of(bolt);
        }
        if (component instanceof IRichBolt bolt) {
            return StormBolts.of(bolt);
        }
        if (component instanceof IBasicBolt bolt) {
            return StormBolts.of(bolt);
        }
        return null;
    }
}
