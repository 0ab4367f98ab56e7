package dev.gale.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The policies' state a window manager hands to a checkpoint, and takes back. */
class WindowManagerStateTest {

    private static WindowManager<String> manager() {
        WindowManager<String> manager = new WindowManager<>(new WindowLifecycleListener<>() {
            @Override
            public void onExpiry(List<String> events) {
            }

            @Override
            public void onActivation(List<String> events, List<String> newEvents, List<String> expired, Long referenceTime) {
            }
        });
        CountEvictionPolicy<String> eviction = new CountEvictionPolicy<>(5);
        manager.setEvictionPolicy(eviction);
        manager.setTriggerPolicy(new CountTriggerPolicy<>(2, manager, eviction));
        return manager;
    }

    @Test
    void theEvictionPolicysStateComesFirstThenTheTriggerPolicys() {
        // Saved states are written in this order; Storm's executor tests check it.
        assertThat(manager().getState().keySet()).containsExactly("es", "ts");
    }

    @Test
    void aSavedStateIsTakenBackByAnotherManager() {
        WindowManager<String> first = manager();
        first.add("a", 1);
        first.add("b", 2);
        first.add("c", 3);
        WindowManager<String> second = manager();

        second.restoreState(first.getState());

        assertThat(second.getState()).isEqualTo(first.getState());
    }
}
