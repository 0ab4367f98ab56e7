package dev.gale.testing;

import dev.gale.stats.TopologyStats;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What a topology did in {@link Testing#completeTopology}: every tuple each component emitted,
 * per stream, in the order each task emitted them; the message ids each spout got acked and
 * failed; its stats; and how much simulated time passed. Immutable.
 */
public final class CompletedTopology {
    private final Map<String, Map<String, List<List<Object>>>> emitted;
    private final Map<String, List<Object>> acked;
    private final Map<String, List<Object>> failed;
    private final TopologyStats stats;
    private final Duration simulatedTime;

    CompletedTopology(Map<String, Map<String, List<List<Object>>>> emitted, Map<String, List<Object>> acked,
                      Map<String, List<Object>> failed, TopologyStats stats, Duration simulatedTime) {
        this.emitted = emitted;
        this.acked = acked;
        this.failed = failed;
        this.stats = stats;
        this.simulatedTime = simulatedTime;
    }

    /** Tuples the component emitted on its default stream. */
    public List<List<Object>> emitted(String componentId) {
        return emitted(componentId, Utils.DEFAULT_STREAM_ID);
    }

    /** Tuples the component emitted on a stream (empty if none). */
    public List<List<Object>> emitted(String componentId, String streamId) {
        return emitted.getOrDefault(componentId, Map.of()).getOrDefault(streamId, List.of());
    }

    /** Component id to stream id to emitted tuples. */
    public Map<String, Map<String, List<List<Object>>>> allEmitted() {
        return emitted;
    }

    /** Message ids acked to a spout (for a mocked spout: the positions of its mocked tuples). */
    public List<Object> acked(String spoutId) {
        return acked.getOrDefault(spoutId, Collections.emptyList());
    }

    /** Message ids failed to a spout, including timeouts. */
    public List<Object> failed(String spoutId) {
        return failed.getOrDefault(spoutId, Collections.emptyList());
    }

    public TopologyStats stats() {
        return stats;
    }

    /** Simulated time the run needed (timeouts advance it). */
    public Duration simulatedTime() {
        return simulatedTime;
    }
}
