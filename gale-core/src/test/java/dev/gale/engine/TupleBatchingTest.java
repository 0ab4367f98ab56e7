package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Bolts batch the tuples they send to executors on other threads, and spouts their untracked
 * ones. Order between two tasks must hold, a bolt marked as blocking must send each tuple at once,
 * and a spout's batch must not wait out a sleep of the spout (nor a wait after its flush()).
 */
class TupleBatchingTest {
    private static final Map<String, AtomicLong> LAST = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> OUT_OF_ORDER = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> RECEIVED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> GATES = new ConcurrentHashMap<>();
    private static final Map<String, Integer> ARRIVED_WHILE_WAITING = new ConcurrentHashMap<>();
    private static final int ROUNDS = 5;

    /**
     * Emits {@code n} numbered tuples, untracked (or every other one tracked), in one call, and in
     * the next waits up to 2 s for them to arrive: in Time's sleep or, after flush(), in a park
     * Gale cannot see; {@value #ROUNDS} rounds. Records the rounds in which all had arrived. The
     * first rounds may leave by the end of the burst (cold code makes the emitting call slow, and
     * a slow call ends the burst); once warm, the waiting call comes in the same burst.
     */
    static final class EmitThenWait extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String key;
        private final int n;
        private final boolean someTracked;
        private final boolean flushThenPark;
        private transient SpoutOutputCollector collector;
        private int calls;
        private long next;
        private int arrivedRounds;

        EmitThenWait(String key, int n, boolean someTracked, boolean flushThenPark) {
            this.key = key;
            this.n = n;
            this.someTracked = someTracked;
            this.flushThenPark = flushThenPark;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            if (calls >= 2 * ROUNDS) {
                return;
            }
            if (calls++ % 2 == 0) {
                for (int i = 0; i < n; i++) {
                    if (someTracked && i % 2 == 1) {
                        collector.emit(new Values(next), next);
                    } else {
                        collector.emit(new Values(next));
                    }
                    next++;
                }
                return;
            }
            if (flushThenPark) {
                collector.flush();
            }
            long deadline = System.nanoTime() + 2_000_000_000L;
            while (RECEIVED.get(key).get() < next && System.nanoTime() < deadline) {
                if (flushThenPark) {
                    LockSupport.parkNanos(1_000_000L);
                } else {
                    Utils.sleep(1);
                }
            }
            if (RECEIVED.get(key).get() == next) {
                arrivedRounds++;
            }
            if (calls == 2 * ROUNDS) {
                ARRIVED_WHILE_WAITING.put(key, arrivedRounds);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("seq"));
        }
    }

    /** On each input emits {@code n} numbered tuples, then (if gated) blocks until the test opens the gate. */
    static final class Burst extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String key;
        private final int n;
        private transient OutputCollector collector;
        private long next;

        Burst(String key, int n) {
            this.key = key;
            this.n = n;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            for (int i = 0; i < n; i++) {
                collector.emit(input, new Values(next++));
            }
            collector.ack(input);
            if (input.getString(0).equals("block")) {
                try {
                    GATES.get(key).await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("seq"));
        }
    }

    /** Checks that sequence numbers arrive in order. */
    static final class InOrder extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String key;
        private transient OutputCollector collector;

        InOrder(String key) {
            this.key = key;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            long seq = input.getLong(0);
            if (LAST.get(key).getAndSet(seq) != seq - 1) {
                OUT_OF_ORDER.get(key).incrementAndGet();
            }
            RECEIVED.get(key).incrementAndGet();
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    private static String fresh() {
        String key = UUID.randomUUID().toString();
        LAST.put(key, new AtomicLong(-1));
        OUT_OF_ORDER.put(key, new AtomicInteger());
        RECEIVED.put(key, new AtomicInteger());
        GATES.put(key, new CountDownLatch(1));
        return key;
    }

    private static Config twoThreads() {
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 2);
        return conf;
    }

    @Test
    void batchedTuplesArriveInTheOrderTheyWereEmitted() {
        String key = fresh();
        FeederSpout spout = new FeederSpout(new Fields("cmd"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("burst", new Burst(key, 1_000)).shuffleGrouping("spout");
        // On a thread of its own, the checker is surely on another thread than the burst.
        b.setBolt("check", new InOrder(key)).shuffleGrouping("burst")
                .addConfiguration(Config.GALE_EXECUTOR_OWN_THREAD, true);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("order", twoThreads(), b.createTopology());
            for (int i = 0; i < 200; i++) {
                spout.feed(new Values("go"), i);
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> spout.getAcked().size() == 200);
            assertThat(RECEIVED.get(key).get()).isEqualTo(200_000);
            assertThat(OUT_OF_ORDER.get(key).get()).isZero();
        }
    }

    @Test
    void aBoltThatBlocksSendsWhatItEmittedBeforeBlockingWhenMarkedAsBlocking() {
        String key = fresh();
        FeederSpout spout = new FeederSpout(new Fields("cmd"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("burst", new Burst(key, 10)).shuffleGrouping("spout")
                .addConfiguration(Config.GALE_EXECUTOR_OWN_THREAD, true);
        b.setBolt("check", new InOrder(key)).shuffleGrouping("burst");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("blocking", twoThreads(), b.createTopology());
            spout.feed(new Values("go"), 1);
            spout.feed(new Values("block"), 2);
            // The second execute blocks after its emits; all twenty tuples still arrive.
            await().atMost(Duration.ofSeconds(30)).until(() -> RECEIVED.get(key).get() == 20);
            GATES.get(key).countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.getAcked().size() == 2);
            assertThat(OUT_OF_ORDER.get(key).get()).isZero();
        }
    }

    private static void assertASpoutsBatchArrivesWhileItWaits(boolean someTracked, boolean flushThenPark) {
        String key = fresh();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new EmitThenWait(key, 10, someTracked, flushThenPark));
        // On a thread of its own, the checker is surely on another thread than the spout.
        b.setBolt("check", new InOrder(key)).shuffleGrouping("spout")
                .addConfiguration(Config.GALE_EXECUTOR_OWN_THREAD, true);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("spout-batch", twoThreads(), b.createTopology());
            await().atMost(Duration.ofSeconds(60)).until(() -> ARRIVED_WHILE_WAITING.containsKey(key));
            assertThat(ARRIVED_WHILE_WAITING.get(key)).as("rounds whose tuples arrived while the spout waited")
                    .isEqualTo(ROUNDS);
            assertThat(OUT_OF_ORDER.get(key).get()).isZero();
        }
    }

    @Test
    void aSpoutThatSleepsAfterEmittingSendsItsUntrackedTuplesBeforeItSleeps() {
        assertASpoutsBatchArrivesWhileItWaits(false, false);
    }

    @Test
    void aSpoutThatFlushesSendsItsUntrackedTuplesEvenIfItThenBlocksUnseen() {
        assertASpoutsBatchArrivesWhileItWaits(false, true);
    }

    @Test
    void aSpoutsTrackedTuplesDoNotOvertakeItsBatchedUntrackedOnes() {
        assertASpoutsBatchArrivesWhileItWaits(true, false);
    }
}
