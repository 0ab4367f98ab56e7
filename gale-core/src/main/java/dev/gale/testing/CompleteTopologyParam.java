package dev.gale.testing;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Options of {@link Testing#completeTopology}: mocked sources, configuration, a name, and how
 * long (real time, and simulated time) the run may take. Not thread-safe.
 */
public final class CompleteTopologyParam {
    private MockedSources mockedSources = new MockedSources();
    private Map<String, Object> stormConf = new HashMap<>();
    private String topologyName = "completed-topology";
    private Duration timeout = Duration.ofSeconds(60);
    private Duration simulatedTimeLimit = Duration.ofHours(1);

    public MockedSources getMockedSources() {
        return mockedSources;
    }

    public CompleteTopologyParam setMockedSources(MockedSources mockedSources) {
        this.mockedSources = mockedSources;
        return this;
    }

    public Map<String, Object> getStormConf() {
        return stormConf;
    }

    public CompleteTopologyParam setStormConf(Map<String, Object> stormConf) {
        this.stormConf = stormConf == null ? new HashMap<>() : stormConf;
        return this;
    }

    public String getTopologyName() {
        return topologyName;
    }

    public CompleteTopologyParam setTopologyName(String topologyName) {
        this.topologyName = topologyName;
        return this;
    }

    /** Real time the whole run may take before it is abandoned with an error. Default 60 s. */
    public Duration getTimeout() {
        return timeout;
    }

    public CompleteTopologyParam setTimeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Storm's name for {@link #setTimeout}, in milliseconds. */
    public CompleteTopologyParam setTimeoutMs(int millis) {
        return setTimeout(Duration.ofMillis(millis));
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
