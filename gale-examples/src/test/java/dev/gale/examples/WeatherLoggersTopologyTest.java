package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.tuple.Values;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link WeatherLoggersTopology}: what each named logger writes, read back from the test binding's
 * log file (src/test/resources/simplelogger.properties: INFO and above, to target/test.log).
 */
class WeatherLoggersTopologyTest {
    private static final Path LOG = Path.of("target", "test.log");

    @Test
    void eachWordIsLoggedAtInfoWarningWordsAtWarnAndTheTraceStaysOffAtTheDefaultLevel() throws Exception {
        // A word of this run's own, so that lines of other runs in the shared log do not count.
        String calm = "calm" + UUID.randomUUID().toString().replace("-", "");
        CompletedTopology result = Testing.completeTopology(WeatherLoggersTopology.createTopology(new Config()),
                new MockedSources().withMockData("words", new Values(calm), new Values("squall")));

        assertThat(result.emitted("report")).containsExactlyInAnyOrder(List.of(calm), List.of("squall"));
        List<String> lines = Files.readAllLines(LOG);
        assertThat(lines).anyMatch(l -> l.endsWith("INFO dev.gale.examples.weather - weather: " + calm));
        assertThat(lines).noneMatch(l -> l.contains("warning: " + calm));
        assertThat(lines).noneMatch(l -> l.contains("dev.gale.examples.weather.trace") && l.contains(calm));
        assertThat(lines).anyMatch(l -> l.endsWith("WARN dev.gale.examples.weather.warnings - warning: squall"));
    }
}
