package dev.gale.storm.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.state.SharedStoreProvider;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.storm.state.KeyValueState;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseStatefulBolt;
import org.apache.storm.topology.base.BaseWindowedBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.windowing.TupleWindow;
import org.junit.jupiter.api.Test;

/**
 * Storm's windowed and stateful bolts (extending Storm's {@code BaseWindowedBolt} and
 * {@code BaseStatefulBolt}) run on Gale's windowing and checkpointing, on a simulated clock: event-time
 * windows from a timestamp field with a lag, and counts kept in Gale's state that a restarted
 * topology finds again.
 */
class StormWindowedAndStatefulBoltsTest {
    private static final Map<String, Queue<String>> SEEN = new ConcurrentHashMap<>();

    /** Storm's windowed bolt: records each window's values and bounds, emits their sum. */
    static class SumWindow extends BaseWindowedBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient OutputCollector collector;

        SumWindow(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(TupleWindow window) {
            int sum = 0;
            List<Integer> values = new ArrayList<>();
            for (Tuple t : window.get()) {
                values.add(t.getIntegerByField("n"));
                sum += t.getIntegerByField("n");
            }
            List<Integer> fresh = window.getNew().stream().map(t -> t.getInteger(0)).toList();
            SEEN.get(run).add("window " + window.getStartTimestamp() + ".." + window.getEndTimestamp() + " " + values
                + " new " + fresh);
            collector.emit(new Values(sum));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sum"));
        }
    }

    @Test
    void aStormWindowedBoltGetsGalesEventTimeWindows() {
        String run = UUID.randomUUID().toString();
        SEEN.put(run, new ConcurrentLinkedQueue<>());
        SimulatedClock clock = new SimulatedClock();
        FeederSpout spout = new FeederSpout(new dev.gale.tuple.Fields("n", "ts"));
        SumWindow window = new SumWindow(run);
        window.withWindow(BaseWindowedBolt.Duration.seconds(10), BaseWindowedBolt.Duration.seconds(5))
            .withTimestampField("ts").withLag(BaseWindowedBolt.Duration.seconds(2));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("window", StormBolts.of(window)).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("windows", new Config(), b.createTopology());
            int[][] fed = {{1, 1000}, {2, 3000}, {3, 2000}, {4, 7000}, {5, 12_000}};
            for (int[] f : fed) {
                spout.feed(new dev.gale.tuple.Values(f[0], (long) f[1]), f[0]);
            }
            cluster.waitForIdle();
            assertThat(SEEN.get(run)).as("no watermark yet").isEmpty();
            clock.advanceMillis(1000); // watermark 12000 - 2000: the windows ending at 5000 and 10000
            cluster.waitForIdle();
            assertThat(SEEN.get(run)).containsExactly(
                "window -5000..5000 [1, 2, 3] new [1, 2, 3]",
                "window 0..10000 [1, 2, 3, 4] new [4]");
        } finally {
            SEEN.remove(run);
        }
    }

    /** Storm's stateful bolt: counts words in its KeyValueState and emits (word, count). */
    static class WordCounter extends BaseStatefulBolt<KeyValueState<String, Long>> {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient KeyValueState<String, Long> counts;
        private transient OutputCollector collector;

        WordCounter(String run) {
            this.run = run;
        }

        @Override
        public void initState(KeyValueState<String, Long> state) {
            counts = state;
            SEEN.get(run).add("init a=" + state.get("a", 0L));
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            String word = input.getStringByField("word");
            long count = counts.get(word, 0L) + 1;
            counts.put(word, count);
            SEEN.get(run).add(word + "=" + count);
            collector.emit(input, new Values(word, count));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    @Test
    void aStormStatefulBoltKeepsItsCountsInGalesCheckpointedState() {
        String run = UUID.randomUUID().toString();
        SEEN.put(run, new ConcurrentLinkedQueue<>());
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER, SharedStoreProvider.class.getName());
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "bridge-" + run);
        conf.put(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL, 100);
        try {
            for (int restart = 0; restart < 2; restart++) {
                SimulatedClock clock = new SimulatedClock();
                FeederSpout spout = new FeederSpout(new dev.gale.tuple.Fields("word"));
                TopologyBuilder b = new TopologyBuilder();
                b.setSpout("words", spout);
                b.setBolt("count", StormBolts.of(new WordCounter(run))).shuffleGrouping("words");
                try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
                    cluster.submitTopology("counts", conf, b.createTopology());
                    cluster.waitForIdle();
                    clock.advanceMillis(100); // the first checkpoint: the bolt gets its state
                    cluster.waitForIdle();
                    for (String w : List.of("a", "b", "a")) {
                        spout.feed(new dev.gale.tuple.Values(w), UUID.randomUUID());
                    }
                    cluster.waitForIdle();
                    clock.advanceMillis(100); // committed
                    cluster.waitForIdle();
                    assertThat(spout.getAcked()).hasSize(3);
                }
            }
            assertThat(SEEN.get(run)).containsExactly("init a=0", "a=1", "b=1", "a=2", "init a=2", "a=3", "b=2", "a=4");
        } finally {
            SEEN.remove(run);
        }
    }
}
