package dev.gale.storm.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A crash mid-run: on Storm one of the two workers is killed with SIGKILL while tuples flow, and
 * the Supervisor starts it again; embedded, the whole topology goes down and is submitted again.
 * Trees lost in the crash time out and are replayed, a spout task that died starts again from its
 * durable record; every message id is eventually acked exactly once.
 */
@ExtendWith(Engines.class)
class WorkerCrashIT {
    private static final int N = 800;

    @ParameterizedTest(name = "{0}")
    @EnumSource(EngineKind.class)
    void everyMessageIdIsAckedExactlyOnceAfterAWorkerIsKilled(EngineKind kind, Engines engines) {
        Ledger ledger = engines.ledger(kind);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ids", new DurableSequenceSpout(ledger, N, 10), 2);
        builder.setBolt("relay", new Relay("id"), 3).shuffleGrouping("ids");
        builder.setBolt("sink", new LedgerSink(ledger, "S"), 2).fieldsGrouping("relay", new Fields("id"));
        StormTopology topology = builder.createTopology();
        Config conf = new Config();
        conf.setMessageTimeoutSecs(10);
        conf.setMaxSpoutPending(50);

        try (Engine engine = engines.open(kind)) {
            engine.submit("worker-crash", conf, topology);
            engine.await("a quarter of the ids acked", Duration.ofMinutes(3), Duration.ofMillis(10),
                    () -> ledger.lines("ids", "A").size() >= N / 4);
            assertThat(ledger.lines("ids", "A").size()).as("acked before the crash").isLessThan(N);

            engine.crashAndRecover("worker-crash", conf, topology);

            engine.await("every id acked", Duration.ofMinutes(4), Duration.ofMillis(10),
                    () -> ledger.lines("ids", "A").stream().map(l -> l.number(1)).distinct().count() == N);
            Map<Long, Long> acks = ledger.lines("ids", "A").stream()
                    .collect(Collectors.groupingBy(l -> l.number(1), Collectors.counting()));
            assertThat(acks.keySet()).containsExactlyInAnyOrderElementsOf(LongStream.range(0, N).boxed().toList());
            assertThat(acks).as("acks per message id").allSatisfy((id, count) -> assertThat(count).as("id " + id).isOne());

            List<Ledger.Line> opens = ledger.lines("ids", "O");
            long replays = ledger.lines("ids", "F").size();
            assertThat(opens.size() > 2 || replays > 0)
                    .as("the crash was recovered from: a spout task opened again (%d opens) or lost trees were"
                            + " failed and replayed (%d)", opens.size(), replays)
                    .isTrue();
            if (kind == EngineKind.STORM) {
                assertThat(engine.processes("worker-crash")).isEqualTo(2);
            }
            engine.kill("worker-crash");
        }
    }
}
