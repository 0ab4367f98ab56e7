package dev.gale.storm.bridge.connectors.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.storm.bridge.StormSpouts;
import dev.gale.storm.bridge.connectors.RecordingBolt;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.activemq.artemis.api.jms.ActiveMQJMSConstants;
import org.apache.storm.jms.spout.JmsSpout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * storm-jms's {@code JmsSpout}, unchanged, as a Gale spout on an embedded Artemis broker, in each
 * of its acking modes: every message reaches the Gale bolt and is acknowledged to the broker once
 * the tuple is acked; a failed tuple makes the spout recover (or roll back) its session, so the
 * broker redelivers it. In AUTO_ACKNOWLEDGE the spout emits untracked tuples: at most once.
 */
class JmsSpoutTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int TOTAL = 200;
    private static ArtemisBroker broker;

    /** JmsSpout's modes that track tuples (emit with a message id and act on ack and fail). */
    enum TrackedMode {
        CLIENT_ACKNOWLEDGE {
            @Override
            void apply(JmsSpout spout) {
                spout.setJmsAcknowledgeMode(Session.CLIENT_ACKNOWLEDGE);
            }
        },
        SESSION_TRANSACTED {
            @Override
            void apply(JmsSpout spout) {
                spout.setJmsAcknowledgeMode(Session.SESSION_TRANSACTED);
            }
        },
        /** Artemis' own mode, which JmsSpout allows with setIndividualAcks(): one acknowledgement per message. */
        INDIVIDUAL_ACKNOWLEDGE {
            @Override
            void apply(JmsSpout spout) {
                spout.setIndividualAcks();
                spout.setJmsAcknowledgeMode(ActiveMQJMSConstants.INDIVIDUAL_ACKNOWLEDGE);
            }
        };

        abstract void apply(JmsSpout spout);
    }

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

    @ParameterizedTest
    @EnumSource(TrackedMode.class)
    void everyMessageIsDeliveredOnceAndAcknowledgedWhenItsTupleIsAcked(TrackedMode mode) throws Exception {
        String queue = "in-" + mode;
        List<List<Object>> seen = consume(queue, mode::apply, RecordingBolt.named(queue));

        assertThat(texts(seen)).containsExactlyInAnyOrderElementsOf(messages());
        assertThat(seen).allSatisfy(row -> assertThat(row.get(1)).as("redelivered").isEqualTo(false));
        assertThat(broker.acknowledgedCount(queue)).isEqualTo(TOTAL);
    }

    @ParameterizedTest
    @EnumSource(TrackedMode.class)
    void aFailedTupleIsRedeliveredByTheBroker(TrackedMode mode) throws Exception {
        String queue = "in-failing-" + mode;
        List<List<Object>> seen = consume(queue, mode::apply, RecordingBolt.failingOnce(queue, "m-13"));

        // At least once: the recovery (or rollback) hands back every message of the session not yet
        // acknowledged, m-13 among them. (JMSRedelivered is no guide here: Artemis leaves it unset on
        // a message the spout had received but whose acknowledgement the client had not yet sent.)
        assertThat(texts(seen)).containsAll(messages()).filteredOn("m-13"::equals).hasSizeGreaterThanOrEqualTo(2);
        assertThat(broker.acknowledgedCount(queue)).isEqualTo(TOTAL);
    }

    @Test
    void inAutoAcknowledgeAFailedTupleIsNotReplayed() throws Exception {
        String queue = "in-auto";
        List<List<Object>> seen = consume(queue, spout -> spout.setJmsAcknowledgeMode(Session.AUTO_ACKNOWLEDGE),
                RecordingBolt.failingOnce(queue, "m-13"));

        // The queue is empty, so nothing is left to redeliver: m-13's failure was lost, as in Storm.
        assertThat(texts(seen)).containsExactlyInAnyOrderElementsOf(messages());
    }

    /** Sends the messages, runs JmsSpout into {@code sink} until each was seen and the queue is empty, returns what the sink saw. */
    private static List<List<Object>> consume(String queue, Consumer<JmsSpout> mode, BaseRichBolt sink)
            throws Exception {
        broker.createQueue(queue);
        broker.send(queue, messages());
        JmsSpout spout = new JmsSpout();
        spout.setJmsProvider(new ArtemisQueue(broker.url(), queue));
        spout.setJmsTupleProducer(new TextTuples());
        mode.accept(spout);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("jms", StormSpouts.of(spout), 1);
        builder.setBolt("sink", sink, 2).shuffleGrouping("jms");
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(queue, new Config(), builder.createTopology());
            await().atMost(DEADLINE).until(() -> texts(RecordingBolt.recorded(queue)).containsAll(messages())
                    && broker.messageCount(queue) == 0);
        }
        return RecordingBolt.recorded(queue);
    }

    private static List<String> messages() {
        return IntStream.range(0, TOTAL).mapToObj(i -> "m-" + i).collect(Collectors.toList());
    }

    private static List<Object> texts(List<List<Object>> rows) {
        return rows.stream().map(row -> row.get(0)).collect(Collectors.toList());
    }
}
