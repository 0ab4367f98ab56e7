package dev.gale.engine;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.ReportedFailedException;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/** Test bolts. Task copies report into a registry keyed by an id made on construction. */
final class Bolts {
    private Bolts() {
    }

    /** One executed tuple as a bolt task saw it. */
    record Seen(int task, List<Object> values, int sourceTask, String sourceComponent, String stream) {
    }

    /** What one bolt saw: one {@link Seen} per executed tuple, and its component's task ids. */
    static final class Record implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Seen>> SEEN = new ConcurrentHashMap<>();
        private static final Map<String, List<Integer>> TASKS = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();

        Record() {
            SEEN.put(id, new ConcurrentLinkedQueue<>());
        }

        void add(int task, List<Object> values) {
            SEEN.get(id).add(new Seen(task, List.copyOf(values), -1, null, null));
        }

        void add(int task, Tuple t) {
            SEEN.get(id).add(new Seen(task, new ArrayList<>(t.getValues()), t.getSourceTask(), t.getSourceComponent(),
                    t.getSourceStreamId()));
        }

        /** Called in prepare: the task ids of the recording component, from its TopologyContext. */
        void tasks(TopologyContext context) {
            TASKS.put(id, List.copyOf(context.getComponentTasks(context.getThisComponentId())));
        }

        /** The recording component's task ids (ascending), as its context gave them. */
        List<Integer> componentTasks() {
            List<Integer> t = TASKS.get(id);
            if (t == null) {
                throw new IllegalStateException("no task of this bolt was prepared");
            }
            return t;
        }

        Queue<Seen> seen() {
            return SEEN.get(id);
        }

        long countFor(int task) {
            return seen().stream().filter(e -> e.task() == task).count();
        }

        /** For each distinct value list, the tasks that executed it. */
        Map<List<Object>, Set<Integer>> tasksByValues() {
            Map<List<Object>, Set<Integer>> out = new LinkedHashMap<>();
            for (Seen s : seen()) {
                out.computeIfAbsent(s.values(), k -> new TreeSet<>()).add(s.task());
            }
            return out;
        }

        /** Executed tuples per task. */
        Map<Integer, Long> countsByTask() {
            return seen().stream().collect(Collectors.groupingBy(Seen::task, Collectors.counting()));
        }
    }

    /** Strings noted by task copies (e.g. messages of exceptions they caught), shared with the test. */
    static final class Notes implements Serializable {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<String>> NOTES = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();

        Notes() {
            NOTES.put(id, new ConcurrentLinkedQueue<>());
        }

        void add(String note) {
            NOTES.get(id).add(note);
        }

        List<String> all() {
            return List.copyOf(NOTES.get(id));
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
            record.tasks(context);
        }

        @Override
        public void execute(Tuple input) {
            record.add(task, input);
            collector.emit(input, new Values(input.getValues().toArray()));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(fields);
        }
    }

    /** Acks everything, emits nothing; records (tick tuples included). Optional component configuration. */
    static class Sink extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        final Record record = new Record();
        private final HashMap<String, Object> componentConf;
        transient int task;

        Sink() {
            this(null);
        }

        /** A sink that returns {@code componentConf} from getComponentConfiguration. */
        Sink(Map<String, Object> componentConf) {
            this.componentConf = componentConf == null ? null : new HashMap<>(componentConf);
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context) {
            task = context.getThisTaskId();
            record.tasks(context);
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            record.add(task, input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return componentConf;
        }
    }

    /** What a {@link Fn} bolt does with one input (it acks the input when this returns). */
    interface Body extends Serializable {
        void execute(Tuple input, OutputCollector collector, TopologyContext context);
    }

    /**
     * A bolt whose behaviour is a serializable lambda: records the input, runs the body, acks the
     * input. Declares the streams given with {@link #stream}.
     */
    static class Fn extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        final Record record = new Record();
        private final Body body;
        private final LinkedHashMap<String, Object[]> streams = new LinkedHashMap<>();
        transient OutputCollector collector;
        transient TopologyContext context;

        Fn(Body body) {
            this.body = body;
        }

        /** Declares a stream (before the topology is built). */
        Fn stream(String streamId, boolean direct, String... fields) {
            streams.put(streamId, new Object[] {direct, fields});
            return this;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.context = context;
            record.tasks(context);
        }

        @Override
        public void execute(Tuple input) {
            record.add(context.getThisTaskId(), input);
            body.execute(input, collector, context);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            streams.forEach((id, spec) -> declarer.declareStream(id, (Boolean) spec[0], new Fields((String[]) spec[1])));
        }
    }

    /** How {@link BasicFaulty} treats its trigger value. */
    enum BasicFault { FAILED, REPORTED_FAILED }

    /** A basic bolt that throws a FailedException (or ReportedFailedException) on one value; records the rest. */
    static class BasicFaulty extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        final Record record = new Record();
        private final Object trigger;
        private final BasicFault fault;
        transient int task;

        BasicFaulty(Object trigger, BasicFault fault) {
            this.trigger = trigger;
            this.fault = fault;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context) {
            task = context.getThisTaskId();
            record.tasks(context);
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (trigger.equals(input.getValue(0))) {
                throw fault == BasicFault.FAILED ? new FailedException("failed on " + trigger)
                        : new ReportedFailedException("reported failure on " + trigger);
            }
            record.add(task, input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /**
     * Blocks inside execute until the test opens its gate, counting the calls that entered: a
     * bolt that cannot keep up at all. Then acks everything.
     */
    static final class Gated extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, CountDownLatch> GATES = new ConcurrentHashMap<>();
        private static final Map<String, AtomicInteger> ENTERED = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private transient OutputCollector collector;

        Gated() {
            GATES.put(id, new CountDownLatch(1));
            ENTERED.put(id, new AtomicInteger());
        }

        void open() {
            GATES.get(id).countDown();
        }

        /** Calls of execute so far, including one blocked in it. */
        int entered() {
            return ENTERED.get(id).get();
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            ENTERED.get(id).incrementAndGet();
            try {
                GATES.get(id).await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
