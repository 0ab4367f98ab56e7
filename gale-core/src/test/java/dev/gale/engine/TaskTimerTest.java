package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.OutputCollector;
import dev.gale.task.TaskTimer;
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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A bolt task's own timer ({@link TopologyContext#getTaskTimer()}): calls at every due instant of the
 * topology's clock, each told its own instant, on the task's thread, until cancelled; errors are
 * reported and the calls go on.
 */
class TaskTimerTest {

    /** One call (or one execute, due -1) as the bolt saw it. */
    record Call(int task, long due, String thread) {
    }

    /** Schedules {@code periodMillis} in prepare; cancels after {@code cancelAfter} calls; throws on call {@code throwOn}. */
    static final class TimedBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private static final Map<String, Queue<Call>> CALLS = new ConcurrentHashMap<>();
        private final String id = UUID.randomUUID().toString();
        private final long periodMillis;
        private final int cancelAfter;
        private final int throwOn;
        private transient int calls;
        private transient TaskTimer.Scheduled scheduled;
        private transient int task;

        TimedBolt(long periodMillis, int cancelAfter, int throwOn) {
            this.periodMillis = periodMillis;
            this.cancelAfter = cancelAfter;
            this.throwOn = throwOn;
            CALLS.put(id, new ConcurrentLinkedQueue<>());
        }

        List<Call> calls() {
            return List.copyOf(CALLS.get(id));
        }

        List<Long> dues() {
            return calls().stream().filter(c -> c.due >= 0).map(Call::due).collect(Collectors.toList());
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            task = context.getThisTaskId();
            scheduled = context.getTaskTimer().schedule(periodMillis, due -> {
                calls++;
                if (calls == throwOn) {
                    throw new IllegalStateException("call " + calls + " fails");
                }
                CALLS.get(id).add(new Call(task, due, Thread.currentThread().getName()));
                if (calls == cancelAfter) {
                    scheduled.cancel();
                }
            });
        }

        @Override
        public void execute(Tuple input) {
            CALLS.get(id).add(new Call(task, -1, Thread.currentThread().getName()));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    private static TopologyBuilder topology(FeederSpout spout, TimedBolt bolt, int parallelism) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("timed", bolt, parallelism).shuffleGrouping("spout");
        return b;
    }

    @Test
    void callsComeAtEveryDueInstantEachWithItsOwnInstant() {
        SimulatedClock clock = new SimulatedClock();
        TimedBolt bolt = new TimedBolt(250, -1, -1);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("timer", new Config(), topology(new FeederSpout(new Fields("w")), bolt, 1)
                    .createTopology());
            cluster.waitForIdle();
            clock.advance(Duration.ofMillis(999));
            assertThat(bolt.dues()).containsExactly(250L, 500L, 750L);
            clock.advance(Duration.ofMillis(1));
            assertThat(bolt.dues()).containsExactly(250L, 500L, 750L, 1000L);

            // One advance of ten seconds: forty calls, in order, each knowing the instant it stands for.
            clock.advance(Duration.ofSeconds(10));
            List<Long> dues = bolt.dues();
            assertThat(dues).hasSize(44);
            for (int i = 0; i < dues.size(); i++) {
                assertThat(dues.get(i)).isEqualTo(250L * (i + 1));
            }
        }
    }

    @Test
    void everyTaskHasItsOwnTimerAndItsCallsRunOnTheThreadThatExecutes() {
        SimulatedClock clock = new SimulatedClock();
        TimedBolt bolt = new TimedBolt(1000, -1, -1);
        FeederSpout spout = new FeederSpout(new Fields("w"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).withStepScheduler(false).build()) {
            cluster.submitTopology("timer", new Config(), topology(spout, bolt, 2).createTopology());
            cluster.waitForIdle();
            spout.feed(new Values("a"));
            spout.feed(new Values("b"));
            cluster.waitForIdle();
            clock.advance(Duration.ofSeconds(3));
            List<Call> calls = bolt.calls();
            Map<Integer, List<Long>> byTask = calls.stream().filter(c -> c.due >= 0)
                    .collect(Collectors.groupingBy(Call::task, Collectors.mapping(Call::due, Collectors.toList())));
            assertThat(byTask).hasSize(2).allSatisfy((task, d) -> assertThat(d).containsExactly(1000L, 2000L, 3000L));
            // Threaded: every call of a task runs on the thread that runs its executes.
            Map<Integer, List<String>> threads = calls.stream().collect(Collectors.groupingBy(Call::task,
                    Collectors.mapping(Call::thread, Collectors.toList())));
            assertThat(threads.values()).allSatisfy(names -> assertThat(names).allMatch(n -> n.startsWith("gale-")));
        }
    }

    @Test
    void aCancelledTimerCallsNoMore() {
        SimulatedClock clock = new SimulatedClock();
        TimedBolt bolt = new TimedBolt(100, 3, -1);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("timer", new Config(), topology(new FeederSpout(new Fields("w")), bolt, 1)
                    .createTopology());
            clock.advance(Duration.ofSeconds(2));
            assertThat(bolt.dues()).containsExactly(100L, 200L, 300L);
        }
    }

    @Test
    void aCallThatThrowsIsReportedWithItsTaskAndTheCallsGoOn() {
        SimulatedClock clock = new SimulatedClock();
        TimedBolt bolt = new TimedBolt(100, -1, 2);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("timer", new Config(), topology(new FeederSpout(new Fields("w")), bolt, 1)
                    .createTopology());
            clock.advance(Duration.ofMillis(400));
            assertThat(bolt.dues()).containsExactly(100L, 300L, 400L);
            List<ErrorInfo> errors = cluster.getTopologyStats("timer").component("timed").orElseThrow().lastErrors();
            assertThat(errors).singleElement().satisfies(e -> {
                assertThat(e.taskId()).isEqualTo(bolt.calls().get(0).task());
                assertThat(e.message()).contains("timer").contains("call 2 fails");
            });
        }
    }

    @Test
    void underStormsSimulatedTimeAnAdvanceReturnsWithTheCallsDone() throws InterruptedException {
        TimedBolt bolt = new TimedBolt(500, -1, -1);
        try (LocalCluster cluster = new LocalCluster.Builder().withSimulatedTime().build()) {
            cluster.submitTopology("timer", new Config(), topology(new FeederSpout(new Fields("w")), bolt, 1)
                    .createTopology());
            cluster.waitForIdle();
            cluster.advanceClusterTime(2);
            assertThat(bolt.dues()).containsExactly(500L, 1000L, 1500L, 2000L);
        }
    }

    @Test
    void spoutsHaveNoTaskTimer() {
        Queue<Throwable> thrown = new ConcurrentLinkedQueue<>();
        String key = UUID.randomUUID().toString();
        THROWN.put(key, thrown);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new AskingSpout(key));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("timer", new Config(), b.createTopology());
            cluster.waitForIdle();
        }
        assertThat(thrown).singleElement().isInstanceOf(UnsupportedOperationException.class)
                .extracting(Throwable::getMessage).asString().contains("no task timer").contains("bolt tasks");
    }

    private static final Map<String, Queue<Throwable>> THROWN = new ConcurrentHashMap<>();

    /** Asks for a task timer in open and records what that threw. */
    static final class AskingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final String key;

        AskingSpout(String key) {
            this.key = key;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            try {
                context.getTaskTimer();
            } catch (RuntimeException e) {
                THROWN.get(key).add(e);
            }
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
