package dev.gale.spi;

/**
 * Turns a spout or bolt written against another API into a Gale component (Gale addition). Code
 * that builds a topology in Java wraps such objects itself; this hook is for builders that only
 * get an object from a class name, such as Flux: when the object a Flux file names is no Gale
 * spout or bolt, Flux asks each implementation {@link java.util.ServiceLoader} finds (in
 * {@code META-INF/services/dev.gale.spi.ComponentAdapter}) and uses the first answer. gale-core
 * only defines the hook, so that it depends on no other API: the {@code gale-storm-bridge} module
 * implements it for Apache Storm's own {@code org.apache.storm} spouts and bolts.
 *
 * <p>Implementations must be thread-safe and have a public no-argument constructor.
 */
public interface ComponentAdapter {

    /**
     * The Gale component that runs {@code component}: a {@link dev.gale.topology.IRichSpout} for a
     * spout, a {@link dev.gale.topology.IRichBolt} (or another kind {@link
     * dev.gale.topology.TopologyBuilder#setBolt} takes) for a bolt; or null when this adapter does
     * not know the object. Must not throw for an object it does not know: other adapters may.
     */
    Object adapt(Object component);

    /** A short name for messages, e.g. "Apache Storm components (gale-storm-bridge)". */
    default String describe() {
        return getClass().getName();
    }
}
