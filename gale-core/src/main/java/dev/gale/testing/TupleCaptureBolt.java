package dev.gale.testing;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records every tuple it receives, by source component, as {@link FixedTuple}s, and acks it
 * (Storm's {@code TupleCaptureBolt}); {@code dev.gale.Testing.captureTopology} subscribes one to
 * every stream of a topology. Its task runs a copy, so the records live in a static map under an
 * id made at construction and are read through the instance the test holds. Thread-safe.
 */
public class TupleCaptureBolt implements IRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Map<String, List<FixedTuple>>> EMITTED = new ConcurrentHashMap<>();

    private final String name = UUID.randomUUID().toString();
    private transient OutputCollector collector;

    public TupleCaptureBolt() {
        EMITTED.put(name, new ConcurrentHashMap<>());
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        EMITTED.computeIfAbsent(name, k -> new ConcurrentHashMap<>()).compute(input.getSourceComponent(),
                (component, tuples) -> {
                    List<FixedTuple> out = tuples == null ? new ArrayList<>() : tuples;
                    out.add(new FixedTuple(input.getSourceStreamId(), new ArrayList<>(input.getValues())));
                    return out;
                });
        collector.ack(input);
    }

    /** What was captured so far, by source component (live view). */
    public Map<String, List<FixedTuple>> getResults() {
        return EMITTED.get(name);
    }

    /** What was captured, forgetting it and this bolt's entry. */
    public Map<String, List<FixedTuple>> getAndRemoveResults() {
        return EMITTED.remove(name);
    }

    /** A copy of what was captured; the records are cleared. */
    public Map<String, List<FixedTuple>> getAndClearResults() {
        Map<String, List<FixedTuple>> results = EMITTED.computeIfAbsent(name, k -> new ConcurrentHashMap<>());
        Map<String, List<FixedTuple>> ret = new HashMap<>(results);
        results.clear();
        return ret;
    }

    @Override
    public void cleanup() {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }
}
