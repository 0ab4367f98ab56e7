package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every input is acked at most once and failed at most once, whatever the bolt calls. A second
 * ack, and an ack after a fail, are ignored; a fail after an ack fails the tree if the tree is
 * still open, as in Storm. A basic bolt's input is acked by the engine when execute returns, with
 * the edge ids of its emits kept outside the tuple until then; the bolt may still ack or fail it
 * itself through {@code getOutputter()}: during execute that takes the engine's place. A second
 * ack that got through would leave the tree's XOR non-zero, and the tree would time out and fail;
 * so every test runs the clock past the message timeout before it looks.
 */
class InputSettlingTest {
    private static final int TIMEOUT_SECS = 10;
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

    /** What the split does with its own outputter after emitting. */
    enum Action { NOTHING, ACK_CURRENT, FAIL_CURRENT, ACK_PREVIOUS, FAIL_PREVIOUS, ACK_CURRENT_THEN_THROW_FAILED }

    /** Emits two words anchored to its input, then settles inputs itself as {@code action} says. */
    static final class SelfSettlingSplit extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final Action action;
        private transient Tuple previous;

        SelfSettlingSplit(Action action) {
            this.action = action;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String v = input.getString(0);
            collector.emit(new Values(v + "-a"));
            collector.emit(new Values(v + "-b"));
            switch (action) {
                case ACK_CURRENT -> collector.getOutputter().ack(input);
                case FAIL_CURRENT -> collector.getOutputter().fail(input);
                case ACK_PREVIOUS -> {
                    if (previous != null) {
                        collector.getOutputter().ack(previous);
                    }
                    previous = input;
                }
                case FAIL_PREVIOUS -> {
                    if (previous != null) {
                        collector.getOutputter().fail(previous);
                    }
                    previous = input;
                }
                case ACK_CURRENT_THEN_THROW_FAILED -> {
                    collector.getOutputter().ack(input);
                    throw new FailedException("failed after its own ack");
                }
                case NOTHING -> { }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    private HoldingBolt sink;

    /** Feeds {@code n} inputs through the split to a sink that holds its inputs until released. */
    private FeederSpout feed(Action action, int n) {
        return feed(new SelfSettlingSplit(action), n);
    }

    private FeederSpout feed(Object split, int n) {
        FeederSpout spout = new FeederSpout(new Fields("v"));
        sink = new HoldingBolt(false, 1);
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        if (split instanceof IBasicBolt) {
            b.setBolt("split", (IBasicBolt) split, 2).shuffleGrouping("spout");
        } else {
            b.setBolt("split", (IRichBolt) split, 2).shuffleGrouping("spout");
        }
        b.setBolt("sink", sink, 2).shuffleGrouping("split");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(TIMEOUT_SECS);
        cluster.submitTopology("self-settling", conf, b.createTopology());
        for (int i = 0; i < n; i++) {
            spout.feed(new Values("v" + i), i);
        }
        cluster.waitForIdle();
        return spout;
    }

    /** Lets the sink ack what it holds, then runs the clock well past the message timeout. */
    private void releaseAndOutwaitTheTimeout() {
        sink.release();
        outwaitTheTimeout();
    }

    private void outwaitTheTimeout() {
        for (int s = 0; s < 3 * TIMEOUT_SECS; s++) {
            clock.advance(Duration.ofSeconds(1));
            cluster.waitForIdle();
        }
    }

    private static List<Object> ids(int n) {
        return IntStream.range(0, n).boxed().map(i -> (Object) i).toList();
    }

    private void assertEveryTreeCompletesOnlyOnceTheSinkAcks(Action action) {
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(feed(action, 200));
    }

    private void assertEveryTreeCompletesOnlyOnceTheSinkAcks(FeederSpout spout) {
        assertThat(spout.getAcked()).as("the words are still held downstream").isEmpty();
        assertThat(spout.getFailed()).isEmpty();
        releaseAndOutwaitTheTimeout();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(200));
        assertThat(spout.getFailed()).isEmpty();
    }

    @Test
    void aRichBoltsSecondAckIsIgnored() {
        // Emits two words anchored to its input and acks it twice.
        Bolts.Fn split = new Bolts.Fn((input, collector, context) -> {
            String v = input.getString(0);
            collector.emit(input, new Values(v + "-a"));
            collector.emit(input, new Values(v + "-b"));
            collector.ack(input);
            collector.ack(input);
        }).stream("default", false, "word");
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(feed(split, 200));
    }

    @Test
    void aRichBoltsFailAfterItsAckFailsTheTreeWhileItIsOpen() {
        // Emits two words anchored to its input, acks it, then fails it; the sink still holds the
        // words, so the trees are open and fail at once, as in Storm; a later ack changes nothing.
        Bolts.Fn split = new Bolts.Fn((input, collector, context) -> {
            String v = input.getString(0);
            collector.emit(input, new Values(v + "-a"));
            collector.emit(input, new Values(v + "-b"));
            collector.ack(input);
            collector.fail(input);
            collector.ack(input);
        }).stream("default", false, "word");
        FeederSpout spout = feed(split, 200);
        assertThat(spout.getFailed()).containsExactlyInAnyOrderElementsOf(ids(200));
        releaseAndOutwaitTheTimeout();
        assertThat(spout.getAcked()).isEmpty();
        assertThat(spout.getFailed()).hasSize(200);
    }

    @Test
    void aFailAfterTheAckThatCompletedTheTreeChangesNothing() {
        // A leaf: its ack completes each tree, and the fail behind it finds the tree gone (Storm
        // acks it as well: the acker sees the ack first).
        Bolts.Fn leaf = new Bolts.Fn((input, collector, context) -> {
            collector.ack(input);
            collector.fail(input);
        });
        FeederSpout spout = new FeederSpout(new Fields("v"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("leaf", leaf, 2).shuffleGrouping("spout");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(TIMEOUT_SECS);
        cluster.submitTopology("leaf", conf, b.createTopology());
        for (int i = 0; i < 200; i++) {
            spout.feed(new Values("v" + i), i);
        }
        cluster.waitForIdle();
        outwaitTheTimeout();
        assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(ids(200));
        assertThat(spout.getFailed()).isEmpty();
    }

    @Test
    void inputsAckedByTheEngineCompleteTheirTreesWhenTheWordsAreAcked() {
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(Action.NOTHING);
    }

    @Test
    void aBoltThatAcksItsInputItselfAcksItWithItsEmitsAndOnlyOnce() {
        // Without the words' edge ids the bolt's ack would complete each tree at once; a second
        // ack from the engine would leave it open until it timed out.
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(Action.ACK_CURRENT);
    }

    @Test
    void anAckOfAnInputTheEngineAckedAlreadyIsIgnored() {
        // Had it got through, the earlier input's tree would have timed out and failed.
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(Action.ACK_PREVIOUS);
    }

    @Test
    void aFailOfAnInputTheEngineAckedFailsItsOpenTree() {
        // Each task fails its previous input once the next arrives: all but each task's last tree.
        FeederSpout spout = feed(Action.FAIL_PREVIOUS, 200);
        assertThat(spout.getFailed()).hasSize(198);
        releaseAndOutwaitTheTimeout();
        assertThat(spout.getAcked()).hasSize(2);
        assertThat(spout.getFailed()).hasSize(198);
    }

    @Test
    void aFailedExceptionAfterTheBoltsOwnAckFailsTheOpenTree() {
        // Storm's BasicBoltExecutor fails the input on FailedException, after the bolt's own ack.
        FeederSpout spout = feed(Action.ACK_CURRENT_THEN_THROW_FAILED, 200);
        assertThat(spout.getFailed()).containsExactlyInAnyOrderElementsOf(ids(200));
        releaseAndOutwaitTheTimeout();
        assertThat(spout.getAcked()).isEmpty();
    }

    @Test
    void aBoltThatFailsItsInputItselfFailsTheTreeAndTheEngineDoesNotAckIt() {
        FeederSpout spout = feed(Action.FAIL_CURRENT, 200);
        assertThat(spout.getFailed()).as("a failed tree ends at once").containsExactlyInAnyOrderElementsOf(ids(200));
        releaseAndOutwaitTheTimeout();
        assertThat(spout.getAcked()).isEmpty();
        assertThat(spout.getFailed()).hasSize(200);
    }
}
