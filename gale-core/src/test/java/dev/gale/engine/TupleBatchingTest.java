package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Bolts batch the tuples they send to executors on other threads. Order between two tasks must
 * hold, and a bolt marked as blocking must send each tuple at once.
 */
class TupleBatchingTest {
    private static final Map<String, AtomicLong> LAST = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> OUT_OF_ORDER = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> RECEIVED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> GATES = new ConcurrentHashMap<>();

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
        String key = java.util.UUID.randomUUID().toString();
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
}
