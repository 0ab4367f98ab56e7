package dev.gale.impl.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.stats.ComponentKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComponentDefTest {

    private static ComponentDef def(ComponentKind kind) {
        return new ComponentDef("c", kind, new Object(), 1, 1, Map.of(), Map.of(), List.of());
    }

    @Test
    void aComponentIsASpoutOrABoltAndSaysSoInMessages() {
        assertThat(def(ComponentKind.SPOUT).kind()).isEqualTo(ComponentKind.SPOUT);
        assertThat(def(ComponentKind.SPOUT).describe()).isEqualTo("spout 'c'");
        assertThat(def(ComponentKind.BOLT).describe()).isEqualTo("bolt 'c'");
    }

    @Test
    void theAckerIsNeverAComponentOfABuiltTopology() {
        assertThatThrownBy(() -> def(ComponentKind.ACKER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 'c'")
                .hasMessageContaining("not acker");
        assertThatThrownBy(() -> def(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
