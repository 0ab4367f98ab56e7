package dev.gale.storm.bridge.connectors.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormBolts;
import dev.gale.storm.bridge.kill.Ledger;
import dev.gale.storm.bridge.kill.LedgerSpout;
import dev.gale.topology.TopologyBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.jms.bolt.JmsBolt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * storm-jms's {@code JmsBolt}, unchanged, as a Gale bolt publishing to an embedded Artemis broker:
 * the message of every tuple it acks is on the queue; a send that throws fails the tuple and the
 * spout's replay publishes it.
 */
class JmsBoltTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static ArtemisBroker broker;

    @TempDir
    Path ledger;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = ArtemisBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theMessageOfEveryAckedTupleIsOnTheQueue() throws Exception {
        int total = 300;
        publish("out", total, LedgerMessages.plain());

        assertThat(Ledger.acked(ledger)).hasSize(total);
        assertThat(Ledger.failures(ledger)).isEmpty();
        assertThat(broker.browse("out")).containsExactlyInAnyOrderElementsOf(values(total));
    }

    @Test
    void aSendThatThrowsFailsTheTupleAndItsReplayIsPublished() throws Exception {
        int total = 100;
        publish("out-refused", total, LedgerMessages.refusingOnce(42));

        assertThat(Ledger.acked(ledger)).hasSize(total);
        // JmsBolt fails the tuple without reporting the JMSException: the failure names the bolt only.
        assertThat(Ledger.failures(ledger)).singleElement().asString().contains("FAILED", "jms");
        assertThat(broker.browse("out-refused")).containsExactlyInAnyOrderElementsOf(values(total));
    }

    private void publish(String queue, int total, LedgerMessages messages) throws Exception {
        broker.createQueue(queue);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ledger", new LedgerSpout(ledger, total));
        builder.setBolt("jms", StormBolts.of(jmsBolt(broker.url(), queue, messages)), 2).shuffleGrouping("ledger");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(queue, new Config(), builder.createTopology());
            await().atMost(DEADLINE).until(() -> Ledger.acked(ledger).size() == total);
        }
    }

    /** storm-jms's bolt as an application configures it: a provider, a message producer, its defaults otherwise. */
    static JmsBolt jmsBolt(String url, String queue, LedgerMessages messages) {
        JmsBolt bolt = new JmsBolt();
        bolt.setJmsProvider(new ArtemisQueue(url, queue));
        bolt.setJmsMessageProducer(messages);
        return bolt;
    }

    private static List<String> values(int total) {
        return LongStream.range(0, total).mapToObj(id -> "value-" + id).collect(Collectors.toList());
    }
}
