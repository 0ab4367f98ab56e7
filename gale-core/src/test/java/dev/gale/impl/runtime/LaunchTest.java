package dev.gale.impl.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.generated.StormTopology;
import dev.gale.impl.env.TupleObserver;
import dev.gale.testing.TestWordSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchTest {
    private static final StormTopology TOPOLOGY = topology();
    private final SimulatedClock clock = new SimulatedClock();

    private static StormTopology topology() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", new TestWordSpout());
        return b.createTopology();
    }

    @Test
    void aPlainLaunchIsThreadedUnobservedActiveWithTheDefaultGrace() {
        Launch l = Launch.of("t", Map.of("k", 1), TOPOLOGY, clock);
        assertThat(l.name()).isEqualTo("t");
        assertThat(l.conf()).containsExactly(Map.entry("k", 1));
        assertThat(l.topology()).isSameAs(TOPOLOGY);
        assertThat(l.clock()).isSameAs(clock);
        assertThat(l.stepped()).isFalse();
        assertThat(l.observer()).isNull();
        assertThat(l.killGrace()).isEqualTo(RunningTopology.DEFAULT_KILL_GRACE);
        assertThat(l.active()).isTrue();
    }

    @Test
    void eachWitherChangesItsFieldOnlyAndLeavesTheOriginalAsItWas() {
        Launch plain = Launch.of("t", Map.of(), TOPOLOGY, clock);
        TupleObserver observer = (component, task, stream, values) -> { };
        Launch l = plain.withStepped(true).withObserver(observer).withKillGrace(Duration.ofMillis(5)).withActive(false);
        assertThat(l).isEqualTo(new Launch("t", Map.of(), TOPOLOGY, clock, true, observer, Duration.ofMillis(5), false));
        assertThat(plain).isEqualTo(Launch.of("t", Map.of(), TOPOLOGY, clock));
        assertThat(plain.withActive(false).active()).isFalse();
        assertThat(plain.withActive(false).stepped()).isFalse();
    }

    @Test
    void theConfIsACopyThatKeepsNullValuesAndCannotBeChanged() {
        Map<String, Object> conf = new HashMap<>();
        conf.put("topology.tick.tuple.freq.secs", null);
        Launch l = Launch.of("t", conf, TOPOLOGY, clock);
        conf.put("later", 1);
        assertThat(l.conf()).containsOnlyKeys("topology.tick.tuple.freq.secs");
        assertThatThrownBy(() -> l.conf().put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Launch.of("t", null, TOPOLOGY, clock).conf()).isEmpty();
    }

    @Test
    void aLaunchWithoutNameTopologyClockOrGraceIsRefused() {
        assertThatThrownBy(() -> Launch.of(null, Map.of(), TOPOLOGY, clock)).hasMessageContaining("name");
        assertThatThrownBy(() -> Launch.of("t", Map.of(), null, clock)).hasMessageContaining("topology");
        assertThatThrownBy(() -> Launch.of("t", Map.of(), TOPOLOGY, null)).hasMessageContaining("clock");
        assertThatThrownBy(() -> Launch.of("t", Map.of(), TOPOLOGY, clock).withKillGrace(null))
                .hasMessageContaining("killGrace");
    }
}
