package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.StreamInfo;
import dev.gale.topology.OutputFieldsGetter;
import dev.gale.tuple.Fields;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Storm's small helpers that ported components and their tests call. */
class StormHelpersTest {

    @Test
    void tickFrequencyGoesIntoTheComponentConfiguration() {
        Map<String, Object> own = new HashMap<>(Map.of("x", 1));
        assertThat(TupleUtils.putTickFrequencyIntoComponentConfig(own, 5)).isSameAs(own)
                .containsEntry(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5).containsEntry("x", 1);
        assertThat(TupleUtils.putTickFrequencyIntoComponentConfig(null, 2))
                .isInstanceOf(Config.class).containsEntry(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 2);
        assertThat(TupleUtils.putTickFrequencyIntoComponentConfig(new HashMap<>(), 0)).isEmpty();
    }

    record Endpoint(String host) {
    }

    @Test
    void aConfigurationIsValidWhenItSurvivesJson() {
        Map<String, Object> conf = new HashMap<>(Map.of("n", 3));
        conf.put("list", List.of(1, "a", Map.of("k", 2.5)));
        conf.put("nothing", null);
        assertThat(Utils.isValidConf(conf)).isTrue();
        assertThat(Utils.isValidConf(null)).isTrue();

        conf.put("endpoint", new Endpoint("h"));
        assertThat(Utils.isValidConf(conf)).isFalse();
        assertThat(Utils.isValidConf(Map.of("set", Set.of(1L)))).isTrue();
        assertThat(Utils.isValidConf(Map.of("ratio", 0.1f))).isFalse();
        assertThat(Utils.isValidConf(Map.of("ratio", 0.5f))).isTrue();
    }

    @Test
    void outputFieldsGetterRecordsDeclarationsInStormsShape() {
        OutputFieldsGetter declared = new OutputFieldsGetter();
        declared.declare(new Fields("word"));
        declared.declareStream("direct-out", true, new Fields("a", "b"));
        declared.declareStream("__ack_init", new Fields("id"));

        assertThat(declared.getFieldsDeclaration()).containsExactly(
                Map.entry("default", new StreamInfo(List.of("word"), false)),
                Map.entry("direct-out", new StreamInfo(List.of("a", "b"), true)),
                Map.entry("__ack_init", new StreamInfo(List.of("id"), false)));
        assertThatThrownBy(() -> declared.declare(true, new Fields("again")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("default");
        assertThatThrownBy(() -> declared.declareStream(null, new Fields("x")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
