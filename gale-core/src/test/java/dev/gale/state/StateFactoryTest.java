package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateFactoryTest {

    @Test
    void theDefaultIsInMemoryAndStormNamesAreReadAsGales() {
        assertThat(StateFactory.getState("ns", new HashMap<>(), null)).isInstanceOf(InMemoryKeyValueState.class);
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, "org.apache.storm.state.InMemoryKeyValueStateProvider");
        assertThat(StateFactory.getState("ns", conf, null)).isInstanceOf(InMemoryKeyValueState.class);
    }

    @Test
    void aProviderThatIsMissingOrWrongIsNamed() {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, "org.apache.storm.redis.state.RedisKeyValueStateProvider");
        assertThatThrownBy(() -> StateFactory.getState("ns", conf, null))
                .hasMessageContaining("dev.gale.redis.state.RedisKeyValueStateProvider")
                .hasMessageContaining("gale-redis");
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, String.class.getName());
        assertThatThrownBy(() -> StateFactory.getState("ns", conf, null))
                .hasMessageContaining("does not implement " + StateProvider.class.getName());
    }
}
