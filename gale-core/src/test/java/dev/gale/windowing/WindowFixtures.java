package dev.gale.windowing;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseWindowedBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Bolts for the window tests. Task copies report into registries keyed by an id made on construction. */
final class WindowFixtures {
    private WindowFixtures() {
    }

    /** One evaluation of a window, as the bolt saw it: the first field of each tuple. */
    record Seen(int task, List<Object> all, List<Object> fresh, List<Object> expired, Long start, Long end) {
    }

    private static List<Object> firsts(List<Tuple> tuples) {
        List<Object> out = new ArrayList<>();
        for (Tuple t : tuples) {
            out.add(t.getValue(0));
        }
        return out;
    }

    /**
     * Records each window and emits ("sum", n) of the first fields (ints) anchored to the window;
     * throws on the windows whose sum is {@code throwOnSum}.
     */
    static class Recorder extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Seen>> SEEN = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private final int throwOnSum;
        private transient OutputCollector collector;
        private transient int task;

        Recorder() {
            this(Integer.MIN_VALUE);
        }

        Recorder(int throwOnSum) {
            this.throwOnSum = throwOnSum;
            SEEN.put(id, new ConcurrentLinkedQueue<>());
        }

        List<Seen> windows() {
            return List.copyOf(SEEN.get(id));
        }

        List<List<Object>> contents() {
            return windows().stream().map(Seen::all).toList();
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.task = context.getThisTaskId();
        }

        @Override
        public void execute(TupleWindow window) {
            SEEN.get(id).add(new Seen(task, firsts(window.get()), firsts(window.getNew()), firsts(window.getExpired()),
                    window.getStartTimestamp(), window.getEndTimestamp()));
            int sum = 0;
            for (Tuple t : window.get()) {
                sum += ((Number) t.getValue(0)).intValue();
            }
            if (sum == throwOnSum) {
                throw new IllegalStateException("no sum of " + sum + ", please");
            }
            collector.emit(new Values(sum));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sum"));
        }
    }

    /** A received tuple: its values, stream, and how many trees it belongs to (its anchors' roots). */
    record Received(List<Object> values, String stream, int roots) implements Serializable {
    }

    /** Records what it receives; acks it, or fails it when its first value is {@code failValue}. */
    static class Sink extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Received>> GOT = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private final Object failValue;
        private transient OutputCollector collector;

        Sink() {
            this(null);
        }

        Sink(Object failValue) {
            this.failValue = failValue;
            GOT.put(id, new ConcurrentLinkedQueue<>());
        }

        List<Received> received() {
            return List.copyOf(GOT.get(id));
        }

        List<Object> firstValues() {
            return received().stream().map(r -> r.values().get(0)).toList();
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            GOT.get(id).add(new Received(new ArrayList<>(input.getValues()), input.getSourceStreamId(),
                    input.getMessageId().getAnchors().size()));
            if (failValue != null && failValue.equals(input.getValue(0))) {
                collector.fail(input);
            } else {
                collector.ack(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
