package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.CheckPointState.Action;
import dev.gale.spout.CheckpointRelay;
import dev.gale.spout.CheckpointSpout;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
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
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Exactly-once when a tuple's failure races a checkpoint: the failure reaches the spout after the
 * bolts prepared the checkpoint, or while the spout's PREPARE is in flight. Either way the
 * checkpoint that saved a position past the failed tuple must not be committed, or the rollback
 * the failure asks for goes back to it and the tuple is lost. On simulated time, stepped, so each
 * interleaving is exact.
 */
class CheckpointRaceTest {
    private static final int INTERVAL = 1000;
    private static final Map<String, Scenario> SCENARIOS = new ConcurrentHashMap<>();

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

    private static Config conf(String store) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        return conf;
    }

    private static TopologyBuilder topology(String source) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("numbers", new NumberSpout(source), 1);
        b.setBolt("pass", new Breaker(source), 2).shuffleGrouping("numbers");
        b.setBolt("sum", new Summer(source), 2).shuffleGrouping("pass");
        return b;
    }

    /** The committed sum and count over the summer's tasks. */
    private static long[] committed(String store) {
        long sum = 0;
        long count = 0;
        for (String ns : SharedStoreProvider.namespaces(store)) {
            if (ns.startsWith("race/sum/")) {
                Object s = SharedStoreProvider.committed(store, ns, "sum");
                Object c = SharedStoreProvider.committed(store, ns, "count");
                sum += s == null ? 0 : (Long) s;
                count += c == null ? 0 : (Long) c;
            }
        }
        return new long[] {sum, count};
    }

    private static long sumBelow(int n) {
        return (long) n * (n - 1) / 2;
    }

    /** Starts a scenario with 0..39 committed. */
    private static Scenario committedUpTo40(String source, LocalCluster cluster, SimulatedClock clock, String store) {
        Scenario s = new Scenario();
        s.limit = 40;
        SCENARIOS.put(source, s);
        cluster.submitTopology("race", conf(store), topology(source).createTopology());
        cluster.waitForIdle();
        clock.advanceMillis(INTERVAL);
        assertThat(committed(store)).containsExactly(sumBelow(40), 40);
        return s;
    }

    @ParameterizedTest
    @EnumSource(value = Break.class, names = {"FAIL", "THROW"})
    void aFailureThatReachesTheSpoutAfterTheBoltsPreparedIsNotLost(Break how) {
        String source = "late-" + how + "-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.how = how;
            s.breakOnce.add(55);
            s.holdFails = true;
            s.limit = 60;
            cluster.waitForIdle(); // 55 failed in a bolt; its failure has not reached the spout yet
            clock.advanceMillis(INTERVAL); // the checkpoint after it
            s.releaseFails = true; // ... and then the failure arrives
            cluster.waitForIdle();
            for (int i = 0; i < 3; i++) {
                clock.advanceMillis(INTERVAL);
            }
            assertThat(s.breakOnce).isEmpty();
            assertThat(committed(store)).as("every number summed once, 55 too").containsExactly(sumBelow(60), 60);
        }
    }

    @Test
    void aFailedTupleEmittedAfterThePrepareDoesNotSpoilIt() {
        String source = "after-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.limit = 60;
            cluster.waitForIdle();
            s.limit = 61;
            s.failNextAfterPrepare = true; // 60, emitted after the next PREPARE, fails while it is in flight
            clock.advanceMillis(INTERVAL);
            assertThat(s.failNextAfterPrepare).as("the race happened").isFalse();
            assertThat(committed(store)).as("the checkpoint before 60 committed").containsExactly(sumBelow(60), 60);
            clock.advanceMillis(INTERVAL);
            assertThat(committed(store)).as("60 replayed after the rollback").containsExactly(sumBelow(61), 61);
        }
    }

    @Test
    void aFailureThatReachesTheSpoutWhileItsPrepareIsInFlightIsNotLost() {
        String source = "racing-" + UUID.randomUUID();
        String store = "race-" + source;
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Scenario s = committedUpTo40(source, cluster, clock, store);
            s.how = Break.DROP;
            s.breakOnce.add(55); // lost on its way: only its timeout would tell the spout
            s.limit = 60;
            cluster.waitForIdle();
            s.failAfterPrepare = 55; // that failure arrives just after the spout relayed the next PREPARE
            for (int i = 0; i < 4; i++) {
                clock.advanceMillis(INTERVAL);
            }
            assertThat(s.failAfterPrepare).as("the race happened").isNull();
            assertThat(s.breakOnce).isEmpty();
            assertThat(committed(store)).as("every number summed once, 55 too").containsExactly(sumBelow(60), 60);
        }
    }
}
