package dev.gale.storm.bridge.connectors.jms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixture itself: what it sends a client receives over TCP, and its counts follow the acknowledgements. */
class ArtemisBrokerTest {

    @Test
    void sendBrowseAndCountsFollowAClientsAcknowledgements() throws Exception {
        ArtemisBroker broker = ArtemisBroker.start();
        try {
            broker.createQueue("fixture");
            broker.send("fixture", List.of("a", "b", "c"));
            assertThat(broker.browse("fixture")).containsExactly("a", "b", "c");
            assertThat(broker.messageCount("fixture")).isEqualTo(3);

            try (Connection connection = broker.connectionFactory().createConnection();
                 Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
                 MessageConsumer consumer = session.createConsumer(session.createQueue("fixture"))) {
                connection.start();
                Message first = consumer.receive(10_000);
                Message second = consumer.receive(10_000);
                assertThat(((TextMessage) first).getText()).isEqualTo("a");
                assertThat(((TextMessage) second).getText()).isEqualTo("b");
                assertThat(broker.acknowledgedCount("fixture")).isZero();
                // A JMS client acknowledgement covers every message the session consumed so far.
                second.acknowledge();
            }
            assertThat(broker.acknowledgedCount("fixture")).isEqualTo(2);
            assertThat(broker.messageCount("fixture")).isEqualTo(1);
            assertThat(broker.browse("fixture")).containsExactly("c");
        } finally {
            broker.close();
        }
        assertThatThrownBy(() -> broker.connectionFactory().createConnection().close())
                .isInstanceOf(JMSException.class);
    }
}
