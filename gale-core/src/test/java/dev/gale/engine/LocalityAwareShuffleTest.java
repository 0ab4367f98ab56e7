package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Shuffle groupings prefer the targets on the emitter's own scheduler thread, as Storm's default
 * (load-aware) shuffle prefers its own worker, but never leave a target without input, and
 * {@code topology.disable.loadaware.messaging} restores the plain round robin.
 */
class LocalityAwareShuffleTest {
    private static final int PER_SPOUT = 20_000;
    /** Per run: tuples executed on the thread that emitted them, and on another one. */
    private static final Map<String, AtomicInteger> SAME_THREAD = new ConcurrentHashMap<>();
    private static final Map<String, AtomicInteger> OTHER_THREAD = new ConcurrentHashMap<>();
    /** Per run and bolt task: tuples received. */
    private static final Map<String, AtomicInteger> BY_TASK = new ConcurrentHashMap<>();
    /** Per run: spout and bolt tasks opened or prepared (so their threads are known). */
    private static final Map<String, AtomicInteger> READY = new ConcurrentHashMap<>();

    /**
     * Once every task of the run is ready, emits PER_SPOUT tuples carrying the name of the thread
     * that emitted them (before that, the thread of a task not yet started is unknown, and the
     * shuffle spreads over every task).
     */
    static final class ThreadNamingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String run;
        private final int tasks;
        private transient SpoutOutputCollector collector;
        private int emitted;

        ThreadNamingSpout(String run, int tasks) {
            this.run = run;
            this.tasks = tasks;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            READY.get(run).incrementAndGet();
        }

        @Override
        public void nextTuple() {
            if (emitted < PER_SPOUT && READY.get(run).get() == tasks) {
                emitted++;
                collector.emit(new Values(Thread.currentThread().getName()));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("thread"));
        }
    }

    /** Counts where each tuple ran, against where it was emitted. */
    static final class WhereBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String run;
        private transient String task;

        WhereBolt(String run) {
            this.run = run;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            task = run + "/" + context.getThisTaskId();
            READY.get(run).incrementAndGet();
        }

        @Override
        public void execute(Tuple input) {
            boolean same = input.getString(0).equals(Thread.currentThread().getName());
            (same ? SAME_THREAD : OTHER_THREAD).get(run).incrementAndGet();
            BY_TASK.computeIfAbsent(task, t -> new AtomicInteger()).incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Runs spouts x bolts(4) on two threads, placed as a pipeline (and never moved); returns the run's key. */
    private static String run(int spouts, Map<String, Object> extra) {
        String run = UUID.randomUUID().toString();
        SAME_THREAD.put(run, new AtomicInteger());
        OTHER_THREAD.put(run, new AtomicInteger());
        READY.put(run, new AtomicInteger());
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ThreadNamingSpout(run, spouts + 4), spouts);
        b.setBolt("where", new WhereBolt(run), 4).shuffleGrouping("spout");
        Config conf = new Config();
        conf.put(Config.GALE_SCHEDULER_THREADS, 2);
        conf.put(Config.GALE_SCHEDULER_PLACEMENT, "pipeline");
        // A loaded machine can stall a call past the watchdog's limit, and a move would mix the threads.
        conf.put(Config.GALE_SCHEDULER_BLOCKED_MS, 0);
        conf.putAll(extra);
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("shuffle", conf, b.createTopology());
            await().atMost(Duration.ofSeconds(30)).until(
                    () -> SAME_THREAD.get(run).get() + OTHER_THREAD.get(run).get() == spouts * PER_SPOUT);
        }
        return run;
    }

    @Test
    void eachSpoutFeedsTheBoltsOnItsOwnThread() {
        String run = run(2, Map.of());
        assertThat(OTHER_THREAD.get(run).get()).as("tuples that crossed threads").isZero();
        assertThat(SAME_THREAD.get(run).get()).isEqualTo(2 * PER_SPOUT);
    }

    @Test
    void aLoneSpoutStillFeedsTheBoltsOnTheOtherThread() {
        String run = run(1, Map.of());
        assertThat(BY_TASK.entrySet()).filteredOn(e -> e.getKey().startsWith(run + "/"))
                .as("tuples per bolt task").hasSize(4)
                .allSatisfy(e -> assertThat(e.getValue().get()).isEqualTo(PER_SPOUT / 4));
        assertThat(OTHER_THREAD.get(run).get()).isEqualTo(PER_SPOUT / 2);
    }

    @Test
    void disablingLoadAwareMessagingSpreadsEvenlyOverEveryTask() {
        String run = run(2, Map.of(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, true));
        assertThat(OTHER_THREAD.get(run).get()).as("half the tuples cross threads").isEqualTo(PER_SPOUT);
    }

    @Test
    void aBoundOutsideZeroToOneFailsAtSubmitNamingIt() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new ThreadNamingSpout("unused", 3));
        b.setBolt("where", new WhereBolt("unused"), 2).shuffleGrouping("spout");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND, 1.5);
        try (LocalCluster cluster = new LocalCluster()) {
            assertThatThrownBy(() -> cluster.submitTopology("bad-bound", conf, b.createTopology()))
                    .hasMessageContaining(Config.TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND)
                    .hasMessageContaining("spout 'spout'");
        }
    }
}
