package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.ReplayHelper;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A spout built on {@link ReplayHelper} in a running topology on simulated time: a message a bolt
 * fails once is replayed after the first backoff and then acked; one that always fails is replayed
 * with growing waits and lands on the dead-letter stream with its attempt count and reason.
 */
class ReplayHelperTopologyTest {
    private static final Map<String, Queue<String>> LOG = new ConcurrentHashMap<>();

    private SimulatedClock clock;
    private LocalCluster cluster;

    @BeforeEach
    void start() {
        clock = new SimulatedClock();
        cluster = new LocalCluster.Builder().withClock(clock).build();
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    /** Emits its lines once each; replays what fails through the helper; dead letters go to stream "dead". */
    static class LinesSpout extends BaseRichSpout implements FailureAware {
        private static final long serialVersionUID = 1L;
        private final String log;
        private final List<String> lines;
        private transient SpoutOutputCollector collector;
        private transient TopologyContext context;
        private transient ReplayHelper<String> replay;
        private transient int next;

        LinesSpout(String log, List<String> lines) {
            this.log = log;
            this.lines = lines;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.context = context;
            this.replay = ReplayHelper.<String>builder(context.getClock()).maxAttempts(3)
                    .backoff(Duration.ofMillis(500), Duration.ofSeconds(5))
                    .deadLetter(ReplayHelper.toStream(collector, "dead")).build();
        }

        @Override
        public void nextTuple() {
            ReplayHelper.Retry<String> retry = replay.nextDue();
            String line = retry != null ? retry.message() : next < lines.size() ? lines.get(next++) : null;
            if (line != null) {
                replay.emitted(line, line);
                LOG.get(log).add("emit " + line + " #" + replay.attempts(line) + " at " + context.getClock().millis());
                collector.emit(new Values(line), line);
            }
        }

        @Override
        public void ack(Object msgId) {
            replay.acked(msgId);
            LOG.get(log).add("acked " + msgId);
        }

        @Override
        public void fail(Object msgId) {
            throw new AssertionError("FailureAware: the plain fail is not called");
        }

        @Override
        public void fail(Object msgId, FailureInfo info) {
            replay.failed(msgId, info);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("line"));
            declarer.declareStream("dead", new Fields(ReplayHelper.DEAD_LETTER_FIELDS));
        }
    }

    /** Throws on "bad" always, on "flaky" the first time; acks the rest. */
    static class Picky extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient boolean flakySeen;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            String line = input.getString(0);
            if (line.equals("bad") || line.equals("flaky") && !flakySeen) {
                flakySeen |= line.equals("flaky");
                throw new IllegalArgumentException("cannot handle " + line);
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Records the dead letters it gets. */
    static class DeadLetters extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String log;
        private transient OutputCollector collector;

        DeadLetters(String log) {
            this.log = log;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            LOG.get(log).add("dead " + input.getValueByField("message") + " after " + input.getValueByField("attempts")
                    + " " + input.getValueByField("reason") + " " + input.getValueByField("error"));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void failedMessagesAreReplayedWithBackoffAndTheHopelessOneIsDeadLettered() {
        String log = UUID.randomUUID().toString();
        LOG.put(log, new ConcurrentLinkedQueue<>());
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("lines", new LinesSpout(log, List.of("ok", "flaky", "bad")));
        b.setBolt("picky", new Picky()).shuffleGrouping("lines");
        b.setBolt("dead", new DeadLetters(log)).shuffleGrouping("lines", "dead");
        cluster.submitTopology("replay", new Config(), b.createTopology());
        long t0 = clock.millis();
        cluster.waitForIdle();
        for (int i = 0; i < 40; i++) { // 4 s in steps of 100 ms: every retry is due on a step
            clock.advanceMillis(100);
            cluster.waitForIdle();
        }
        String error = IllegalArgumentException.class.getName() + ": cannot handle bad";
        assertThat(new ArrayList<>(LOG.get(log))).containsExactly(
                "emit ok #1 at " + t0, "emit flaky #1 at " + t0, "emit bad #1 at " + t0,
                "acked ok",
                "emit flaky #2 at " + (t0 + 500), "emit bad #2 at " + (t0 + 500),
                "acked flaky",
                "emit bad #3 at " + (t0 + 1500),
                "dead bad after 3 THREW " + error);
    }
}
