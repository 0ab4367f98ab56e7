package dev.gale.storm.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.bolt.SingleJoinBolt;
import dev.gale.generated.StormTopology;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Gale's SingleJoinBolt joining two spouts' halves of each record on "id" (fields grouping from
 * both sides, two join tasks), on both engines; on Storm the spouts, the join and the sink are
 * spread over two worker processes, so halves and joined records cross them.
 */
@ExtendWith(Engines.class)
class SingleJoinIT {
    private static final int N = 300;

    @ParameterizedTest(name = "{0}")
    @EnumSource(EngineKind.class)
    void joinsEveryIdOnceFromHalvesEmittedByTwoSpouts(EngineKind kind, Engines engines) {
        Ledger ledger = engines.ledger(kind);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("gender", new KeyedSpout(ledger, "gender", N));
        builder.setSpout("age", new KeyedSpout(ledger, "age", N));
        builder.setBolt("join", new SingleJoinBolt(new Fields("id", "gender", "age")), 2)
                .fieldsGrouping("gender", new Fields("id"))
                .fieldsGrouping("age", new Fields("id"));
        builder.setBolt("sink", new LedgerSink(ledger, "J"), 2).shuffleGrouping("join");
        StormTopology topology = builder.createTopology();

        try (Engine engine = engines.open(kind)) {
            engine.submit("single-join", new Config(), topology);
            engine.await("every half acked", Duration.ofMinutes(3), Duration.ofMillis(100),
                    () -> ledger.lines("gender", "A").size() + ledger.lines("age", "A").size() >= 2 * N);

            List<Ledger.Line> joined = ledger.lines("sink", "J");
            Map<Long, List<Ledger.Line>> byId = joined.stream().collect(Collectors.groupingBy(l -> l.number(2)));
            assertThat(byId).hasSize(N);
            assertThat(byId.values()).allSatisfy(lines -> assertThat(lines).hasSize(1));
            for (Map.Entry<Long, List<Ledger.Line>> e : byId.entrySet()) {
                int id = e.getKey().intValue();
                assertThat(e.getValue().get(0).words().subList(3, 5))
                        .containsExactly(String.valueOf(KeyedSpout.value("gender", id)), String.valueOf(KeyedSpout.value("age", id)));
            }
            assertThat(ledger.lines("gender", "F")).isEmpty();
            assertThat(ledger.lines("age", "F")).isEmpty();
            assertThat(joined.stream().map(l -> l.number(1)).distinct().count()).as("join tasks that emitted").isEqualTo(2);
            if (kind == EngineKind.STORM) {
                assertThat(engine.processes("single-join")).isEqualTo(2);
                long pids = ledger.lines().stream().filter(l -> l.word(0).equals("O") || l.word(0).equals("P"))
                        .map(l -> l.word(1)).distinct().count();
                assertThat(pids).as("processes the spouts and the sink ran in").isEqualTo(2);
            }
            engine.kill("single-join");
        }
    }
}
