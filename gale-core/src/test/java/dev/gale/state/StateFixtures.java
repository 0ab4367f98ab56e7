package dev.gale.state;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Bolts for the state tests. Task copies report into registries keyed by an id made on construction. */
final class StateFixtures {
    private StateFixtures() {
    }

    /** Something Java serialization refuses. */
    static final class NotSerializable {
        final int n;

        NotSerializable(int n) {
            this.n = n;
        }
    }

    /**
     * Counts words in a {@link KeyValueState}, emitting (word, count) anchored to the input.
     * Records what happened, in order: "init {state}" and "exec word".
     */
    static class Counter extends BaseStatefulBolt<KeyValueState<String, Object>> {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<String>> EVENTS = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        /** Put a value Java serialization refuses along with the counts. */
        private final boolean poison;
        /** Emit without an anchor (refused in a stateful topology). */
        private final boolean unanchored;
        private transient KeyValueState<String, Object> counts;
        private transient OutputCollector collector;

        Counter() {
            this(false, false);
        }

        Counter(boolean poison, boolean unanchored) {
            this.poison = poison;
            this.unanchored = unanchored;
            EVENTS.put(id, new ConcurrentLinkedQueue<>());
        }

        List<String> events() {
            return List.copyOf(EVENTS.get(id));
        }

        /** The state each initState was given, as a map. */
        List<Map<String, Object>> inits() {
            List<Map<String, Object>> out = new ArrayList<>();
            for (String e : events()) {
                if (e.startsWith("init ")) {
                    out.add(parse(e.substring(5)));
                }
            }
            return out;
        }

        private static Map<String, Object> parse(String s) {
            Map<String, Object> m = new HashMap<>();
            String body = s.substring(1, s.length() - 1);
            if (!body.isEmpty()) {
                for (String kv : body.split(", ")) {
                    String[] p = kv.split("=");
                    m.put(p[0], Long.parseLong(p[1]));
                }
            }
            return m;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Object> state) {
            this.counts = state;
            Map<String, Object> snapshot = new TreeMap<>();
            for (Map.Entry<String, Object> e : state) {
                snapshot.put(e.getKey(), e.getValue());
            }
            EVENTS.get(id).add("init " + snapshot);
        }

        @Override
        public void execute(Tuple input) {
            String word = input.getString(0);
            EVENTS.get(id).add("exec " + word);
            long c = ((Number) counts.get(word, 0L)).longValue() + 1;
            counts.put(word, c);
            if (poison) {
                counts.put("poison", new NotSerializable((int) c));
            }
            if (unanchored) {
                collector.emit(new Values(word, c));
            } else {
                collector.emit(input, new Values(word, c));
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    /** A received tuple's values. */
    record Received(List<Object> values) implements Serializable {
    }

    /** Records what it receives and acks it. */
    static class Sink extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<List<Object>>> GOT = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;

        Sink() {
            GOT.put(id, new ConcurrentLinkedQueue<>());
        }

        List<List<Object>> received() {
            return List.copyOf(GOT.get(id));
        }

        /** The last count received per word. */
        Map<Object, Object> lastCounts() {
            Map<Object, Object> m = new HashMap<>();
            for (List<Object> v : received()) {
                m.put(v.get(0), v.get(1));
            }
            return m;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            GOT.get(id).add(new ArrayList<>(input.getValues()));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
