package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
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
 * Every input is settled (acked or failed) once, whatever the bolt calls. A second ack or fail of
 * a rich bolt's input is ignored. A basic bolt's input is acked by the engine when execute
 * returns, with the edge ids of its emits kept outside the tuple until then; the bolt may still
 * ack or fail it itself through {@code getOutputter()}: during execute that takes the engine's
 * place, and a later call on an input settled already is ignored. A second ack that got through
 * would leave the tree's XOR non-zero, and the tree would time out and fail; so every test runs
 * the clock past the message timeout before it looks.
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
    enum Action { NOTHING, ACK_CURRENT, FAIL_CURRENT, ACK_AND_FAIL_PREVIOUS }

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
                case ACK_AND_FAIL_PREVIOUS -> {
                    if (previous != null) {
                        collector.getOutputter().ack(previous);
                        collector.getOutputter().fail(previous);
                    }
                    previous = input;
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
    void aRichBoltsSecondAckAndALaterFailAreIgnored() {
        // Emits two words anchored to its input, acks it, fails it; the bolt then acks it again.
        Bolts.Fn split = new Bolts.Fn((input, collector, context) -> {
            String v = input.getString(0);
            collector.emit(input, new Values(v + "-a"));
            collector.emit(input, new Values(v + "-b"));
            collector.ack(input);
            collector.fail(input);
        }).stream("default", false, "word");
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(feed(split, 200));
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
    void acksAndFailsOfInputsSettledAlreadyAreIgnored() {
        // Had the fail of an earlier input got through, its tree would have failed at once.
        assertEveryTreeCompletesOnlyOnceTheSinkAcks(Action.ACK_AND_FAIL_PREVIOUS);
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
