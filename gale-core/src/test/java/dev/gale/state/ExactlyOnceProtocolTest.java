package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.CheckpointRelay;
import dev.gale.spout.CheckpointSpout;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.topology.base.BaseStatefulBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once mode on simulated time, with a checkpointed spout of its own ({@link CheckpointRelay}):
 * the spout's position is committed with the bolts' state, so after a crash, or a failed tuple,
 * every number is summed exactly once.
 */
class ExactlyOnceProtocolTest {
    private static final int INTERVAL = 1000;
    /** How far each test's spouts may read (the "end" of the source as written so far), by source id. */
    private static final Map<String, AtomicInteger> LIMITS = new ConcurrentHashMap<>();
    /** Values a bolt fails once, by source id. */
    private static final Map<String, Set<Integer>> FAIL_ONCE = new ConcurrentHashMap<>();

    /** A number and the relay's epoch it was emitted in. */
    record Id(long epoch, int n) implements Serializable {
    }

    /** Emits 0, 1, 2, ... up to its source's limit; its position is the next number. */
    static final class NumberSpout extends BaseRichSpout implements ICheckpointedSpout {
        private static final long serialVersionUID = 1L;
        private final String source;
        private transient SpoutOutputCollector collector;
        private transient CheckpointRelay<Integer> relay;
        private transient int next;

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
            this.relay = new CheckpointRelay<>(conf, context, collector, new CheckpointRelay.Source<>() {
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
            if (relay.poll() && next < LIMITS.get(source).get()) {
                collector.emit(new Values(next), new Id(relay.epoch(), next));
                next++;
            }
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
            if (!relay.fail(msgId) && ((Id) msgId).epoch() == relay.epoch()) {
                relay.dataFailed(); // a tuple of an earlier epoch was rolled back already
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
            CheckpointRelay.declareStream(declarer);
        }
    }

    /** Sums what it gets in its state; fails the values of FAIL_ONCE the first time. */
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
            Set<Integer> failOnce = FAIL_ONCE.get(source);
            if (failOnce != null && failOnce.remove(n)) {
                collector.fail(input);
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
        b.setBolt("sum", new Summer(source), 2).shuffleGrouping("numbers");
        return b;
    }

    /** The committed sum and count over the summer's tasks. */
    private static long[] committed(String store) {
        long sum = 0;
        long count = 0;
        for (String ns : SharedStoreProvider.namespaces(store)) {
            if (ns.contains("/sum/")) {
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

    @Test
    void theBuilderHasTheBoltsReadCheckpointsFromTheCheckpointedSpout() {
        var topology = topology("wiring-" + UUID.randomUUID()).createTopology();
        assertThat(topology.get_bolts().get("sum").get_common().get_inputs().keySet())
                .anySatisfy(s -> {
                    assertThat(s.get_componentId()).isEqualTo("numbers");
                    assertThat(s.get_streamId()).isEqualTo(CheckpointSpout.CHECKPOINT_STREAM_ID);
                })
                .noneSatisfy(s -> assertThat(s.get_componentId()).isEqualTo(CheckpointSpout.CHECKPOINT_COMPONENT_ID));
    }

    @Test
    void afterACrashEachNumberIsSummedExactlyOnce() {
        String source = "crash-" + UUID.randomUUID();
        String store = "eo-" + source;
        LIMITS.put(source, new AtomicInteger(50));
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo", conf(store), topology(source).createTopology());
            cluster.waitForIdle();
            clock.advanceMillis(INTERVAL); // 0..49 and the position 50 committed together
            assertThat(committed(store)).containsExactly(sumBelow(50), 50);
            LIMITS.get(source).set(80);
            cluster.waitForIdle(); // 50..79 summed, not committed
            cluster.killTopology("eo");
        }
        assertThat(committed(store)).containsExactly(sumBelow(50), 50);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("eo", conf(store), topology(source).createTopology());
            cluster.waitForIdle(); // the spout resumes at 50
            ((SimulatedClock) cluster.getClock()).advanceMillis(INTERVAL);
            assertThat(committed(store)).containsExactly(sumBelow(80), 80);
        }
    }

    @Test
    void aFailedTupleRollsEverythingBackAndTheSpoutReadsAgain() {
        String source = "fail-" + UUID.randomUUID();
        String store = "eo-" + source;
        LIMITS.put(source, new AtomicInteger(40));
        FAIL_ONCE.put(source, ConcurrentHashMap.newKeySet());
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo-fail", conf(store), topology(source).createTopology());
            cluster.waitForIdle();
            clock.advanceMillis(INTERVAL);
            assertThat(committed(store)).containsExactly(sumBelow(40), 40);
            FAIL_ONCE.get(source).add(55);
            LIMITS.get(source).set(70);
            cluster.waitForIdle(); // 55 fails: every task back to the commit, the spout back to 40
            clock.advanceMillis(INTERVAL);
            assertThat(FAIL_ONCE.get(source)).isEmpty();
            assertThat(committed(store)).containsExactly(sumBelow(70), 70);
        }
    }

    @Test
    void aSpoutAtItsPendingLimitStillRelaysTheCheckpointsItsTreesWaitFor() {
        String source = "capped-" + UUID.randomUUID();
        String store = "eo-" + source;
        LIMITS.put(source, new AtomicInteger(50));
        SimulatedClock clock = new SimulatedClock();
        Config conf = conf(store);
        conf.setMaxSpoutPending(10); // the bolts ack on commit: 10 open trees fill the spout until a checkpoint
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("eo-capped", conf, topology(source).createTopology());
            for (int i = 0; i < 20 && committed(store)[1] < 50; i++) {
                cluster.waitForIdle();
                clock.advanceMillis(INTERVAL);
                cluster.waitForIdle();
                assertThat(committed(store)[1]).as("after checkpoint %d", i).isGreaterThanOrEqualTo(Math.min(50, 9L * i));
            }
            assertThat(committed(store)).containsExactly(sumBelow(50), 50);
        }
    }
}
