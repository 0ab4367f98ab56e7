package dev.gale.storm.bridge.connectors;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A Gale sink for the connector tests: records the values of every tuple it receives under its
 * name, in a JVM-wide registry the test reads (the engine may copy the bolt, never the registry),
 * and acks it; optionally it fails, once, the first tuple whose first field equals a given value.
 * The registry is thread-safe; each task's bolt instance is used by its own executor thread only.
 */
public final class RecordingBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Queue<List<Object>>> RECORDED = new ConcurrentHashMap<>();
    private static final Set<String> FAILED_ONCE = ConcurrentHashMap.newKeySet();

    private final String name;
    private final Object failOnce;
    private transient OutputCollector collector;

    private RecordingBolt(String name, Object failOnce) {
        this.name = Objects.requireNonNull(name, "name");
        this.failOnce = failOnce;
    }

    /** A sink that records and acks every tuple; forgets what an earlier sink of this name recorded. */
    public static RecordingBolt named(String name) {
        forget(name);
        return new RecordingBolt(name, null);
    }

    /** Like {@link #named}, but fails the first tuple whose first field equals {@code value} (recording it too). */
    public static RecordingBolt failingOnce(String name, Object value) {
        forget(name);
        return new RecordingBolt(name, Objects.requireNonNull(value, "value"));
    }

    /** What the sink {@code name} received so far, in arrival order per task, as unmodifiable value lists. */
    public static List<List<Object>> recorded(String name) {
        Queue<List<Object>> q = RECORDED.get(name);
        return q == null ? List.of() : List.copyOf(q);
    }

    private static void forget(String name) {
        RECORDED.remove(name);
        FAILED_ONCE.remove(name);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        // ArrayList, not List.copyOf: storm-redis's lookup emits null for a missing key.
        RECORDED.computeIfAbsent(name, n -> new ConcurrentLinkedQueue<>())
                .add(Collections.unmodifiableList(new ArrayList<>(input.getValues())));
        if (failOnce != null && failOnce.equals(input.getValue(0)) && FAILED_ONCE.add(name)) {
            collector.fail(input);
        } else {
            collector.ack(input);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
