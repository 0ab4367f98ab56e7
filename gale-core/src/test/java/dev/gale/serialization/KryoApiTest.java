package dev.gale.serialization;

import static org.assertj.core.api.Assertions.assertThat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.gale.Config;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Storm's Kryo API compiles and works against Kryo as on Storm: a decorator registering
 * {@link SerializableSerializer} for a type Kryo cannot build itself, made by a factory.
 */
class KryoApiTest {

    /** No no-argument constructor: Kryo's field serializer cannot make one. */
    static final class Reading implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String sensor;
        private final double value;

        Reading(String sensor, double value) {
            this.sensor = sensor;
            this.value = value;
        }
    }

    public static final class ReadingDecorator implements IKryoDecorator {
        @Override
        public void decorate(Kryo k) {
            k.register(Reading.class, new SerializableSerializer());
        }
    }

    public static final class StrictFactory implements IKryoFactory {
        @Override
        public Kryo getKryo(Map<String, Object> conf) {
            Kryo kryo = new Kryo();
            kryo.setRegistrationRequired(true);
            return kryo;
        }

        @Override
        public void preRegister(Kryo k, Map<String, Object> conf) {
        }

        @Override
        public void postRegister(Kryo k, Map<String, Object> conf) {
        }

        @Override
        public void postDecorate(Kryo k, Map<String, Object> conf) {
        }
    }

    @Test
    void aDecoratedKryoRoundTripsASerializableTypeThroughJavaSerialization() {
        Config conf = new Config();
        conf.registerDecorator(ReadingDecorator.class);
        conf.setKryoFactory(StrictFactory.class);
        IKryoFactory factory = new StrictFactory();
        Kryo kryo = factory.getKryo(conf);
        new ReadingDecorator().decorate(kryo);

        Output out = new Output(256, -1);
        kryo.writeClassAndObject(out, new Reading("t-1", 21.5));
        Reading back = (Reading) kryo.readClassAndObject(new Input(out.toBytes()));

        assertThat(back.sensor).isEqualTo("t-1");
        assertThat(back.value).isEqualTo(21.5);
        assertThat(conf.get(Config.TOPOLOGY_KRYO_DECORATORS)).isEqualTo(List.of(ReadingDecorator.class.getName()));
        assertThat(conf.get(Config.TOPOLOGY_KRYO_FACTORY)).isEqualTo(StrictFactory.class.getName());
    }
}
