package dev.gale.storm.bridge.internal;

import dev.gale.topology.IComponent;
import dev.gale.topology.OutputFieldsDeclarer;
import java.util.Map;

/**
 * What every Gale wrapper of a Storm component answers the same way: the streams it declares
 * (after the check that it needs nothing only a Storm worker has), its component configuration,
 * and its name in messages. Subclasses add the calls of their kind. Not thread-safe, like the
 * components it wraps: each task's copy runs on that task's thread.
 *
 * @param <C> the kind of Storm component wrapped
 */
abstract class StormComponentWrapper<C extends org.apache.storm.topology.IComponent> implements IComponent {
    private static final long serialVersionUID = 1L;

    /** The Storm component, copied with its wrapper to every task. */
    final C storm;
    private final String kind;

    StormComponentWrapper(C storm, String kind) {
        this.storm = storm;
        this.kind = kind;
    }

    @Override
    public final void declareOutputFields(OutputFieldsDeclarer declarer) {
        StormDeclarer.declare(storm, declarer);
    }

    @Override
    public final Map<String, Object> getComponentConfiguration() {
        return storm.getComponentConfiguration();
    }

    @Override
    public final String toString() {
        return "Storm " + kind + " " + storm.getClass().getName();
    }
}
