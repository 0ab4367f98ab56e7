package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.metric.LoggingMetricsConsumer;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.TestWordCounter;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.utils.Time;
import dev.gale.windowing.TupleWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What Storm cannot run is refused at submit (translation), with a message naming it. */
class SubmitChecksTest {

    private static StormTopology wordCount() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        b.setBolt("count", new TestWordCounter()).fieldsGrouping("words", new Fields("word"));
        return b.createTopology();
    }

    @Test
    void simulatedTimeIsRefused() {
        try (Time.SimulatedTime ignored = new Time.SimulatedTime()) {
            assertThatThrownBy(() -> StormRunner.translate(new Config(), wordCount()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("simulated time")
                    .hasMessageContaining("wall clocks");
        }
    }

    @Test
    void galesInJvmTestComponentsAreRefusedByName() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("feeder", new FeederSpout(new Fields("word")));
        b.setBolt("count", new TestWordCounter()).shuffleGrouping("feeder");
        assertThatThrownBy(() -> StormRunner.translate(new Config(), b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("spout 'feeder'")
                .hasMessageContaining("FeederSpout").hasMessageContaining("embedded engine only");
    }

    /** A window that sums nothing: only its settings matter here. */
    static final class Idle extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(TupleWindow inputWindow) {
        }
    }

    @Test
    void aBoundOnAWindowsMemoryIsRefused() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        b.setBolt("window", new Idle().withTumblingWindow(BaseWindowedBolt.Count.of(10)).withMaxEventsInMemory(100))
                .shuffleGrouping("words");
        assertThatThrownBy(() -> StormRunner.translate(new Config(), b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("bolt 'window'")
                .hasMessageContaining("gale.window.max.events.in.memory");
    }

    @Test
    void aWindowGaleWouldRefuseIsRefusedNowNotInAWorker() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        b.setBolt("window", new Idle().withTumblingWindow(BaseWindowedBolt.Duration.seconds(40))).shuffleGrouping("words");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(30);
        assertThatThrownBy(() -> StormRunner.translate(conf, b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("bolt 'window'");
    }

    @Test
    void aConfigurationValueThatCannotReachTheWorkersIsRefusedByKey() {
        Config conf = new Config();
        conf.put("my.lock", new Object());
        assertThatThrownBy(() -> StormRunner.translate(conf, wordCount()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("'my.lock'")
                .hasMessageContaining("java.lang.Object");
    }

    @Test
    void aKryoRegistrationThatDoesNotLoadIsRefused() {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_KRYO_REGISTER, List.of("com.example.NoSuchClass"));
        assertThatThrownBy(() -> StormRunner.translate(conf, wordCount()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("com.example.NoSuchClass")
                .hasMessageContaining("topology.kryo.register");
    }

    @Test
    void aTaskHookThatCannotBeCreatedIsRefused() {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of("com.example.NoSuchHook"));
        assertThatThrownBy(() -> StormRunner.translate(conf, wordCount()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("com.example.NoSuchHook");
    }

    @Test
    void galesMetricsConsumersAreRefusedNamingTheKey() {
        Config conf = new Config();
        conf.registerMetricsConsumer(LoggingMetricsConsumer.class);
        assertThatThrownBy(() -> StormRunner.translate(conf, wordCount()))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining(Config.TOPOLOGY_METRICS_CONSUMER_REGISTER).hasMessageContaining("LoggingMetricsConsumer");
    }

    @Test
    void anInvalidGraphIsRefusedWithGalesMessage() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        b.setBolt("count", new TestWordCounter()).fieldsGrouping("words", new Fields("no-such-field"));
        assertThatThrownBy(() -> StormRunner.translate(new Config(), b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("no-such-field");
    }

    @Test
    void submittingWithoutAJarSaysHow() {
        assertThatThrownBy(() -> StormRunner.submit("t", new Config(), wordCount()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("storm jar");
    }
}
