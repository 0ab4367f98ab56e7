package dev.gale.testing;

import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tuples that replace the output of spouts in {@link Testing#completeTopology}: a mocked spout
 * emits exactly these tuples, in order, each with a message id (its position), instead of
 * running the real spout. Not thread-safe; build it before the test runs.
 */
public final class MockedSources {
    /** spout id -> stream id -> tuples */
    private final Map<String, Map<String, List<List<Object>>>> data = new LinkedHashMap<>();

    /** Adds tuples a spout emits on its default stream. */
    public MockedSources addMockData(String spoutId, Values... tuples) {
        return addMockData(spoutId, Utils.DEFAULT_STREAM_ID, tuples);
    }

    /** Adds tuples a spout emits on a stream. */
    public MockedSources addMockData(String spoutId, String streamId, Values... tuples) {
        List<List<Object>> list = data.computeIfAbsent(spoutId, k -> new LinkedHashMap<>())
                .computeIfAbsent(streamId, k -> new ArrayList<>());
        for (Values v : tuples) {
            list.add(Collections.unmodifiableList(new ArrayList<>(v)));
        }
        return this;
    }

    /** Adds tuples given as lists. */
    public MockedSources addMockData(String spoutId, String streamId, List<? extends List<Object>> tuples) {
        return addMockData(spoutId, streamId, tuples.stream().map(t -> new Values(t.toArray())).toArray(Values[]::new));
    }

    /** Spout id to stream id to tuples, read-only. */
    public Map<String, Map<String, List<List<Object>>>> getData() {
        return Collections.unmodifiableMap(data);
    }

    @Override
    public String toString() {
        return "MockedSources" + data.keySet();
    }
}
