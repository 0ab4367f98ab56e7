package dev.gale.examples;

import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Tuple;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/** A sink bolt that records the values of every tuple it gets; task copies share the record by id. */
class Collect extends BaseBasicBolt {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Queue<List<Object>>> SEEN = new ConcurrentHashMap<>();
    private final String id = UUID.randomUUID().toString();

    Collect() {
        SEEN.put(id, new ConcurrentLinkedQueue<>());
    }

    List<List<Object>> seen() {
        return List.copyOf(SEEN.get(id));
    }

    int size() {
        return SEEN.get(id).size();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        SEEN.get(id).add(List.copyOf(input.getValues()));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
