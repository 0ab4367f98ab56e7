package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A state provider's config read from a JSON string or a map, with its keys checked and a bad text located but never quoted. */
class StateProviderConfigTest {
    private static final Set<String> KEYS = Set.of("path", "pool");

    private static Map<String, Object> read(Object raw) {
        return StateProviderConfig.read(Map.of(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, raw), KEYS, StateProviderConfigTest.class);
    }

    @Test
    void aJsonObjectIsReadWithItsNestedValues() {
        Map<String, Object> config = read("{\"path\": \"/data\", \"pool\": {\"port\": 6379, \"ssl\": true}}");
        assertThat(config).containsEntry("path", "/data");
        assertThat(config.get("pool")).isEqualTo(Map.of("port", 6379L, "ssl", true));
    }

    @Test
    void aMapIsTakenAsItIsAndNoConfigIsEmpty() {
        assertThat(read(Map.of("path", "/x"))).isEqualTo(Map.of("path", "/x"));
        assertThat(StateProviderConfig.read(Map.of(), KEYS, StateProviderConfigTest.class)).isEmpty();
    }

    @Test
    void anUnknownKeyIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> read("{\"paht\": \"/x\"}"))
            .hasMessageContaining("unknown key \"paht\" for StateProviderConfigTest").hasMessageContaining("path");
    }

    @Test
    void aTextThatIsNotAJsonObjectIsLocatedButNotQuoted() {
        assertThatThrownBy(() -> read("{\"path\": \"/x\",\n \"pool\": {\"password\": s3cret}}"))
            .hasMessage(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " is not a JSON object (see line 2, column 23)")
            .hasNoCause();
        assertThatThrownBy(() -> read("[1, 2]")).hasMessage(Config.TOPOLOGY_STATE_PROVIDER_CONFIG + " is not a JSON object");
    }
}
