package dev.gale.generated;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The optional fields of the summary mirrors: present once set to a value, absent while null. */
class OptionalFieldPresenceTest {

    @Test
    void anUnsetNumberReadsZeroAndASetZeroIsPresent() {
        TopologySummary summary = new TopologySummary("t-1", "t", 4, 2, 1, 30, "ACTIVE");
        assertThat(summary.is_set_replication_count()).isFalse();
        assertThat(summary.get_replication_count()).isZero();
        TopologySummary withZero = new TopologySummary("t-1", "t", 4, 2, 1, 30, "ACTIVE");
        withZero.set_replication_count(0);
        assertThat(withZero.is_set_replication_count()).isTrue();
        assertThat(withZero).isNotEqualTo(summary);
    }

    @Test
    void aNullObjectFieldIsAbsentAsInThrift() {
        TopologyInfo info = new TopologyInfo("t-1", "t", 30, List.of(), "ACTIVE", Map.of());
        info.set_owner("alice");
        assertThat(info.is_set_owner()).isTrue();
        info.set_owner(null);
        assertThat(info.is_set_owner()).isFalse();
        info.set_requested_cpu(12.5);
        assertThat(info.get_requested_cpu()).isEqualTo(12.5);
        assertThat(info.is_set_assigned_cpu()).isFalse();
        assertThat(info.get_assigned_cpu()).isZero();
    }
}
