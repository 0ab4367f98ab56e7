package dev.gale.state;

import dev.gale.spout.CheckPointState.Action;
import dev.gale.spout.CheckpointRelay;
import dev.gale.spout.CheckpointSpout;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The exactly-once tests' topology parts: a checkpointed spout of numbers ({@link CheckpointRelay}),
 * a pass-through bolt and a stateful summer, each breaking the numbers its {@link Scenario} says
 * once, in the way it says; the scenario of a test is found by its source id (a topology's
 * components are copies). Thread-safe where a test thread and the tasks share a scenario.
 */
final class CheckpointedNumbers {

    private static final Map<String, Scenario> SCENARIOS = new ConcurrentHashMap<>();

    private CheckpointedNumbers() {
    }

    /** A new scenario for {@code source}, reading up to {@code limit}. */
    static Scenario scenario(String source, int limit) {
        Scenario s = new Scenario();
        s.limit = limit;
        SCENARIOS.put(source, s);
        return s;
    }

    /** How the bolt treats a tuple it is told to break once. */
    enum Break {
        /** Fails it. */
        FAIL,
        /** Throws on it. */
        THROW,
        /** Neither acks nor fails it (its tree would time out). */
        DROP
    }

    /** What one test makes its spout and bolts do, by source id. */
    static final class Scenario {
        volatile int limit;
        final Set<Integer> breakOnce = ConcurrentHashMap.newKeySet();
        volatile Break how = Break.FAIL;
        /** Fails that reach the spout are held here until {@link #releaseFails} (a slow acker). */
        volatile boolean holdFails;
        volatile boolean releaseFails;
        final Queue<Id> heldFails = new ConcurrentLinkedQueue<>();
        /** The spout fails this number itself right after it relays a PREPARE (a timeout racing it). */
        volatile Integer failAfterPrepare;
        /** Right after it relays a PREPARE, the spout emits its next number and fails it at once. */
        volatile boolean failNextAfterPrepare;
    }

    /** A number, the relay's epoch it was emitted in, and the relay's PREPARE mark then. */
    record Id(long epoch, int n, long mark) implements Serializable {
    }

    /** Emits 0, 1, 2, ... up to the scenario's limit, its position the next number. */
    static final class NumberSpout extends BaseRichSpout implements ICheckpointedSpout {
        private static final long serialVersionUID = 1L;
        private final String source;
        private transient SpoutOutputCollector collector;
        private transient CheckpointRelay<Integer> relay;
        private transient int next;
        private transient boolean prepareRelayed;
        private transient Map<Integer, Id> emitted;

        NumberSpout(String source) {
            this.source = source;
        }

        @Override
        public boolean isCheckpointed() {
            return true;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.emitted = new ConcurrentHashMap<>();
            SpoutOutputCollector watching = new SpoutOutputCollector(collector) {
                @Override
                public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
                    if (CheckpointSpout.CHECKPOINT_STREAM_ID.equals(streamId) && tuple.get(1) == Action.PREPARE) {
                        prepareRelayed = true;
                    }
                    return super.emit(streamId, tuple, messageId);
                }
            };
            this.relay = new CheckpointRelay<>(conf, context, watching, new CheckpointRelay.Source<>() {
                @Override
                public Integer position() {
                    return next;
                }

                @Override
                public void seek(Integer position) {
                    next = position == null ? 0 : position;
                }
            });
        }

        @Override
        public void nextTuple() {
            Scenario s = SCENARIOS.get(source);
            boolean ready = relay.poll();
            Integer racing = s.failAfterPrepare;
            if (prepareRelayed && racing != null) {
                s.failAfterPrepare = null;
                dataFailed(emitted.get(racing));
            }
            if (prepareRelayed && s.failNextAfterPrepare && ready && next < s.limit) {
                s.failNextAfterPrepare = false;
                Id id = emit();
                dataFailed(id); // emitted after the PREPARE, so behind its position
            }
            prepareRelayed = false;
            if (s.releaseFails) {
                Id id;
                while ((id = s.heldFails.poll()) != null) {
                    dataFailed(id);
                }
            }
            if (ready && next < s.limit) {
                emit();
            }
        }

        private Id emit() {
            Id id = new Id(relay.epoch(), next, relay.prepareMark());
            emitted.put(next, id);
            collector.emit(new Values(next), id);
            next++;
            return id;
        }

        @Override
        public void relayCheckpoints() {
            relay.poll();
        }

        @Override
        public void ack(Object msgId) {
            relay.ack(msgId);
        }

        @Override
        public void fail(Object msgId) {
            if (relay.fail(msgId)) {
                return;
            }
            Scenario s = SCENARIOS.get(source);
            if (s.holdFails) {
                s.heldFails.add((Id) msgId);
            } else {
                dataFailed((Id) msgId);
            }
        }

        private void dataFailed(Id id) {
            if (id.epoch() == relay.epoch()) {
                relay.dataFailed(id.mark()); // a tuple of an earlier epoch was rolled back already
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
            CheckpointRelay.declareStream(declarer);
        }
    }

    /** Passes each number on; breaks the scenario's numbers once, as the scenario says. */
    static final class Breaker extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final String source;

        Breaker(String source) {
            this.source = source;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            int n = input.getInteger(0);
            Scenario s = SCENARIOS.get(source);
            if (s.how == Break.THROW && s.breakOnce.remove(n)) {
                throw new IllegalStateException("broken once: " + n);
            }
            collector.emit(new Values(n));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Sums what it gets in its state; fails or drops the scenario's numbers once. */
    static final class Summer extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private final String source;
        private transient KeyValueState<String, Long> state;
        private transient OutputCollector collector;

        Summer(String source) {
            this.source = source;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            this.state = state;
        }

        @Override
        public void execute(Tuple input) {
            int n = input.getInteger(0);
            Scenario s = SCENARIOS.get(source);
            if (s.how != Break.THROW && s.breakOnce.remove(n)) {
                if (s.how == Break.FAIL) {
                    collector.fail(input);
                }
                return;
            }
            state.put("sum", state.get("sum", 0L) + n);
            state.put("count", state.get("count", 0L) + 1);
            collector.ack(input);
        }
    }

    /** The committed sum and count over the tasks of the summer (component "sum") of {@code topology}. */
    static long[] committed(String store, String topology) {
        long sum = 0;
        long count = 0;
        for (String ns : SharedStoreProvider.namespaces(store)) {
            if (ns.startsWith(topology + "/sum/")) {
                Object s = SharedStoreProvider.committed(store, ns, "sum");
                Object c = SharedStoreProvider.committed(store, ns, "count");
                sum += s == null ? 0 : (Long) s;
                count += c == null ? 0 : (Long) c;
            }
        }
        return new long[] {sum, count};
    }

    static long sumBelow(int n) {
        return (long) n * (n - 1) / 2;
    }
}
