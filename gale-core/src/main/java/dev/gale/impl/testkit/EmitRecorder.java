package dev.gale.impl.testkit;

import dev.gale.impl.env.TupleObserver;
import dev.gale.testing.FixedTuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What a topology run by a testing kit did: every tuple each component emitted, in the order its
 * tasks emitted them, and the message ids each spout got acked and failed. Thread-safe: executor
 * threads record, the test reads once the run is complete.
 */
public final class EmitRecorder implements TupleObserver {
    private final Map<String, ConcurrentLinkedQueue<FixedTuple>> emitted = new ConcurrentHashMap<>();
    private final Map<String, ConcurrentLinkedQueue<Object>> acked = new ConcurrentHashMap<>();
    private final Map<String, ConcurrentLinkedQueue<Object>> failed = new ConcurrentHashMap<>();

    @Override
    public void emitted(String componentId, int taskId, String streamId, List<Object> values) {
        emitted.computeIfAbsent(componentId, k -> new ConcurrentLinkedQueue<>())
                .add(new FixedTuple(streamId, Collections.unmodifiableList(new ArrayList<>(values))));
    }

    @Override
    public void acked(String spoutId, int taskId, Object messageId) {
        acked.computeIfAbsent(spoutId, k -> new ConcurrentLinkedQueue<>()).add(messageId);
    }

    @Override
    public void failed(String spoutId, int taskId, Object messageId) {
        failed.computeIfAbsent(spoutId, k -> new ConcurrentLinkedQueue<>()).add(messageId);
    }

    /** Component id to what it emitted, every stream together (Storm's completeTopology result). */
    public Map<String, List<FixedTuple>> byComponent() {
        Map<String, List<FixedTuple>> out = new LinkedHashMap<>();
        emitted.forEach((c, q) -> out.put(c, new ArrayList<>(q)));
        return out;
    }

    /** Component id to stream id to the values emitted on it. */
    public Map<String, Map<String, List<List<Object>>>> byStream() {
        Map<String, Map<String, List<List<Object>>>> out = new LinkedHashMap<>();
        emitted.forEach((c, q) -> {
            Map<String, List<List<Object>>> streams = new LinkedHashMap<>();
            for (FixedTuple t : q) {
                streams.computeIfAbsent(t.stream, k -> new ArrayList<>()).add(t.values);
            }
            streams.replaceAll((k, v) -> List.copyOf(v));
            out.put(c, Collections.unmodifiableMap(streams));
        });
        return Collections.unmodifiableMap(out);
    }

    /** Spout id to the message ids acked to it. */
    public Map<String, List<Object>> acked() {
        return snapshot(acked);
    }

    /** Spout id to the message ids failed to it, timeouts included. */
    public Map<String, List<Object>> failed() {
        return snapshot(failed);
    }

    private static Map<String, List<Object>> snapshot(Map<String, ConcurrentLinkedQueue<Object>> m) {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        m.forEach((k, q) -> out.put(k, List.copyOf(q)));
        return Collections.unmodifiableMap(out);
    }
}
