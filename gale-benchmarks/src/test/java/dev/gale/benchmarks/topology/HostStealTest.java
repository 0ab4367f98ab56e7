package dev.gale.benchmarks.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class HostStealTest {
    @Test
    void theShareOfCpuTimeStolenBetweenTwoReadingsOfProcStat() {
        HostSteal before = HostSteal.parse("cpu  6073554 2539399 626623 4301461 12903 0 24787 133312 0 0");
        // 1000 ticks pass: 700 user, 50 system, 50 idle, 200 stolen (guest columns not counted again).
        HostSteal after = HostSteal.parse("cpu  6074254 2539399 626673 4301511 12903 0 24787 133512 90 0");
        assertThat(after.percentSince(before)).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void unknownWithoutAnEarlierReadingOrTimePassedAndForOtherLines() {
        HostSteal a = HostSteal.parse("cpu  1 2 3 4 5 6 7 8 9 10");
        assertThat(a.percentSince(null)).isNaN();
        assertThat(a.percentSince(a)).isNaN();
        assertThat(HostSteal.parse("cpu0 1 2 3 4 5 6 7 8 9 10")).isNull();
        assertThat(HostSteal.parse("intr 1 2")).isNull();
    }
}
