package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.impl.executor.ForeignEmitsAccess;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rich bolt's OutputCollector is thread-safe, as Storm's is: emits, acks and fails from a
 * bolt's own threads are anchored and tracked as on the bolt's thread.
 */
class EmitFromAnyThreadTest {
    /** What the sink tasks received: "word@task". */
    static final Set<String> RECEIVED = ConcurrentHashMap.newKeySet();
    /** What the pool threads were told by emit: "word@task". */
    static final Set<String> RETURNED = ConcurrentHashMap.newKeySet();
    static final Map<String, Throwable> ERRORS = new ConcurrentHashMap<>();
    static final AtomicInteger SINK_TUPLES = new AtomicInteger();
    /** Sentences the pool has emitted and acked. */
    static final AtomicInteger POOL_DONE = new AtomicInteger();

    @BeforeEach
    void reset() {
        RECEIVED.clear();
        RETURNED.clear();
        ERRORS.clear();
        SINK_TUPLES.set(0);
        POOL_DONE.set(0);
    }

    /**
     * Splits each sentence on a pool of four threads: every word is emitted there, anchored to
     * the sentence, and the sentence acked there once all its words are out (storm-starter's
     * MultiThreadWordCountTopology does the same).
     */
    static class PoolSplitter extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient ExecutorService pool;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.pool = Executors.newFixedThreadPool(4);
        }

        @Override
        public void execute(Tuple input) {
            pool.execute(() -> {
                for (String w : input.getString(0).split(" ")) {
                    List<Integer> tasks = collector.emit(input, new Values(w));
                    RETURNED.add(w + "@" + tasks);
                }
                collector.ack(input);
                POOL_DONE.incrementAndGet();
            });
        }

        @Override
        public void cleanup() {
            pool.shutdownNow();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Records each word with its task, and acks it. */
    static class Sink extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient int task;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.task = context.getThisTaskId();
        }

        @Override
        public void execute(Tuple input) {
            RECEIVED.add(input.getString(0) + "@[" + task + "]");
            SINK_TUPLES.incrementAndGet();
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @ParameterizedTest(name = "step scheduler: {0}")
    @ValueSource(booleans = {true, false})
    void wordsEmittedOnAPoolAreAnchoredRoutedAndTheirTreesComplete(boolean stepped) {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("split", new PoolSplitter()).shuffleGrouping("spout");
        b.setBolt("sink", new Sink(), 3).fieldsGrouping("split", new Fields("word"));
        LocalCluster.Builder builder = new LocalCluster.Builder().withStepScheduler(stepped);
        if (stepped) {
            builder.withClock(new SimulatedClock());
        }
        int sentences = 2_000;
        try (LocalCluster cluster = builder.build()) {
            cluster.submitTopology("pool", new Config(), b.createTopology());
            for (int i = 0; i < sentences; i++) {
                spout.feed(new Values("a" + i + " b" + i + " c" + i), i);
            }
            // The pool works at its own pace; each look runs what it handed over.
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(2)).until(() -> {
                cluster.waitForIdle();
                return spout.getAcked().size() == sentences;
            });
            assertThat(spout.getFailed()).isEmpty();
            assertThat(SINK_TUPLES.get()).isEqualTo(3 * sentences);
            // The tasks emit returned on the pool thread are the tasks that got the word.
            assertThat(RETURNED).hasSize(3 * sentences).isEqualTo(RECEIVED);
        }
    }

    /** The sink never acks: a tree completes only if the pool's emits were anchored to it. */
    static class NeverAcks extends BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        }

        @Override
        public void execute(Tuple input) {
            SINK_TUPLES.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aPoolEmitIsPartOfTheTreeSoTheTreeWaitsForIt() {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("split", new PoolSplitter()).shuffleGrouping("spout");
        b.setBolt("sink", new NeverAcks()).shuffleGrouping("split");
        SimulatedClock clock = new SimulatedClock();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            Config conf = new Config();
            conf.setMessageTimeoutSecs(10);
            cluster.submitTopology("anchored", conf, b.createTopology());
            spout.feed(new Values("x y"), 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                cluster.waitForIdle();
                return POOL_DONE.get() == 1;
            });
            cluster.waitForIdle(Duration.ofSeconds(30)); // runs what the pool handed over
            assertThat(SINK_TUPLES.get()).isEqualTo(2);
            assertThat(spout.getAcked()).as("the words are unacked, so the tree is open").isEmpty();
            clock.advance(Duration.ofSeconds(31));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                cluster.waitForIdle();
                return !spout.getFailed().isEmpty();
            });
            assertThat(spout.getFailed()).containsExactly(1);
        }
    }

    /** Emits on a stream it does not declare, from a pool thread. */
    static class WrongStream extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            Thread t = new Thread(() -> {
                try {
                    collector.emit("nope", input, new Values("w"));
                } catch (RuntimeException e) {
                    ERRORS.put("emit", e);
                }
                collector.ack(input);
            }, "user-pool");
            t.start();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    @Test
    void aBadEmitOnAnotherThreadThrowsOnThatThreadNamingTheBoltAndStream() {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("wrong", new WrongStream()).shuffleGrouping("spout");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("wrong", new Config(), b.createTopology());
            spout.feed(new Values("x"), 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                cluster.waitForIdle();
                return spout.getAcked().size() == 1;
            });
            assertThat(ERRORS.get("emit")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("bolt 'wrong'").hasMessageContaining("'nope'");
        }
    }

    /** Keeps its first input so a test's thread can emit anchored to it. */
    static class Keeper extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        static volatile OutputCollector collector;
        static volatile Tuple kept;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector c) {
            collector = c;
        }

        @Override
        public void execute(Tuple input) {
            kept = input;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    @Test
    void aThreadThatOutrunsTheBoltBlocksAtTheBoundUntilTheBoltCatchesUp() throws Exception {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("keeper", new Keeper()).shuffleGrouping("spout");
        b.setBolt("sink", new Sink()).shuffleGrouping("keeper");
        // On the step scheduler the bolt runs only while the test steps it: between steps, a
        // thread emitting on its collector outruns it by as much as it likes.
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("bound", new Config(), b.createTopology());
            spout.feed(new Values("x"), 1);
            cluster.waitForIdle(Duration.ofSeconds(30));
            int total = 3 * ForeignEmitsAccess.maxQueued();
            AtomicInteger emitted = new AtomicInteger();
            Thread producer = new Thread(() -> {
                for (int i = 0; i < total; i++) {
                    Keeper.collector.emit(Keeper.kept, new Values("w" + i));
                    emitted.incrementAndGet();
                }
                Keeper.collector.ack(Keeper.kept);
            }, "outrunning-producer");
            producer.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> producer.getState() == Thread.State.TIMED_WAITING
                    || producer.getState() == Thread.State.WAITING);
            assertThat(emitted.get()).as("emits handed before the bound stopped the producer")
                    .isEqualTo(ForeignEmitsAccess.maxQueued());
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                cluster.waitForIdle();
                return spout.getAcked().size() == 1;
            });
            producer.join(10_000);
            assertThat(SINK_TUPLES.get()).isEqualTo(total);
        }
    }

    @Test
    void aThreadBlockedAtTheBoundIsReleasedWithAnErrorWhenTheTopologyIsKilled() throws Exception {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("keeper", new Keeper()).shuffleGrouping("spout");
        b.setBolt("sink", new Sink()).shuffleGrouping("keeper");
        List<Throwable> thrown = new ArrayList<>();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("killed", new Config(), b.createTopology());
            spout.feed(new Values("x"), 1);
            cluster.waitForIdle(Duration.ofSeconds(30));
            Thread producer = new Thread(() -> {
                try {
                    while (true) {
                        Keeper.collector.emit(Keeper.kept, new Values("w"));
                    }
                } catch (RuntimeException e) {
                    synchronized (thrown) {
                        thrown.add(e);
                    }
                }
            }, "blocked-producer");
            producer.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> producer.getState() == Thread.State.TIMED_WAITING
                    || producer.getState() == Thread.State.WAITING);
            cluster.killTopology("killed");
            producer.join(30_000);
            assertThat(producer.isAlive()).isFalse();
        }
        assertThat(thrown).singleElement().isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> {
            throw thrown.get(0);
        }).hasMessageContaining("bolt 'keeper'")
                .hasMessageContaining("has stopped");
    }
}
