package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.serialization.IKryoDecorator;
import dev.gale.serialization.IKryoFactory;
import dev.gale.utils.ObjectReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lets Storm's workers use the Kryo decorators and factory a Gale topology names. Storm loads the
 * classes of {@code topology.kryo.decorators} and {@code topology.kryo.factory} as its own
 * interfaces, which Gale's ({@code dev.gale.serialization}) are not; so the names of Gale
 * implementations are moved out of Storm's keys and {@link GaleKryoFactory} is named as the
 * factory, which runs them (see there). Storm's own decorators and factories, and every
 * {@code topology.kryo.register} entry (Kryo serializers are Storm's own type), stay as written.
 * Stateless.
 */
public final class KryoBridge {
    /** Where the Gale decorators' class names go, in the order given. */
    static final String GALE_DECORATORS = "gale.storm.kryo.decorators";
    /** The factory the topology named, Gale's or Storm's, that {@link GaleKryoFactory} delegates to. */
    static final String NAMED_FACTORY = "gale.storm.kryo.factory";

    private KryoBridge() {
    }

    /** Rewrites the Kryo keys of Storm's topology configuration {@code stormConf}, in place. */
    public static void apply(Map<String, Object> stormConf) {
        Object decorators = stormConf.get(Config.TOPOLOGY_KRYO_DECORATORS);
        List<String> gale = new ArrayList<>();
        List<String> storm = new ArrayList<>();
        if (decorators instanceof List<?>) {
            for (String name : ObjectReader.getStrings(decorators)) {
                (implementsGale(name, IKryoDecorator.class) ? gale : storm).add(name);
            }
        }
        Object factory = stormConf.get(Config.TOPOLOGY_KRYO_FACTORY);
        boolean galeFactory = factory instanceof String name && implementsGale(name, IKryoFactory.class);
        if (gale.isEmpty() && !galeFactory) {
            return;
        }
        if (!gale.isEmpty()) {
            stormConf.put(Config.TOPOLOGY_KRYO_DECORATORS, storm);
        }
        stormConf.put(GALE_DECORATORS, gale);
        if (factory != null) {
            stormConf.put(NAMED_FACTORY, factory);
        }
        stormConf.put(Config.TOPOLOGY_KRYO_FACTORY, GaleKryoFactory.class.getName());
    }

    /** Whether the class is one of Gale's interface; false if it cannot be loaded here (Storm then says so). */
    private static boolean implementsGale(String className, Class<?> galeInterface) {
        try {
            Class<?> c = Class.forName(className, false, Thread.currentThread().getContextClassLoader());
            return galeInterface.isAssignableFrom(c);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
