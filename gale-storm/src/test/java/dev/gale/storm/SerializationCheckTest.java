package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ErrorInfo;
import dev.gale.streams.Pair;
import dev.gale.task.TopologyContext;
import dev.gale.testing.TestWordCounter;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values Storm must serialize between workers: Gale's own pass, a user's class gets a clear error with the fix. */
class SerializationCheckTest {

    /** A user's value class Kryo cannot build: no no-argument constructor, not registered. */
    static final class Point implements Serializable {
        private static final long serialVersionUID = 1L;
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    /** A user's value class Kryo's FieldSerializer handles once registered. */
    public static final class Bean {
        public int x;
    }

    @Test
    void galesOwnTypesTravelWithoutConfiguration() {
        assertThatCode(() -> {
            StormSerializationCheck.check(new Config(), new Values(1, "a"));
            StormSerializationCheck.check(new Config(), new Fields("a", "b"));
            StormSerializationCheck.check(new Config(), Pair.of("k", 3L));
        }).doesNotThrowAnyException();
    }

    @Test
    void anUnregisteredClassIsNamedWithTheFix() {
        assertThatThrownBy(() -> StormSerializationCheck.check(new Config(), new Point(1, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(Point.class.getName())
                .hasMessageContaining("conf.registerSerialization(" + Point.class.getName() + ".class)")
                .hasMessageContaining("topology.fall.back.on.java.serialization");
    }

    @Test
    void aRegisteredClassOrJavaSerializationPasses() {
        Config registered = new Config();
        registered.registerSerialization(Bean.class);
        Bean b = new Bean();
        b.x = 3;
        assertThatCode(() -> StormSerializationCheck.check(registered, b)).doesNotThrowAnyException();

        Config javaSerialization = new Config();
        javaSerialization.put(Config.TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, true);
        assertThatCode(() -> StormSerializationCheck.check(javaSerialization, new Point(1, 2))).doesNotThrowAnyException();
    }

    @Test
    void aClassInsideACollectionIsFoundToo() {
        assertThatThrownBy(() -> StormSerializationCheck.check(new Config(), new ArrayList<>(List.of(new Point(1, 2)))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Point.class.getName());
    }

    /** Emits one Point, then nothing. */
    static final class PointSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient boolean done;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (!done) {
                done = true;
                collector.emit(new Values("p", new Point(1, 2)));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "point"));
        }
    }

    @Test
    void onTheEmbeddedEngineTheCheckReportsTheEmitterOfAClassStormCouldNotSend() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("points", new PointSpout());
        b.setBolt("count", new TestWordCounter()).shuffleGrouping("points");
        Config conf = StormSerializationCheck.enable(new Config());
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("points", conf, b.createTopology());
            cluster.waitForIdle();
            List<ErrorInfo> errors = cluster.getTopologyStats("points").component("points").orElseThrow().lastErrors();
            assertThat(errors).hasSize(1);
            assertThat(errors.get(0).message() + errors.get(0).stackTrace()).contains("field 'point'")
                    .contains(Point.class.getName()).contains("registerSerialization");
        }
    }
}
