package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.impl.executor.Executor;
import dev.gale.spout.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Backpressure, cycles, many executors, and the topology lifecycle. */
class RuntimeTest {

    /** Shared counters of a counting spout's copies. */
    static final class Counters {
        final AtomicLong emitted = new AtomicLong();
        final AtomicLong acked = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final AtomicInteger activations = new AtomicInteger();
        final AtomicInteger deactivations = new AtomicInteger();
        /** Between deactivate and activate, as the spout itself was told. */
        volatile boolean inactive;
        final AtomicInteger nextTupleWhileInactive = new AtomicInteger();
    }

    /** Emits up to {@code limit} tracked tuples, as fast as it is allowed to. */
    static class CountingSpout extends BaseRichSpout implements PendingInput {
        private static final long serialVersionUID = 1L;
        static final Map<String, Counters> COUNTERS = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private final long limit;
        private final int hops;
        private transient SpoutOutputCollector collector;

        CountingSpout(long limit, int hops) {
            this.limit = limit;
            this.hops = hops;
            COUNTERS.put(id, new Counters());
        }

        Counters counters() {
            return COUNTERS.get(id);
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            counters().opened.incrementAndGet();
        }

        @Override
        public void nextTuple() {
            if (counters().inactive) {
                counters().nextTupleWhileInactive.incrementAndGet();
            }
            // Tasks share the counter: claim a number atomically, give it back past the limit.
            long n = counters().emitted.getAndIncrement();
            if (n >= limit) {
                counters().emitted.decrementAndGet();
                return;
            }
            collector.emit(new Values(n, hops), n);
        }

        @Override
        public boolean hasPendingInput() {
            return counters().emitted.get() < limit;
        }

        @Override
        public void ack(Object msgId) {
            counters().acked.incrementAndGet();
        }

        @Override
        public void fail(Object msgId) {
            counters().failed.incrementAndGet();
        }

        @Override
        public void activate() {
            counters().inactive = false;
            counters().activations.incrementAndGet();
        }

        @Override
        public void deactivate() {
            counters().inactive = true;
            counters().deactivations.incrementAndGet();
        }

        @Override
        public void close() {
            counters().closed.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n", "hops"));
        }
    }

    private static Executor executorOf(LocalCluster cluster, String topology, String component) {
        return Internals.running(cluster, topology).executors().stream()
                .filter(e -> e.componentId().equals(component)).reduce((a, b) -> {
                    throw new AssertionError("more than one executor of " + component);
                }).orElseThrow(() -> new AssertionError("no executor of " + component));
    }

    @Test
    void aBlockedBoltThrottlesItsSpoutInsteadOfBufferingWithoutBound() {
        CountingSpout spout = new CountingSpout(20_000, 0);
        Bolts.Gated gated = new Bolts.Gated();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("slow", gated).shuffleGrouping("spout");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE, 16);
        // Threads: the bolt blocks in execute until the test opens its gate.
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .build()) {
            cluster.submitTopology("throttled", conf, b.createTopology());
            Executor spoutExecutor = executorOf(cluster, "throttled", "spout");
            Executor slowExecutor = executorOf(cluster, "throttled", "slow");
            // No max spout pending: only backpressure can stop the spout. Wait until it is stopped:
            // the bolt stuck in execute, its queue full, and the spout holding a tuple that queue
            // refused. Nothing can drain that queue now, and the spout does not call nextTuple while
            // it holds a refused tuple, so it cannot emit again.
            await().atMost(Duration.ofSeconds(30)).until(() -> gated.entered() == 1
                    && slowExecutor.probe().queueDepth() == slowExecutor.inbox().capacity()
                    && spoutExecutor.probe().overflowSize() > 0);
            assertThat(slowExecutor.inbox().capacity()).isEqualTo(16);
            long bound = 1 + 16 + 1; // in execute, queued, held by the spout
            assertThat(spout.counters().emitted.get()).as("emitted while the bolt is stuck").isLessThanOrEqualTo(bound);
            assertThat(spout.counters().acked.get()).isZero();
            gated.open();
            cluster.waitForIdle();
            assertThat(spout.counters().emitted.get()).isEqualTo(20_000);
            assertThat(spout.counters().acked.get()).isEqualTo(20_000);
        }
    }

    /** Sends each tuple around a cycle until its hop count runs out, anchored all the way. */
    static class LoopBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            int hops = input.getInteger(1);
            if (hops > 0) {
                collector.emit(input, new Values(input.getValue(0), hops - 1));
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n", "hops"));
        }
    }

    @Test
    void aCycleWithTinyQueuesDoesNotDeadlock() {
        CountingSpout spout = new CountingSpout(6_000, 40); // shared by both spout tasks
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout, 2);
        b.setBolt("ping", new LoopBolt(), 2).shuffleGrouping("spout").shuffleGrouping("pong");
        b.setBolt("pong", new LoopBolt(), 2).shuffleGrouping("ping");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE, 16);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("cycle", conf, b.createTopology());
            cluster.waitForIdle(Duration.ofMinutes(2));
            assertThat(spout.counters().acked.get()).isEqualTo(6_000);
            assertThat(cluster.getTopologyStats("cycle").component("ping").orElseThrow().executed())
                    .isEqualTo(6_000L * 21);
        }
    }

    @Test
    void fiftyExecutorsRunOnASmallMachine() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout, 5);
        b.setBolt("a", new Bolts.Forward("word"), 15).shuffleGrouping("spout");
        b.setBolt("b", new Bolts.Forward("word"), 15).fieldsGrouping("a", new Fields("word"));
        b.setBolt("sink", sink, 14).shuffleGrouping("b");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("fifty", new Config(), b.createTopology());
            assertThat(Internals.running(cluster, "fifty").executors()).hasSize(50); // 49 + 1 acker
            for (int i = 0; i < 20_000; i++) {
                spout.feed(new Values("w" + (i % 300)), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(20_000);
            assertThat(sink.record.seen()).hasSize(20_000);
        }
    }

    @Test
    void anIdleTopologyOfFiftyExecutorsHasEveryThreadParkedAtOnce() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout, 5);
        b.setBolt("a", new Bolts.Forward("word"), 15).shuffleGrouping("spout");
        b.setBolt("b", new Bolts.Forward("word"), 15).fieldsGrouping("a", new Fields("word"));
        b.setBolt("sink", new Bolts.Sink(), 14).shuffleGrouping("b");
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .build()) {
            cluster.submitTopology("idle-threads", new Config(), b.createTopology());
            for (int i = 0; i < 1_000; i++) {
                spout.feed(new Values("w" + (i % 50)), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).hasSize(1_000);
            // Engine threads are named gale-<topology>-worker-<n> (the scheduler's, one per core at
            // most), gale-<topology>-watchdog, gale-<topology>-timer, and gale-<topology>-keepalive
            // (which only waits for the kill).
            // A thread that spins or yields while idle is RUNNABLE; one snapshot (taken at a
            // safepoint, so one moment for all threads) must find every one of them parked.
            String prefix = "gale-idle-threads-";
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            Supplier<List<ThreadInfo>> engineThreads = () ->
                    Arrays.stream(mx.dumpAllThreads(false, false))
                            .filter(t -> t.getThreadName().startsWith(prefix)).toList();
            assertThat(engineThreads.get())
                    .filteredOn(t -> t.getThreadName().startsWith(prefix + "worker-"))
                    .as("scheduler threads for 50 executors").hasSize(Math.min(50, Runtime.getRuntime().availableProcessors()));
            await().atMost(Duration.ofSeconds(10)).until(() -> engineThreads.get().stream()
                    .allMatch(t -> t.getThreadState() == Thread.State.WAITING
                            || t.getThreadState() == Thread.State.TIMED_WAITING));
        }
    }

    @Test
    void deactivateStopsNextTupleAndActivateResumesIt() {
        CountingSpout spout = new CountingSpout(Long.MAX_VALUE, 0);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("spout");
        // Threads: the spout never runs out of tuples, so only threads can run it "for a while".
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).withStepScheduler(false)
                .build()) {
            cluster.submitTopology("lifecycle", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.counters().emitted.get() > 1_000);
            cluster.deactivate("lifecycle");
            // The spout never runs out of tuples, so the topology can only go idle once nextTuple is
            // no longer called; and the spout counts any call it gets while deactivated.
            cluster.waitForIdle();
            assertThat(spout.counters().deactivations.get()).isEqualTo(1);
            long frozen = spout.counters().emitted.get();
            assertThat(spout.counters().acked.get()).as("acks still arrive while deactivated").isEqualTo(frozen);
            assertThat(spout.counters().nextTupleWhileInactive.get()).isZero();
            cluster.activate("lifecycle");
            await().atMost(Duration.ofSeconds(30)).until(() -> spout.counters().emitted.get() > frozen + 1_000);
            assertThat(spout.counters().activations.get()).isEqualTo(2); // at start, and after deactivate
            assertThat(spout.counters().nextTupleWhileInactive.get()).isZero();
            cluster.killTopology("lifecycle");
            assertThat(spout.counters().closed.get()).isEqualTo(1);
            assertThat(cluster.getTopologyNames()).isEmpty();
        }
    }
}
