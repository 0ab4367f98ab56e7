package dev.gale.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.bolt.SingleJoinBolt;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.TupleUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BoltTesterTest {

    @Test
    void aBasicBoltsEmitsAreAnchoredAndItsInputAcked() {
        try (BoltTester t = BoltTester.of(new TestingTest.Split()).withSource("spout", new Fields("sentence")).prepare()) {
            Tuple in = t.execute("spout", new Values("a b c"));
            assertThat(t.emittedValues()).containsExactly(List.of("a"), List.of("b"), List.of("c"));
            assertThat(t.emitted()).allSatisfy(e -> assertThat(e.anchors()).containsExactly(in));
            assertThat(t.acked()).containsExactly(in);
            assertThat(t.failed()).isEmpty();
        }
    }

    static class Picky extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (input.getInteger(0) < 0) {
                throw new FailedException("negative");
            }
            collector.emit(new Values(input.getInteger(0), "extra")); // declares one field only
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    @Test
    void failuresAndBadEmitsShowAsInATopology() {
        try (BoltTester t = BoltTester.of(new Picky()).withSource("numbers", new Fields("n")).prepare()) {
            Tuple negative = t.execute("numbers", new Values(-1));
            assertThat(t.failed()).containsExactly(negative);
            assertThatThrownBy(() -> t.execute("numbers", new Values(5)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'bolt-under-test'").hasMessageContaining("stream 'default'")
                    .hasMessageContaining("[n]");
        }
    }

    @Test
    void singleJoinBoltJoinsFailsDuplicatesAndExpiresOnTicks() {
        try (BoltTester t = BoltTester.of(new SingleJoinBolt(new Fields("gender", "age")))
                .withSource("gender", new Fields("id", "gender"))
                .withSource("age", new Fields("id", "age"))
                .withConf(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 3)
                .prepare()) {
            Tuple g1 = t.execute("gender", new Values(1, "male"));
            Tuple a1 = t.execute("age", new Values(1, 31));
            assertThat(t.emitted()).singleElement().satisfies(e -> {
                assertThat(e.values()).containsExactly("male", 31);
                assertThat(e.anchors()).containsExactlyInAnyOrder(g1, a1);
            });
            assertThat(t.acked()).containsExactlyInAnyOrder(g1, a1);

            t.clear();
            Tuple g2 = t.execute("gender", new Values(2, "female"));
            Tuple dup = t.execute("gender", new Values(2, "male"));
            assertThat(t.failed()).containsExactly(dup);
            assertThat(t.reportedErrors()).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("same side"));
            t.tick();
            t.tick();
            assertThat(t.failed()).containsExactly(dup);
            t.tick(); // the third one-second tick: the timeout of 3 s has passed
            assertThat(t.failed()).containsExactly(dup, g2);
            assertThat(t.emitted()).isEmpty();
        }
    }

    /** Acks or fails its input as the input says: "ack", "fail", "ack ack", "fail ack", ... */
    static class Settles extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            for (String what : input.getString(0).split(" ")) {
                if (what.equals("ack")) {
                    collector.ack(input);
                } else {
                    collector.fail(input);
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void ackingOrFailingATupleTwiceOrAckingAfterAFailThrowsNamingTheTuple() {
        try (BoltTester t = BoltTester.of(new Settles()).withSource("orders", new Fields("what")).prepare()) {
            assertThatThrownBy(() -> t.execute("orders", new Values("ack ack")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("'bolt-under-test'").hasMessageContaining("acked a tuple it had already acked")
                    .hasMessageContaining("source: orders").hasMessageContaining("[ack ack]");
            assertThatThrownBy(() -> t.execute("orders", new Values("fail ack")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("acked a tuple it had already failed").hasMessageContaining("[fail ack]");
            assertThatThrownBy(() -> t.execute("orders", new Values("fail fail")))
                    .hasMessageContaining("failed a tuple it had already failed");
            assertThatThrownBy(() -> t.execute("orders", new Values("ack fail ack")))
                    .hasMessageContaining("acked a tuple it had already failed");
            // A fail after an ack is Storm's way to fail a tree that is still open: allowed.
            t.execute("orders", new Values("ack fail"));
            assertThat(t.acked()).extracting(in -> in.getString(0)).containsExactly("ack ack", "ack fail ack", "ack fail");
            assertThat(t.failed()).extracting(in -> in.getString(0))
                    .containsExactly("fail ack", "fail fail", "ack fail ack", "ack fail");
        }
    }

    /** Acks what it holds on every tick, but forgets to let go of it: a typical bug. */
    static class AcksOnTickAndForgetsToClear extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient List<Tuple> held;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.held = new ArrayList<>();
        }

        @Override
        public void execute(Tuple input) {
            if (TupleUtils.isTick(input)) {
                held.forEach(collector::ack);
            } else {
                held.add(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aSecondAckIsCaughtEvenAfterClear() {
        try (BoltTester t = BoltTester.of(new AcksOnTickAndForgetsToClear()).withSource("s", new Fields("v")).prepare()) {
            Tuple first = t.execute("s", new Values("first"));
            t.tick();
            assertThat(t.acked()).containsExactly(first);
            t.clear();
            t.execute("s", new Values("second"));
            assertThatThrownBy(t::tick).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("acked a tuple it had already acked").hasMessageContaining("[first]");
        }
    }

    @Test
    void executingWithoutDeclaringTheSourceIsAClearError() {
        try (BoltTester t = BoltTester.of(new TestingTest.Split()).withSource("spout", new Fields("sentence")).prepare()) {
            assertThatThrownBy(() -> t.execute("other", new Values("x")))
                    .hasMessageContaining("'other'").hasMessageContaining("spout");
            assertThatThrownBy(() -> t.execute("spout", new Values("x", "y")))
                    .hasMessageContaining("[sentence]");
        }
        assertThatThrownBy(() -> BoltTester.of(new TestingTest.Split()).prepare())
                .hasMessageContaining("withSource");
    }
}
