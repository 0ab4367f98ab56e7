package dev.gale.testing;

import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tuples that replace the output of spouts in a completed topology (both Gale's
 * {@link Testing#completeTopology} and Storm's {@code dev.gale.Testing.completeTopology}): a
 * mocked spout emits exactly these tuples, in the order added, each tracked, instead of running
 * the real spout. Storm's shape: spout id to {@link FixedTuple}s. Not thread-safe; build it
 * before the test runs.
 */
public class MockedSources {
    /** spout id -> tuples, each naming its stream */
    private final Map<String, List<FixedTuple>> data = new LinkedHashMap<>();

    public MockedSources() {
    }

    /** Storm's constructor: spout id to the tuples it emits. */
    public MockedSources(Map<String, List<FixedTuple>> data) {
        data.forEach((spout, tuples) -> this.data.put(spout, new ArrayList<>(tuples)));
    }

    /** Adds tuples a spout emits on its default stream. */
    public void addMockData(String spoutId, Values... tuples) {
        addMockData(spoutId, Utils.DEFAULT_STREAM_ID, tuples);
    }

    /** Adds tuples a spout emits on a stream. */
    public void addMockData(String spoutId, String streamId, Values... tuples) {
        List<FixedTuple> list = data.computeIfAbsent(spoutId, k -> new ArrayList<>());
        for (Values v : tuples) {
            list.add(new FixedTuple(streamId, Collections.unmodifiableList(new ArrayList<>(v))));
        }
    }

    /**
     * Gale: {@link #addMockData(String, Values...)} returning this sources, to chain (Storm's method returns
     * nothing, and keeps that signature).
     */
    public MockedSources withMockData(String spoutId, Values... tuples) {
        addMockData(spoutId, tuples);
        return this;
    }

    /** Gale: {@link #addMockData(String, String, Values...)} returning this sources, to chain. */
    public MockedSources withMockData(String spoutId, String streamId, Values... tuples) {
        addMockData(spoutId, streamId, tuples);
        return this;
    }

    /** Adds tuples given as lists. */
    public MockedSources addMockData(String spoutId, String streamId, List<? extends List<Object>> tuples) {
        return withMockData(spoutId, streamId, tuples.stream().map(t -> new Values(t.toArray())).toArray(Values[]::new));
    }

    /** Spout id to its tuples, in order (Storm's shape). */
    public Map<String, List<FixedTuple>> getData() {
        return data;
    }

    @Override
    public String toString() {
        return "MockedSources" + data.keySet();
    }
}
