package dev.gale.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseStatefulWindowedBolt;
import dev.gale.topology.base.BaseWindowedBolt.Count;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.windowing.TupleWindow;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Stateful windowed bolts across a crash, on simulated time: kept in memory, windows already
 * evaluated are not evaluated again when the spout replays; persistent, the window's tuples come
 * back from the state.
 */
class StatefulWindowTest {
    private static final int INTERVAL = 1000;

    /** Sums each window into its state ("sum"); records each window's values. */
    static class SumWindow extends BaseStatefulWindowedBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<List<Object>>> WINDOWS = new ConcurrentHashMap<>();
        private static final Map<String, Queue<Long>> INITS = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private transient KeyValueState<String, Long> state;
        private transient OutputCollector collector;

        SumWindow() {
            WINDOWS.put(id, new ConcurrentLinkedQueue<>());
            INITS.put(id, new ConcurrentLinkedQueue<>());
        }

        List<List<Object>> windows() {
            return List.copyOf(WINDOWS.get(id));
        }

        List<Long> inits() {
            return List.copyOf(INITS.get(id));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            this.state = state;
            INITS.get(id).add(state.get("sum", 0L));
        }

        @Override
        public void execute(TupleWindow window) {
            List<Object> values = new ArrayList<>();
            long sum = state.get("sum", 0L);
            Iterator<Tuple> it = isPersistent() ? window.getIter() : window.get().iterator();
            while (it.hasNext()) {
                int v = it.next().getIntegerByField("value");
                values.add(v);
                sum += v;
            }
            WINDOWS.get(id).add(values);
            state.put("sum", sum);
            collector.emit(new Values(sum));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sum"));
        }
    }

    private static Config conf(String store) {
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, store);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, INTERVAL);
        return conf;
    }

    private static TopologyBuilder topology(FeederSpout spout, SumWindow bolt) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sum", bolt).shuffleGrouping("spout");
        b.setBolt("sink", new StateFixtures.Sink()).shuffleGrouping("sum");
        return b;
    }

    private static void feed(LocalCluster cluster, FeederSpout spout, int... values) {
        for (int v : values) {
            spout.feed(new Values(v, (long) v), v);
        }
        cluster.waitForIdle();
    }

    @Test
    void windowsEvaluatedBeforeACrashAreNotEvaluatedAgain() {
        String store = "window-" + UUID.randomUUID();
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout1 = new FeederSpout(new Fields("value", "msgid"));
        SumWindow bolt1 = new SumWindow();
        bolt1.withTumblingWindow(Count.of(2)).withMessageIdField("msgid");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("w", conf(store), topology(spout1, bolt1).createTopology());
            feed(cluster, spout1, 1, 2);
            assertThat(bolt1.windows()).containsExactly(List.of(1, 2));
            clock.advanceMillis(INTERVAL); // sum=3 and "evaluated up to msgid 2" committed
            cluster.killTopology("w");
        }

        FeederSpout spout2 = new FeederSpout(new Fields("value", "msgid"));
        SumWindow bolt2 = new SumWindow();
        bolt2.withTumblingWindow(Count.of(2)).withMessageIdField("msgid");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("w", conf(store), topology(spout2, bolt2).createTopology());
            cluster.waitForIdle();
            assertThat(bolt2.inits()).containsExactly(3L);
            feed(cluster, spout2, 1, 2, 3, 4); // the replay, and what follows
            assertThat(bolt2.windows()).containsExactly(List.of(3, 4));
        }
    }

    @Test
    void aPersistentWindowComesBackFromTheState() {
        String store = "persistent-" + UUID.randomUUID();
        FeederSpout spout1 = new FeederSpout(new Fields("value", "msgid"));
        SumWindow bolt1 = new SumWindow();
        bolt1.withTumblingWindow(Count.of(4)).withPersistence();
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("p", conf(store), topology(spout1, bolt1).createTopology());
            feed(cluster, spout1, 1, 2);
            assertThat(spout1.getAcked()).isEmpty();
            clock.advanceMillis(INTERVAL); // the window (1, 2) and its trigger count are saved
            assertThat(spout1.getAcked()).containsExactlyInAnyOrder(1, 2);
            cluster.killTopology("p");
        }
        assertThat(bolt1.windows()).isEmpty();

        FeederSpout spout2 = new FeederSpout(new Fields("value", "msgid"));
        SumWindow bolt2 = new SumWindow();
        bolt2.withTumblingWindow(Count.of(4)).withPersistence();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("p", conf(store), topology(spout2, bolt2).createTopology());
            feed(cluster, spout2, 3, 4);
            assertThat(bolt2.windows()).containsExactly(List.of(1, 2, 3, 4));
        }
    }
}
