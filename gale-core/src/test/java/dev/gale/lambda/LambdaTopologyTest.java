package dev.gale.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Storm 2's lambda overloads of the builder: a supplier spout, a function bolt that emits, a consumer bolt. */
class LambdaTopologyTest {
    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final Queue<String> SEEN = new ConcurrentLinkedQueue<>();

    /** "w0".."w4", then null (the spout emits nothing for null). */
    private static String nextWord() {
        int n = NEXT.getAndIncrement();
        return n < 5 ? "w" + n : null;
    }

    @Test
    void aTopologyOfLambdasRunsAsStormsDoes() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("words", () -> nextWord());
        b.setBolt("upper", (tuple, collector) -> collector.emit(new Values(tuple.getStringByField("lambda").toUpperCase(),
                tuple.getString(0).length())), 2, "upper", "length").shuffleGrouping("words");
        b.setBolt("print", tuple -> SEEN.add(tuple.getStringByField("upper") + "/" + tuple.getIntegerByField("length")))
                .shuffleGrouping("upper");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("lambdas", new Config(), b.createTopology());
            await().atMost(Duration.ofSeconds(20)).until(() -> SEEN.size() == 5);
        }
        assertThat(SEEN).containsExactlyInAnyOrderElementsOf(List.of("W0/2", "W1/2", "W2/2", "W3/2", "W4/2"));
    }
}
