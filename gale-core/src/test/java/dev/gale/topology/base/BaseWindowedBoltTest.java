package dev.gale.topology.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.state.KeyValueState;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.topology.base.BaseWindowedBolt.Duration;
import dev.gale.windowing.TupleWindow;
import org.junit.jupiter.api.Test;

/** The window a windowed bolt's builder methods put in its component configuration. */
class BaseWindowedBoltTest {

    private static final class Bolt extends BaseWindowedBolt {
        @Override
        public void execute(TupleWindow inputWindow) {
        }
    }

    private static final class StatefulBolt extends BaseStatefulWindowedBolt<KeyValueState<String, Long>> {
        @Override
        public void initState(KeyValueState<String, Long> state) {
        }

        @Override
        public void execute(TupleWindow inputWindow) {
        }
    }

    @Test
    void aWindowGivenOnlyALengthSlidesWithEveryTuple() {
        BaseWindowedBolt bolt = new Bolt().withWindow(Duration.seconds(3));
        assertThat(bolt.getComponentConfiguration())
                .containsEntry(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, 3000)
                .containsEntry(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, 1)
                .hasSize(2);
    }

    @Test
    void aTumblingWindowSlidesByItsLength() {
        assertThat(new Bolt().withTumblingWindow(Count.of(7)).getComponentConfiguration())
                .containsEntry(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT, 7)
                .containsEntry(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, 7);
    }

    @Test
    void aBadSlideLeavesTheWindowUnset() {
        Bolt bolt = new Bolt();
        assertThatThrownBy(() -> bolt.withWindow(Count.of(5), Count.of(0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Sliding interval must be positive [Count{value=0}]");
        assertThatThrownBy(() -> bolt.withWindow(Count.of(5), (Duration) null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Sliding interval duration cannot be set null");
        assertThat(bolt.getComponentConfiguration()).isEmpty();
    }

    @Test
    void theLengthIsCheckedFirst() {
        assertThatThrownBy(() -> new Bolt().withWindow(Duration.of(0), Count.of(0)))
                .hasMessage("Window length must be positive [Duration{value=0}]");
    }

    @Test
    void theStatefulBuildersSetTheSameKeysAndReturnTheStatefulBolt() {
        StatefulBolt bolt = new StatefulBolt();
        BaseStatefulWindowedBolt<?> same = bolt.withWindow(Count.of(4), Count.of(2)).withMessageIdField("msgid")
                .withLag(Duration.of(50));
        assertThat(same).isSameAs(bolt);
        assertThat(bolt.getComponentConfiguration())
                .containsEntry(Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT, 4)
                .containsEntry(Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT, 2)
                .containsEntry(Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME, "msgid")
                .containsEntry(Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS, 50);
    }

    @Test
    void theStatefulInMemoryBoundFallsBackToTheDefaultUnlessPositive() {
        StatefulBolt bolt = new StatefulBolt();
        long fallback = 1_000_000L; // IStatefulWindowedBolt's default
        assertThat(bolt.maxEventsInMemory()).isEqualTo(fallback);
        assertThat(bolt.withMaxEventsInMemory(0).maxEventsInMemory()).isEqualTo(fallback);
        assertThat(bolt.withMaxEventsInMemory(-3).maxEventsInMemory()).isEqualTo(fallback);
        assertThat(bolt.withMaxEventsInMemory(25_000).maxEventsInMemory()).isEqualTo(25_000);
    }
}
