package dev.gale.storm.bridge.connectors.jdbc;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A Gale bolt downstream of a bridged Storm bolt: records each tuple it gets (its fields, its
 * values, whether it was anchored) and acks it. The records live in a static map under the bolt's
 * own key, since the cluster works on its own copy. Thread-safe to read while the topology runs.
 */
final class Recorder extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Map<String, List<Received>> RECEIVED = new ConcurrentHashMap<>();

    /** One tuple as it arrived; {@code anchored}: it belongs to a spout tuple's tree. */
    record Received(List<String> fields, List<Object> values, boolean anchored) {
        Object get(String field) {
            return values.get(fields.indexOf(field));
        }
    }

    private final String key = UUID.randomUUID().toString();
    private transient OutputCollector collector;

    Recorder() {
        RECEIVED.put(key, new CopyOnWriteArrayList<>());
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        RECEIVED.get(key).add(new Received(input.getFields().toList(), new ArrayList<>(input.getValues()),
                !input.getMessageId().getAnchors().isEmpty()));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    List<Received> received() {
        return List.copyOf(RECEIVED.get(key));
    }
}
