package dev.gale.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.BoltTester;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A basic bolt renews its input's timeout through the collector it is given, as on Storm. */
class BasicCollectorResetTimeoutTest {

    /** Renews the timeout before its long work, seeing the collector only as the interface. */
    static final class SlowBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            IBasicOutputCollector out = collector;
            out.resetTimeout(input);
            out.emit("default", new Values(input.getString(0)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("line"));
        }
    }

    @Test
    void resetTimeoutReachesTheBoltsOutputCollector() {
        try (BoltTester tester = BoltTester.of(new SlowBolt()).withSource("lines", new Fields("line")).prepare()) {
            Tuple input = tester.execute("lines", List.of("a long one"));

            assertThat(tester.timeoutsReset()).containsExactly(input);
            assertThat(tester.emittedValues()).containsExactly(List.of("a long one"));
        }
    }
}
