package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchedulerSettingsTest {

    private static SchedulerSettings with(String key, Object value) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(key, value);
        return SchedulerSettings.from(conf);
    }

    @Test
    void theDefaultsAreOneThreadPerCoreBackoffRoundRobinAndBalancing() {
        SchedulerSettings s = SchedulerSettings.from(Map.of());
        assertThat(s.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(s.idle()).isSameAs(IdleStrategy.BACKOFF);
        assertThat(s.blockedNanos()).isEqualTo(100_000_000L);
        assertThat(s.pipelinePlacement()).isFalse();
        assertThat(s.balance()).isTrue();
    }

    @Test
    void eachSettingIsRead() {
        assertThat(with(Config.GALE_SCHEDULER_THREADS, 3).threads()).isEqualTo(3);
        assertThat(with(Config.GALE_SCHEDULER_IDLE, "spin").idle()).isSameAs(IdleStrategy.BUSY_SPIN);
        assertThat(with(Config.GALE_SCHEDULER_PLACEMENT, "pipeline").pipelinePlacement()).isTrue();
        assertThat(with(Config.GALE_SCHEDULER_BALANCE, false).balance()).isFalse();
        assertThat(with(Config.GALE_SCHEDULER_BALANCE, "false").balance()).isFalse();
        assertThat(with(Config.GALE_SCHEDULER_STEP_SEED, "42").stepSeed()).isEqualTo(42);
    }

    @Test
    void aBadValueFailsNamingItsKey() {
        assertThatThrownBy(() -> with(Config.GALE_SCHEDULER_BALANCE, "sometimes"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Config.GALE_SCHEDULER_BALANCE);
        assertThatThrownBy(() -> with(Config.GALE_SCHEDULER_IDLE, "nap"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Config.GALE_SCHEDULER_IDLE);
        assertThatThrownBy(() -> with(Config.GALE_SCHEDULER_PLACEMENT, "random"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Config.GALE_SCHEDULER_PLACEMENT);
        assertThatThrownBy(() -> with(Config.GALE_SCHEDULER_THREADS, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Config.GALE_SCHEDULER_THREADS);
    }
}
