package dev.gale.impl.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.impl.topology.ComponentSettings.WindowSpec;
import dev.gale.testing.TestWordSpout;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.windowing.TupleWindow;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ComponentSettingsTest {

    static final class Windowed extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(TupleWindow inputWindow) {
        }
    }

    private static ComponentDef only(TopologyBuilder b, String id) {
        return b.createTopology().components().get(id);
    }

    private static ComponentDef spout(int parallelism, Integer ownTasks) {
        TopologyBuilder b = new TopologyBuilder();
        var d = b.setSpout("s", new TestWordSpout(), parallelism);
        if (ownTasks != null) {
            d.setNumTasks(ownTasks);
        }
        return only(b, "s");
    }

    @Test
    void tasksAreTheComponentsOwnElseTheTopologysElseOnePerExecutorAndExecutorsNeverOutnumberThem() {
        ComponentSettings plain = ComponentSettings.resolve(spout(3, null), Map.of());
        assertThat(plain.executors()).isEqualTo(3);
        assertThat(plain.tasks()).isEqualTo(3);

        ComponentSettings topologyWide = ComponentSettings.resolve(spout(3, null), Map.of(Config.TOPOLOGY_TASKS, 8));
        assertThat(topologyWide.tasks()).isEqualTo(8);
        assertThat(topologyWide.executors()).isEqualTo(3);

        ComponentSettings own = ComponentSettings.resolve(spout(3, 5), Map.of(Config.TOPOLOGY_TASKS, 8));
        assertThat(own.tasks()).isEqualTo(5);

        ComponentSettings fewer = ComponentSettings.resolve(spout(4, null), Map.of(Config.TOPOLOGY_TASKS, 2));
        assertThat(fewer.tasks()).isEqualTo(2);
        assertThat(fewer.executors()).isEqualTo(2);
    }

    @Test
    void maxTaskParallelismCapsTasksAndExecutorsTheComponentsOwnCapOverTheTopologys() {
        ComponentSettings capped = ComponentSettings.resolve(spout(4, 6), Map.of(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 3));
        assertThat(capped.tasks()).isEqualTo(3);
        assertThat(capped.executors()).isEqualTo(3);

        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout(), 4).addConfiguration(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 2);
        ComponentSettings own = ComponentSettings.resolve(only(b, "s"), Map.of(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 3));
        assertThat(own.tasks()).isEqualTo(2);
        assertThat(own.executors()).isEqualTo(2);
    }

    @Test
    void thePlanRunsTheResolvedCountsAndItsDefinitionsShowThem() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout(), 4);
        StormTopology t = b.createTopology();
        Map<String, Object> conf = Map.of(Config.TOPOLOGY_MAX_TASK_PARALLELISM, 2);
        TopologyPlan plan = TopologyPlan.of("t", t, TopologySettings.from(conf), conf);
        assertThat(plan.settingsOf("s").executors()).isEqualTo(2);
        assertThat(plan.tasksOf("s")).hasSize(2);
        assertThat(plan.component("s").parallelism()).isEqualTo(2);
        assertThat(plan.component("s").numTasks()).isEqualTo(2);
    }

    @Test
    void aComponentThatIsNoWindowedBoltHasNoWindowWhateverItsConfSays() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout()).addConfiguration(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, 5_000);
        assertThat(ComponentSettings.resolve(only(b, "s"), Map.of()).window()).isSameAs(WindowSpec.NONE);
    }

    @Test
    void aTimeWindowHoldsATupleForItsLengthPlusItsSlideAndSlidesByItsLengthWhenTumbling() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout());
        b.setBolt("sliding", new Windowed().withWindow(new Duration(10, TimeUnit.SECONDS), new Duration(2, TimeUnit.SECONDS)))
                .shuffleGrouping("s");
        b.setBolt("tumbling", new Windowed().withTumblingWindow(new Duration(3, TimeUnit.SECONDS))).shuffleGrouping("s");
        b.setBolt("counted", new Windowed().withWindow(new Count(10), new Count(2))).shuffleGrouping("s");
        StormTopology t = b.createTopology();
        WindowSpec sliding = ComponentSettings.resolve(t.components().get("sliding"), Map.of()).window();
        assertThat(sliding).isEqualTo(new WindowSpec(0, 10_000, 0, 2_000));
        assertThat(sliding.holdNanos()).isEqualTo(12_000_000_000L);
        assertThat(sliding.spanTuples()).isZero();
        WindowSpec tumbling = ComponentSettings.resolve(t.components().get("tumbling"), Map.of()).window();
        assertThat(tumbling.holdNanos()).isEqualTo(6_000_000_000L);
        WindowSpec counted = ComponentSettings.resolve(t.components().get("counted"), Map.of()).window();
        assertThat(counted).isEqualTo(new WindowSpec(10, 0, 2, 0));
        assertThat(counted.holdNanos()).isZero();
        assertThat(counted.spanTuples()).isEqualTo(12);

        TopologyPlan plan = TopologyPlan.of("t", t, TopologySettings.from(Map.of()), Map.of());
        assertThat(plan.windowHoldNanos()).isEqualTo(12_000_000_000L);
    }

    @Test
    void aCountWindowWithoutSlideSlidesByOneTupleAndACountWinsOverADuration() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout());
        b.setBolt("w", new Windowed().withWindow(new Count(7))).shuffleGrouping("s")
                .addConfiguration(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, 9_000);
        WindowSpec w = ComponentSettings.resolve(only(b, "w"), Map.of()).window();
        assertThat(w).isEqualTo(new WindowSpec(7, 0, 1, 0));
        assertThat(w.spanTuples()).isEqualTo(8);
    }

    @Test
    void aWindowSettingThatIsNoNumberFailsNamingTheBoltAndTheKey() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("s", new TestWordSpout());
        b.setBolt("w", new Windowed().withWindow(new Count(7))).shuffleGrouping("s")
                .addConfiguration(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, "two");
        assertThatThrownBy(() -> ComponentSettings.resolve(only(b, "w"), Map.of()))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessage("bolt 'w': " + Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT + " must be a number, got two");
    }
}
