package dev.gale.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Constants;
import dev.gale.coordination.CoordinatedBolt.IdStreamSpec;
import dev.gale.coordination.CoordinatedBolt.SourceArgs;
import dev.gale.task.TopologyContext;
import dev.gale.testing.BoltTester;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBatchBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One task of a coordinated bolt fed by hand: a request finishes once the upstream's count report
 * and the acks agree (and its id arrived, when an id stream is given), and a failure fails the
 * tuples that hold the request open.
 */
class CoordinatedBoltTest {

    /** Counts a batch's tuples and emits (id, count) when the batch finishes; fails on "bad". */
    static final class Count extends BaseBatchBolt<Object> {
        private static final long serialVersionUID = 1L;
        private transient BatchOutputCollector out;
        private transient Object id;
        private int seen;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, BatchOutputCollector collector, Object id) {
            this.out = collector;
            this.id = id;
        }

        @Override
        public void execute(Tuple tuple) {
            if ("bad".equals(tuple.getValue(1))) {
                throw new FailedException("bad word");
            }
            seen++;
        }

        @Override
        public void finishBatch() {
            out.emit(new Values(id, seen));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "count"));
        }
    }

    private static BoltTester counting(IdStreamSpec ids) {
        CoordinatedBolt bolt = new CoordinatedBolt(new BatchBoltExecutor(new Count()), "up", SourceArgs.single(), ids);
        BoltTester tester = BoltTester.of(bolt)
                .withSource("up", new Fields("id", "word"))
                .withSource("up", Constants.COORDINATED_STREAM_ID, new Fields("id", "count"));
        if (ids != null) {
            tester.withSource("prepare", "id", new Fields("request"));
        }
        return tester.prepare();
    }

    @Test
    void aRequestFinishesWhenTheReportedCountHasBeenAcked() {
        try (BoltTester t = counting(null)) {
            Tuple a = t.execute("up", new Values(7L, "a"));
            Tuple report = t.execute("up", Constants.COORDINATED_STREAM_ID, new Values(7L, 2));
            assertThat(t.emittedValues()).isEmpty();
            assertThat(t.acked()).containsExactly(a); // the report holds the request open
            Tuple b = t.execute("up", new Values(7L, "b"));
            assertThat(t.emittedValues()).containsExactly(List.of(7L, 2));
            assertThat(t.acked()).containsExactly(a, report, b);
            assertThat(t.failed()).isEmpty();
        }
    }

    @Test
    void aFailedTupleFailsTheReportThatHoldsTheRequestOpen() {
        try (BoltTester t = counting(null)) {
            Tuple report = t.execute("up", Constants.COORDINATED_STREAM_ID, new Values(7L, 2));
            Tuple good = t.execute("up", new Values(7L, "a"));
            Tuple bad = t.execute("up", new Values(7L, "bad"));
            assertThat(t.acked()).containsExactly(good);
            assertThat(t.failed()).containsExactly(report, bad);
            assertThat(t.emittedValues()).isEmpty();
        }
    }

    @Test
    void withAnIdStreamTheIdHoldsTheRequestOpenAndTheReportIsAckedAtOnce() {
        try (BoltTester t = counting(IdStreamSpec.makeDetectSpec("prepare", "id"))) {
            Tuple report = t.execute("up", Constants.COORDINATED_STREAM_ID, new Values(9L, 0));
            assertThat(t.acked()).containsExactly(report);
            assertThat(t.emittedValues()).isEmpty(); // complete counts, but the id has not come
            Tuple id = t.execute("prepare", "id", new Values(9L));
            assertThat(t.emittedValues()).containsExactly(List.of(9L, 0));
            assertThat(t.acked()).containsExactly(report, id);
        }
    }

    @Test
    void theCountStreamIsDeclaredDirectBesideTheBoltsOwn() {
        try (BoltTester t = counting(null)) {
            assertThat(t.context().getThisStreams()).containsExactlyInAnyOrder("default", Constants.COORDINATED_STREAM_ID);
        }
    }
}
