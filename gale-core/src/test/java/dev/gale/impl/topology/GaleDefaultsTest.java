package dev.gale.impl.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.impl.sched.IdleStrategy;
import dev.gale.impl.sched.SchedulerSettings;
import dev.gale.stats.ComponentKind;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GaleDefaultsTest {
    /** Gale keys read by public, Storm-shaped classes, which keep their default next to the reading code. */
    private static final Set<String> READ_OUTSIDE_THE_ENGINE = Set.of(
            Config.GALE_STATE_CHECKPOINT_RETRY_MAX_MS, Config.GALE_WINDOW_MAX_EVENTS_IN_MEMORY,
            Config.GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS, Config.GALE_STATE_KEYS_JAVA_SERIALIZATION,
            Config.GALE_STATE_DESERIALIZATION_ALLOW, Config.GALE_MULTILANG_MESSAGE_MAX_BYTES,
            Config.GALE_MULTILANG_STDERR_LINE_MAX_BYTES, Config.GALE_MULTILANG_KILL_GRACE_MS);

    private static Set<String> galeKeys() throws IllegalAccessException {
        Set<String> keys = new HashSet<>();
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && f.getName().startsWith("GALE_")) {
                keys.add((String) f.get(null));
            }
        }
        return keys;
    }

    @Test
    void everyGaleKeyHasItsDefaultInTheTableOrIsReadOutsideTheEngine() throws IllegalAccessException {
        Set<String> keys = galeKeys();
        assertThat(keys).containsAll(GaleDefaults.engine().keySet()).containsAll(READ_OUTSIDE_THE_ENGINE);
        Set<String> placed = new HashSet<>(GaleDefaults.engine().keySet());
        placed.addAll(READ_OUTSIDE_THE_ENGINE);
        assertThat(placed).as("a new gale.* key needs its default in GaleDefaults").isEqualTo(keys);
        assertThat(GaleDefaults.engine().keySet()).doesNotContainAnyElementsOf(READ_OUTSIDE_THE_ENGINE);
    }

    @Test
    void theTableHoldsTheDefaultsConfigDocuments() {
        assertThat(GaleDefaults.intValue(Config.GALE_PENDING_BUCKETS)).isEqualTo(5);
        assertThat(GaleDefaults.intValue(Config.GALE_SPOUT_IDLE_MAX_MS)).isEqualTo(40);
        assertThat(GaleDefaults.intValue(Config.GALE_SCHEDULER_BLOCKED_MS)).isEqualTo(100);
        assertThat(GaleDefaults.stringValue(Config.GALE_SCHEDULER_IDLE)).isEqualTo("backoff");
        assertThat(GaleDefaults.stringValue(Config.GALE_SCHEDULER_PLACEMENT)).isEqualTo("round-robin");
        assertThat(GaleDefaults.booleanValue(Config.GALE_SCHEDULER_BALANCE)).isTrue();
        assertThat(GaleDefaults.booleanValue(Config.GALE_SCHEDULER_INLINE)).isFalse();
        assertThat(GaleDefaults.booleanValue(Config.GALE_EXECUTOR_OWN_THREAD)).isFalse();
        assertThat(GaleDefaults.intValue(Config.GALE_TRACE_SAMPLE)).isZero();
        assertThat(GaleDefaults.engine()).containsEntry(Config.GALE_SCHEDULER_THREADS, null);
        assertThatThrownBy(() -> GaleDefaults.intValue(Config.GALE_SCHEDULER_THREADS))
                .hasMessageContaining(Config.GALE_SCHEDULER_THREADS);
    }

    @Test
    void anEmptyConfigurationResolvesToTheTablesValues() {
        TopologySettings t = TopologySettings.from(Map.of());
        assertThat(t.pendingBuckets()).isEqualTo(GaleDefaults.intValue(Config.GALE_PENDING_BUCKETS));
        assertThat(t.spoutIdleMaxNanos()).isEqualTo(GaleDefaults.intValue(Config.GALE_SPOUT_IDLE_MAX_MS) * 1_000_000L);
        assertThat(t.inline()).isEqualTo(GaleDefaults.booleanValue(Config.GALE_SCHEDULER_INLINE));
        assertThat(t.traceSample()).isEqualTo(GaleDefaults.intValue(Config.GALE_TRACE_SAMPLE));
        assertThat(t.messageTimeoutSecs()).isEqualTo(StormDefaults.intValue(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS));

        SchedulerSettings s = SchedulerSettings.from(Map.of());
        assertThat(s.idle()).isSameAs(IdleStrategy.named(GaleDefaults.stringValue(Config.GALE_SCHEDULER_IDLE)));
        assertThat(s.blockedNanos()).isEqualTo(GaleDefaults.intValue(Config.GALE_SCHEDULER_BLOCKED_MS) * 1_000_000L);
        assertThat(s.pipelinePlacement()).isFalse();
        assertThat(s.balance()).isEqualTo(GaleDefaults.booleanValue(Config.GALE_SCHEDULER_BALANCE));
        assertThat(s.shuffleNanos()).isZero();
        assertThat(s.stepSeed()).isZero();

        ComponentDef bolt = new ComponentDef("b", ComponentKind.BOLT, new Object(), 1, 1, Map.of(), Map.of(), List.of());
        ComponentSettings c = ComponentSettings.resolve(bolt, Map.of());
        assertThat(c.ownThread()).isEqualTo(GaleDefaults.booleanValue(Config.GALE_EXECUTOR_OWN_THREAD));
        assertThat(c.debug()).isEqualTo(StormDefaults.booleanValue(Config.TOPOLOGY_DEBUG));
        assertThat(c.loadAware()).isEqualTo(!StormDefaults.booleanValue(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING));
        assertThat(c.loadAwareHigh()).isEqualTo(StormDefaults.doubleValue(Config.TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND));
        assertThat(c.loadAwareLow()).isEqualTo(StormDefaults.doubleValue(Config.TOPOLOGY_LOCALITYAWARE_LOWER_BOUND));
        assertThat(c.tickFreqSecs()).isZero();
    }
}
