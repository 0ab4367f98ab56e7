package dev.gale.engine;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Test bolts. Task copies report into a registry keyed by an id made on construction. */
final class Bolts {
    private Bolts() {
    }

    /** What one bolt saw: (task id, values) per executed tuple. */
    static final class Record implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Object[]>> SEEN = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();

        Record() {
            SEEN.put(id, new ConcurrentLinkedQueue<>());
        }

        void add(int task, List<Object> values) {
            SEEN.get(id).add(new Object[] {task, values});
        }

        Queue<Object[]> seen() {
            return SEEN.get(id);
        }

        long countFor(int task) {
            return seen().stream().filter(e -> (int) e[0] == task).count();
        }
    }

    /** Re-emits its input anchored, then acks. Records what it saw. */
    static class Forward extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        final Record record = new Record();
        private final Fields fields;
        transient OutputCollector collector;
        transient int task;

        Forward(String... fields) {
            this.fields = new Fields(fields);
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.task = context.getThisTaskId();
        }

        @Override
        public void execute(Tuple input) {
            record.add(task, input.getValues());
            collector.emit(input, new Values(input.getValues().toArray()));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(fields);
        }
    }

    /** Acks everything, emits nothing; records. */
    static class Sink extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        final Record record = new Record();
        transient int task;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context) {
            task = context.getThisTaskId();
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            record.add(task, input.getValues());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
