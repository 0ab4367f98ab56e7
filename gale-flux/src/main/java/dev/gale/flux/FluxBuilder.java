package dev.gale.flux;

import dev.gale.Config;
import dev.gale.flux.internal.ObjectMaker;
import dev.gale.flux.internal.TopologyAssembler;
import dev.gale.flux.model.ExecutionContext;
import dev.gale.flux.model.ObjectDef;
import dev.gale.flux.model.TopologyDef;
import dev.gale.generated.StormTopology;
import java.lang.reflect.InvocationTargetException;

/**
 * Builds what a parsed Flux file describes: the topology configuration and the topology itself.
 * Class names under {@code org.apache.storm.} are found under {@code dev.gale.}, so Storm's Flux
 * files build unchanged. Every mistake (unknown class, missing reference, no constructor or
 * method for the arguments, a class of the wrong kind) throws a {@link FluxException} naming
 * the file, line and component. Stateless and thread-safe; each build uses its own context.
 * (Not final, and constructible, as Storm's class is.)
 */
public class FluxBuilder {

    /** The topology configuration: the file's {@code config} entries. */
    public static Config buildConfig(TopologyDef topologyDef) {
        Config conf = new Config();
        conf.putAll(topologyDef.getConfig());
        return conf;
    }

    /**
     * Builds the topology, keeping the objects it makes in {@code context}. Declares the
     * reflective exceptions of Storm's signature so code written against Storm's Flux compiles;
     * Gale reports every failure as a {@link FluxException} instead.
     *
     * @throws FluxException if the definition cannot be built
     */
    public static StormTopology buildTopology(ExecutionContext context) throws IllegalAccessException,
            InstantiationException, ClassNotFoundException, NoSuchMethodException, InvocationTargetException,
            NoSuchFieldException {
        return new TopologyAssembler(context).build();
    }

    /**
     * Calls the configuration methods {@code bean} gives on {@code instance}, references
     * resolved to the components of {@code context} (made if need be).
     *
     * @throws FluxException if a method is not found for its arguments, or throws
     */
    public static void invokeConfigMethods(ObjectDef bean, Object instance, ExecutionContext context)
            throws InvocationTargetException, IllegalAccessException {
        ObjectDef methodsOnly = new ObjectDef();
        methodsOnly.setLocation(bean.getLocation());
        methodsOnly.setConfigMethods(bean.getConfigMethods());
        new ObjectMaker(context).configure(methodsOnly, instance, instance.getClass().getSimpleName());
    }

    /** Whether {@code clazz} is a primitive numeric type (not {@code boolean}). */
    public static boolean isPrimitiveNumber(Class<?> clazz) {
        return clazz.isPrimitive() && clazz != boolean.class;
    }

    /** Whether {@code clazz} is {@code boolean}. */
    public static boolean isPrimitiveBoolean(Class<?> clazz) {
        return clazz == boolean.class;
    }
}
