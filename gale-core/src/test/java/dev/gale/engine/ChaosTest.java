package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.spout.PendingInput;
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
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * Bolts that randomly throw, fail or silently drop tuples; a spout that replays what failed.
 * In the end every message is acked exactly once and none is lost.
 */
class ChaosTest {
    private static final int MESSAGES = 100_000;

    /** Shared state of a replaying spout's task copies. */
    static final class Ledger {
        final ConcurrentLinkedQueue<Integer> toSend = new ConcurrentLinkedQueue<>();
        final AtomicInteger queued = new AtomicInteger();
        final AtomicIntegerArray acks;
        final AtomicInteger fails = new AtomicInteger();
        final AtomicInteger duplicateAcks = new AtomicInteger();

        Ledger(int n) {
            acks = new AtomicIntegerArray(n);
            for (int i = 0; i < n; i++) {
                toSend.add(i);
            }
            queued.set(n);
        }
    }

    /** Emits each message id from the ledger; a failed id goes back into the ledger to replay. */
    static class ReplayingSpout extends BaseRichSpout implements PendingInput {
        private static final long serialVersionUID = 1L;
        static final Map<String, Ledger> LEDGERS = new ConcurrentHashMap<>();
        final String id = UUID.randomUUID().toString();
        private transient SpoutOutputCollector collector;

        ReplayingSpout(int n) {
            LEDGERS.put(id, new Ledger(n));
        }

        Ledger ledger() {
            return LEDGERS.get(id);
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            Integer msg = ledger().toSend.poll();
            if (msg != null) {
                ledger().queued.decrementAndGet();
                collector.emit(new Values("sentence " + msg + " of words " + (msg % 97)), msg);
            }
        }

        @Override
        public void ack(Object msgId) {
            if (ledger().acks.incrementAndGet((Integer) msgId) > 1) {
                ledger().duplicateAcks.incrementAndGet();
            }
        }

        @Override
        public void fail(Object msgId) {
            ledger().fails.incrementAndGet();
            ledger().queued.incrementAndGet();
            ledger().toSend.add((Integer) msgId);
        }

        @Override
        public boolean hasPendingInput() {
            return ledger().queued.get() > 0;
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    /**
     * Splits its input into words (anchored), unless chaos strikes: about 1% throw, 2% fail and
     * 2% are dropped without an ack (only a timeout can save those).
     */
    static class ChaoticSplitter extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final boolean emits;
        private transient OutputCollector collector;
        private transient Random random;

        ChaoticSplitter(boolean emits) {
            this.emits = emits;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.random = new Random(context.getThisTaskId() * 31L + 17);
        }

        @Override
        public void execute(Tuple input) {
            int dice = random.nextInt(1000);
            if (dice < 10) {
                throw new IllegalStateException("chaos: a bug in user code");
            }
            if (dice < 30) {
                collector.fail(input);
                return;
            }
            if (dice < 50) {
                return; // dropped: neither acked nor failed
            }
            if (emits) {
                for (String word : input.getString(0).split(" ")) {
                    collector.emit(input, new Values(word));
                }
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    @Test
    void everyMessageIsAckedExactlyOnceDespiteThrowsFailsAndDrops() {
        SimulatedClock clock = new SimulatedClock();
        ReplayingSpout spout = new ReplayingSpout(MESSAGES);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout, 2);
        b.setBolt("split", new ChaoticSplitter(true), 3).shuffleGrouping("spout");
        b.setBolt("count", new ChaoticSplitter(false), 2).fieldsGrouping("split", new Fields("word"));
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        conf.setMaxSpoutPending(2_000);
        conf.setNumAckers(2);
        Ledger ledger = spout.ledger();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(clock).build()) {
            cluster.submitTopology("chaos", conf, b.createTopology());
            int rounds = 0;
            while (!allAcked(ledger) && rounds++ < 200) {
                cluster.waitForIdle(Duration.ofMinutes(2));
                clock.advance(Duration.ofSeconds(13)); // past the 12.5 s bound: drops time out and replay
            }
            cluster.waitForIdle(Duration.ofMinutes(2));
            assertThat(allAcked(ledger)).as("all acked after %d rounds", rounds).isTrue();
            for (int i = 0; i < MESSAGES; i++) {
                assertThat(ledger.acks.get(i)).as("acks of message %d", i).isEqualTo(1);
            }
            assertThat(ledger.duplicateAcks.get()).isZero();
            assertThat(ledger.fails.get()).as("chaos happened").isGreaterThan(MESSAGES / 20);
            assertThat(ledger.toSend).isEmpty();
            long reported = cluster.getTopologyStats("chaos").component("split").orElseThrow().lastErrors().size();
            assertThat(reported).as("thrown errors are reported").isPositive();
        }
    }

    private static boolean allAcked(Ledger ledger) {
        for (int i = 0; i < ledger.acks.length(); i++) {
            if (ledger.acks.get(i) == 0) {
                return false;
            }
        }
        return true;
    }
}
