package dev.gale.testing;

import dev.gale.Config;
import java.time.Duration;
import java.util.Map;

/**
 * Options of a completed topology run, Storm's {@code CompleteTopologyParam} (for
 * {@code dev.gale.Testing.completeTopology}) and Gale's {@link Testing#completeTopology}:
 * mocked sources, configuration, a name, whether to clean the spouts' state afterwards, and
 * how long (real time, and simulated time) the run may take. Storm's setters return nothing, as
 * in Storm, so code compiled against Storm links; Gale's own ({@link #setTimeout},
 * {@link #setSimulatedTimeLimit}) return {@code this}. Not thread-safe.
 */
public class CompleteTopologyParam {
    private MockedSources mockedSources = new MockedSources();
    private Map<String, Object> stormConf = new Config();
    private boolean cleanupState = true;
    private String topologyName;
    private Duration timeout = Duration.ofSeconds(60);
    private Duration simulatedTimeLimit = Duration.ofHours(1);

    public MockedSources getMockedSources() {
        return mockedSources;
    }

    /** The mocked spouts (null: none). */
    public void setMockedSources(MockedSources mockedSources) {
        this.mockedSources = mockedSources == null ? new MockedSources() : mockedSources;
    }

    public Map<String, Object> getStormConf() {
        return stormConf;
    }

    public void setStormConf(Map<String, Object> stormConf) {
        this.stormConf = stormConf == null ? new Config() : stormConf;
    }

    /** Whether the spouts' {@code clean()} is called after the run (Storm's run). Default true. */
    public boolean getCleanupState() {
        return cleanupState;
    }

    public void setCleanupState(Boolean cleanupState) {
        this.cleanupState = cleanupState == null || cleanupState;
    }

    /** The name the topology runs under; null (the default) means a generated one. */
    public String getTopologyName() {
        return topologyName;
    }

    public void setTopologyName(String topologyName) {
        this.topologyName = topologyName;
    }

    /**
     * Real time the whole run may take before it is abandoned with an error. Default 60 s
     * (Storm's is {@code Testing.TEST_TIMEOUT_MS}, 10 s: a longer limit only changes how long a
     * failing run takes, and spares runs on a loaded machine).
     */
    public Duration getTimeout() {
        return timeout;
    }

    public CompleteTopologyParam setTimeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Storm's name for {@link #getTimeout}, in milliseconds. */
    public Integer getTimeoutMs() {
        return (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    }

    /** Storm's name for {@link #setTimeout}, in milliseconds (null: the default). */
    public void setTimeoutMs(Integer millis) {
        long timeout = millis == null ? dev.gale.Testing.TEST_TIMEOUT_MS : millis; // fully qualified: testing.Testing shares the name
        setTimeout(Duration.ofMillis(timeout));
    }

    /** Simulated time the run may advance before it is abandoned with an error. Default 1 h. */
    public Duration getSimulatedTimeLimit() {
        return simulatedTimeLimit;
    }

    public CompleteTopologyParam setSimulatedTimeLimit(Duration limit) {
        this.simulatedTimeLimit = limit;
        return this;
    }
}
