package dev.gale.storm.bridge.connectors.jms;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQQueue;
import org.apache.storm.jms.JmsProvider;

/**
 * storm-jms's {@link JmsProvider} for one queue of an Artemis broker: only the URL and queue name
 * travel with the spout or bolt, the client objects are made where it runs. Immutable, so thread-safe.
 */
final class ArtemisQueue implements JmsProvider {
    private static final long serialVersionUID = 1L;
    private final String url;
    private final String queue;

    ArtemisQueue(String url, String queue) {
        this.url = url;
        this.queue = queue;
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return new ActiveMQConnectionFactory(url);
    }

    @Override
    public Destination destination() {
        return new ActiveMQQueue(queue);
    }
}
