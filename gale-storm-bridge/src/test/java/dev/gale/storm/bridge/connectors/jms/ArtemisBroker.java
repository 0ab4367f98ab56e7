package dev.gale.storm.bridge.connectors.jms;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * An ActiveMQ Artemis broker embedded in the test JVM for storm-jms's spout and bolt: one TCP
 * acceptor on 127.0.0.1 and a free port (so a child JVM of a kill test reaches it too), no security,
 * no persistence (the broker outlives every Gale process a test kills), its directories under
 * {@code target/}. The helpers send, browse and count with Artemis' jakarta.jms client. Not
 * thread-safe: one test class starts, uses and stops it.
 */
final class ArtemisBroker implements AutoCloseable {
    private final ActiveMQServer server;
    private final String url;

    private ArtemisBroker(ActiveMQServer server, String url) {
        this.server = server;
        this.url = url;
    }

    static ArtemisBroker start() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Path target = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target"));
        Path dir = Files.createTempDirectory(target, "artemis-");
        Configuration config = new ConfigurationImpl()
                .setName("gale-storm-jms")
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                // A nearly full build disk must not block the producers of a test.
                .setMaxDiskUsage(-1)
                .setBindingsDirectory(dir.resolve("bindings").toString())
                .setJournalDirectory(dir.resolve("journal").toString())
                .setPagingDirectory(dir.resolve("paging").toString())
                .setLargeMessagesDirectory(dir.resolve("large-messages").toString())
                .addAcceptorConfiguration("tcp", "tcp://127.0.0.1:" + port);
        ActiveMQServer server = ActiveMQServers.newActiveMQServer(config, false);
        server.start();
        if (!server.waitForActivation(30, TimeUnit.SECONDS)) {
            server.stop();
            throw new IllegalStateException("the Artemis broker did not become active");
        }
        return new ArtemisBroker(server, "tcp://127.0.0.1:" + port);
    }

    /** The URL a client (in this JVM or a child) connects with. */
    String url() {
        return url;
    }

    ActiveMQConnectionFactory connectionFactory() {
        return new ActiveMQConnectionFactory(url);
    }

    /** Creates the anycast (point-to-point) queue {@code name} up front, so it never depends on auto-creation. */
    void createQueue(String name) throws Exception {
        server.createQueue(QueueConfiguration.of(name).setRoutingType(RoutingType.ANYCAST).setDurable(true)
                .setAutoCreateAddress(true));
    }

    /** Messages on the queue, those delivered to a consumer but not yet acknowledged included. */
    long messageCount(String queue) {
        return located(queue).getMessageCount();
    }

    /** Messages delivered to a consumer and not yet acknowledged. */
    int deliveringCount(String queue) {
        return located(queue).getDeliveringCount();
    }

    /** Messages the broker has removed from the queue because a consumer acknowledged them. */
    long acknowledgedCount(String queue) {
        return located(queue).getMessagesAcknowledged();
    }

    private Queue located(String queue) {
        Queue q = server.locateQueue(queue);
        if (q == null) {
            throw new IllegalStateException("no queue " + queue);
        }
        return q;
    }

    /** Sends each text as a persistent TextMessage, in order; returns once the broker has them all. */
    void send(String queue, List<String> texts) throws JMSException {
        try (Connection connection = connectionFactory().createConnection();
             Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
             MessageProducer producer = session.createProducer(session.createQueue(queue))) {
            for (String text : texts) {
                producer.send(session.createTextMessage(text));
            }
        }
    }

    /** The texts on the queue now, in queue order, without consuming them. */
    List<String> browse(String queue) throws JMSException {
        List<String> texts = new ArrayList<>();
        try (Connection connection = connectionFactory().createConnection();
             Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
             QueueBrowser browser = session.createBrowser(session.createQueue(queue))) {
            connection.start();
            Enumeration<?> messages = browser.getEnumeration();
            while (messages.hasMoreElements()) {
                Message m = (Message) messages.nextElement();
                texts.add(((TextMessage) m).getText());
            }
        }
        return texts;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
