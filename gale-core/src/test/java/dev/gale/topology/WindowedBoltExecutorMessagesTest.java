package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.windowing.TupleWindow;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Errors of the windowed executor whose text user code matches on, as Storm words them. */
class WindowedBoltExecutorMessagesTest {

    private static final class Bolt extends BaseWindowedBolt {
        @Override
        public void execute(TupleWindow inputWindow) {
        }
    }

    @Test
    void aLateTupleStreamWithoutEventTimeIsRefusedInStormsWords() {
        BaseWindowedBolt bolt = new Bolt().withTumblingWindow(Count.of(3)).withLateTupleStream("late");
        Map<String, Object> conf = new HashMap<>(bolt.getComponentConfiguration());

        assertThatThrownBy(() -> new WindowedBoltExecutor(bolt).validate(conf))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Late tuple stream can be defined only when specifying a timestamp field");
    }

    @Test
    void aWindowWithoutALengthIsRefusedInStormsWords() {
        assertThatThrownBy(() -> new WindowedBoltExecutor(new Bolt()).validate(new HashMap<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Window length is not specified");
    }
}
