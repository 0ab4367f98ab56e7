package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.gale.Config;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.serialization.IKryoDecorator;
import dev.gale.serialization.IKryoFactory;
import dev.gale.serialization.SerializableSerializer;
import dev.gale.storm.internal.GaleBolt;
import dev.gale.storm.internal.GaleGrouping;
import dev.gale.storm.internal.GaleKryoFactory;
import dev.gale.storm.internal.GaleSpout;
import dev.gale.storm.it.FeatureTopology;
import dev.gale.storm.it.Ledger;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.shade.net.minidev.json.JSONValue;
import org.apache.storm.topology.WindowedBoltExecutor;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Storm is given for a Gale topology: components, parallelism, groupings, streams, configuration. */
class TopologyTranslationTest {
    @TempDir
    Path dir;

    private StormRunner.Translation translate() {
        Ledger ledger = new Ledger(dir);
        return StormRunner.translate(FeatureTopology.conf(ledger), FeatureTopology.build(ledger));
    }

    private static Grouping input(StormTopology t, String bolt, String source, String stream) {
        Grouping g = t.get_bolts().get(bolt).get_common().get_inputs().get(new GlobalStreamId(source, stream));
        assertThat(g).as(bolt + " subscribes to " + source + ":" + stream).isNotNull();
        return g;
    }

    @Test
    void everyComponentIsWrappedWithItsIdAndParallelism() {
        StormTopology t = translate().topology();
        assertThat(t.get_spouts().keySet()).containsExactly("numbers");
        assertThat(t.get_bolts().keySet()).containsExactlyInAnyOrder("shuffle", "fields", "all", "global", "none", "local",
                "custom", "partial", "router", "direct", "ticker", "window", "winsink");
        assertThat(Utils.javaDeserialize(t.get_spouts().get("numbers").get_spout_object().get_serialized_java(), Object.class))
                .isInstanceOf(GaleSpout.class);
        assertThat(t.get_bolts().get("custom").get_common().get_parallelism_hint()).isEqualTo(3);
        Object router = Utils.javaDeserialize(t.get_bolts().get("router").get_bolt_object().get_serialized_java(), Object.class);
        assertThat(router).isInstanceOf(GaleBolt.class);
        Object window = Utils.javaDeserialize(t.get_bolts().get("window").get_bolt_object().get_serialized_java(), Object.class);
        assertThat(window).as("a windowed bolt runs in Storm's own windowed executor").isInstanceOf(WindowedBoltExecutor.class);
        assertThat(t.get_worker_hooks()).hasSize(1);
    }

    @Test
    void everyGroupingBecomesStormsOwnOrAWrappedGaleGrouping() {
        StormTopology t = translate().topology();
        assertThat(input(t, "shuffle", "numbers", "default").is_set_shuffle()).isTrue();
        assertThat(input(t, "fields", "numbers", "keyed").get_fields()).containsExactly("k");
        assertThat(input(t, "all", "numbers", "default").is_set_all()).isTrue();
        assertThat(input(t, "global", "numbers", "default").get_fields()).as("Storm's global grouping").isEmpty();
        assertThat(input(t, "none", "numbers", "default").is_set_none()).isTrue();
        assertThat(input(t, "local", "numbers", "default").is_set_local_or_shuffle()).isTrue();
        assertThat(input(t, "direct", "router", "direct").is_set_direct()).isTrue();
        Object custom = Utils.javaDeserialize(input(t, "custom", "numbers", "default").get_custom_serialized(), Object.class);
        assertThat(((GaleGrouping) custom).grouping().getClass().getSimpleName()).isEqualTo("EvenOddGrouping");
        Object partial = Utils.javaDeserialize(input(t, "partial", "numbers", "keyed").get_custom_serialized(), Object.class);
        assertThat(((GaleGrouping) partial).grouping()).isInstanceOf(PartialKeyGrouping.class);
    }

    @Test
    void streamsKeepTheirFieldsAndDirectness() {
        StormTopology t = translate().topology();
        var spoutStreams = t.get_spouts().get("numbers").get_common().get_streams();
        assertThat(spoutStreams.get("keyed").get_output_fields()).containsExactly("k", "n");
        assertThat(spoutStreams.get("win").is_direct()).isFalse();
        Bolt router = t.get_bolts().get("router");
        assertThat(router.get_common().get_streams().get("direct").is_direct()).isTrue();
    }

    @Test
    @SuppressWarnings("unchecked")
    void configurationGoesToStormAsJsonAndGaleOnlyKeysStayOut() {
        StormRunner.Translation tr = translate();
        assertThat(Utils.isValidConf(tr.conf())).isTrue();
        assertThat(tr.conf().get("it.int")).as("JSON's whole number").isEqualTo(7L);
        assertThat(tr.conf()).doesNotContainKey("topology.auto.task.hooks").doesNotContainKey("it.object");
        assertThat(tr.conf().get("topology.max.spout.pending")).as("Gale's starting pending limit").isEqualTo(1000L);
        Map<String, Object> ticker = (Map<String, Object>) JSONValue.parse(
                tr.topology().get_bolts().get("ticker").get_common().get_json_conf());
        assertThat(((Number) ticker.get("topology.tick.tuple.freq.secs")).intValue()).isEqualTo(1);
        Map<String, Object> window = (Map<String, Object>) JSONValue.parse(
                tr.topology().get_bolts().get("window").get_common().get_json_conf());
        assertThat(((Number) window.get("topology.bolts.window.length.count")).intValue()).isEqualTo(5);
    }

    @Test
    void anExplicitPendingLimitAndNumTasksAreKept() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout(), 2).setNumTasks(4);
        b.setBolt("b", new TestWordCounter(), 3).fieldsGrouping("s", new Fields("word"));
        Config conf = new Config();
        conf.setMaxSpoutPending(17);
        StormRunner.Translation tr = StormRunner.translate(conf, b.createTopology());
        assertThat(tr.conf().get("topology.max.spout.pending")).isEqualTo(17L);
        assertThat((String) tr.topology().get_spouts().get("s").get_common().get_json_conf()).contains("\"topology.tasks\":4");
        assertThat(tr.topology().get_spouts().get("s").get_common().get_parallelism_hint()).isEqualTo(2);
        assertThat(List.copyOf(tr.topology().get_bolts().keySet())).containsExactly("b");
    }

    /** No no-argument constructor: Storm's Kryo needs the registered serializer for it. */
    static final class Reading implements Serializable {
        private static final long serialVersionUID = 1L;
        final String sensor;

        Reading(String sensor) {
            this.sensor = sensor;
        }
    }

    /** Kryo's field serializer can make this one. */
    static final class Plain {
        int n;
    }

    @Test
    void kryoRegistrationsReachStormsKryoAndTheSubmitterHookStaysWithGale() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout());
        b.setBolt("b", new TestWordCounter()).fieldsGrouping("s", new Fields("word"));
        Config conf = new Config();
        conf.registerSerialization(Reading.class, SerializableSerializer.class);
        conf.registerSerialization(Plain.class);
        conf.setFallBackOnJavaSerialization(false);
        conf.put(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN, "com.example.GaleHook");
        StormRunner.Translation tr = StormRunner.translate(conf, b.createTopology());

        assertThat(tr.conf().get(Config.TOPOLOGY_KRYO_REGISTER)).isEqualTo(List.of(
                Map.of(Reading.class.getName(), SerializableSerializer.class.getName()), Plain.class.getName()));
        assertThat(tr.conf()).doesNotContainKey(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN);
        Map<String, Object> workerConf = new HashMap<>(Utils.readDefaultConfig());
        workerConf.putAll(tr.conf());
        Kryo kryo = SerializationFactory.getKryo(workerConf);
        Output out = new Output(256, -1);
        kryo.writeClassAndObject(out, new Reading("t-7"));
        assertThat(((Reading) kryo.readClassAndObject(new Input(out.toBytes()))).sensor).isEqualTo("t-7");
    }

    /** A Gale decorator: registers Reading, which Storm's Kryo could not build by itself. */
    public static final class ReadingDecorator implements IKryoDecorator {
        @Override
        public void decorate(Kryo k) {
            k.register(Reading.class, new SerializableSerializer());
        }
    }

    /** A Gale factory that requires registrations and gives Plain a recognisable id. */
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
            k.register(Plain.class, 321);
        }

        @Override
        public void postDecorate(Kryo k, Map<String, Object> conf) {
        }
    }

    @Test
    void galeKryoDecoratorsAndFactoriesRunInStormsKryoThroughGalesBridge() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout());
        Config conf = new Config();
        conf.registerDecorator(ReadingDecorator.class);
        conf.setKryoFactory(StrictFactory.class);
        StormRunner.Translation tr = StormRunner.translate(conf, b.createTopology());

        assertThat(tr.conf().get(Config.TOPOLOGY_KRYO_DECORATORS)).as("no Gale class left for Storm to cast").isEqualTo(List.of());
        assertThat(tr.conf().get(Config.TOPOLOGY_KRYO_FACTORY)).isEqualTo(GaleKryoFactory.class.getName());
        Map<String, Object> workerConf = new HashMap<>(Utils.readDefaultConfig());
        workerConf.putAll(tr.conf());
        Kryo kryo = SerializationFactory.getKryo(workerConf);
        assertThat(kryo.isRegistrationRequired()).isTrue();
        assertThat(kryo.getRegistration(Plain.class).getId()).isEqualTo(321);
        Output out = new Output(256, -1);
        kryo.writeClassAndObject(out, new Reading("t-9"));
        assertThat(((Reading) kryo.readClassAndObject(new Input(out.toBytes()))).sensor).isEqualTo("t-9");
    }
}
