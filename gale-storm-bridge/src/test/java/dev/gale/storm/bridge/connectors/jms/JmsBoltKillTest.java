package dev.gale.storm.bridge.connectors.jms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.KillRestart;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a Gale process publishing through storm-jms's {@code JmsBolt} to a broker that lives on
 * in the test JVM, then a restart: the message of every id the spout saw acked is on the queue (at
 * least once: an id sent but not yet acked at the kill is sent again).
 */
class JmsBoltKillTest {
    private static final int TOTAL = 3_000;
    private static final String QUEUE = "out-killed";

    @TempDir
    Path ledger;

    @Test
    void theMessageOfEveryAckedIdIsOnTheQueueAcrossAKill() throws Exception {
        try (ArtemisBroker broker = ArtemisBroker.start()) {
            broker.createQueue(QUEUE);
            Set<Long> acked = KillRestart.run(Child.class, ledger, TOTAL, broker.url(), QUEUE);

            assertThat(acked).hasSize(TOTAL);
            Set<String> onQueue = Set.copyOf(broker.browse(QUEUE));
            Set<Long> missing = acked.stream().filter(id -> !onQueue.contains("value-" + id))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(missing).as("acked ids without a message on the queue").isEmpty();
        }
    }

    /** The child JVM: LedgerSpout into storm-jms's bolt, run until it is killed. Args: dir total url queue. */
    public static final class Child {
        private Child() {
        }

        public static void main(String[] args) throws Exception {
            TopologyBuilder builder = new TopologyBuilder();
            builder.setSpout("ledger", new LedgerSpout(Path.of(args[0]), Integer.parseInt(args[1])));
            builder.setBolt("jms", StormBolts.of(JmsBoltTest.jmsBolt(args[2], args[3], LedgerMessages.plain())), 2)
                    .shuffleGrouping("ledger");
            LocalCluster cluster = new LocalCluster();
            cluster.submitTopology("jms-kill", new Config(), builder.createTopology());
            new CountDownLatch(1).await();
        }
    }
}
