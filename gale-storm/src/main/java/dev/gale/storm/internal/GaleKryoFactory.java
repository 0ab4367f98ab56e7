package dev.gale.storm.internal;

import com.esotericsoftware.kryo.Kryo;
import dev.gale.serialization.IKryoDecorator;
import dev.gale.utils.ObjectReader;
import java.util.Map;
import org.apache.storm.serialization.DefaultKryoFactory;
import org.apache.storm.serialization.IKryoFactory;

/**
 * The Kryo factory Storm's workers are given when a Gale topology names Gale Kryo decorators or a
 * Gale Kryo factory (see {@link KryoBridge}). It delegates every stage to the factory the topology
 * named (Gale's or Storm's; Storm's {@link DefaultKryoFactory} if none), and runs the Gale
 * decorators after Storm has run its own, just before the named factory's {@code postDecorate}.
 * Storm makes one per Kryo instance; not thread-safe.
 */
public final class GaleKryoFactory implements IKryoFactory {
    private IKryoFactory named;

    @Override
    public Kryo getKryo(Map<String, Object> conf) {
        named = named(conf);
        return named.getKryo(conf);
    }

    @Override
    public void preRegister(Kryo k, Map<String, Object> conf) {
        named(conf).preRegister(k, conf);
    }

    @Override
    public void postRegister(Kryo k, Map<String, Object> conf) {
        named(conf).postRegister(k, conf);
    }

    @Override
    public void postDecorate(Kryo k, Map<String, Object> conf) {
        for (String name : ObjectReader.getStrings(conf.get(KryoBridge.GALE_DECORATORS))) {
            ((IKryoDecorator) create(name, "Kryo decorator")).decorate(k);
        }
        named(conf).postDecorate(k, conf);
    }

    private IKryoFactory named(Map<String, Object> conf) {
        if (named == null) {
            Object name = conf.get(KryoBridge.NAMED_FACTORY);
            Object factory = name == null ? new DefaultKryoFactory() : create(name.toString(), "Kryo factory");
            named = factory instanceof dev.gale.serialization.IKryoFactory gale ? new FromGale(gale) : (IKryoFactory) factory;
        }
        return named;
    }

    private static Object create(String className, String role) {
        try {
            return Class.forName(className, true, Thread.currentThread().getContextClassLoader())
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("the " + role + " " + className + " of the topology cannot be created (it"
                    + " must be a public class with a public no-argument constructor in the topology jar): " + e, e);
        }
    }

    /** A Gale factory seen as Storm's: the same four calls. */
    private record FromGale(dev.gale.serialization.IKryoFactory gale) implements IKryoFactory {
        @Override
        public Kryo getKryo(Map<String, Object> conf) {
            return gale.getKryo(conf);
        }

        @Override
        public void preRegister(Kryo k, Map<String, Object> conf) {
            gale.preRegister(k, conf);
        }

        @Override
        public void postRegister(Kryo k, Map<String, Object> conf) {
            gale.postRegister(k, conf);
        }

        @Override
        public void postDecorate(Kryo k, Map<String, Object> conf) {
            gale.postDecorate(k, conf);
        }
    }
}
