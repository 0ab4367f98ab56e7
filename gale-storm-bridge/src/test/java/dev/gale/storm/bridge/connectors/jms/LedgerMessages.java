package dev.gale.storm.bridge.connectors.jms;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.jms.JmsMessageProducer;
import org.apache.storm.tuple.ITuple;

/**
 * storm-jms's {@link JmsMessageProducer} for the bolt tests: a LedgerSpout tuple ("id", "value")
 * becomes a TextMessage of its value. Optionally it throws a JMSException, once per JVM, for one
 * id, as a send the broker refuses would. Thread-safe (the once-set is concurrent).
 */
final class LedgerMessages implements JmsMessageProducer {
    private static final long serialVersionUID = 1L;
    private static final Set<Long> REFUSED = ConcurrentHashMap.newKeySet();
    private final long refuseOnce;

    private LedgerMessages(long refuseOnce) {
        this.refuseOnce = refuseOnce;
    }

    static LedgerMessages plain() {
        return new LedgerMessages(-1);
    }

    /** Refuses the tuple of {@code id} the first time it comes (in this JVM). */
    static LedgerMessages refusingOnce(long id) {
        REFUSED.remove(id);
        return new LedgerMessages(id);
    }

    @Override
    public Message toMessage(Session session, ITuple input) throws JMSException {
        long id = input.getLongByField("id");
        if (id == refuseOnce && REFUSED.add(id)) {
            throw new JMSException("refused id " + id + " on purpose");
        }
        return session.createTextMessage(input.getStringByField("value"));
    }
}
