package dev.gale.storm.bridge.connectors.jms;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.apache.storm.jms.JmsTupleProducer;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * storm-jms's {@link JmsTupleProducer} for the spout tests: a TextMessage becomes ("text",
 * "redelivered"), the second field the broker's JMSRedelivered flag, so that a test sees that
 * nothing came twice. Stateless, so thread-safe.
 */
final class TextTuples implements JmsTupleProducer {
    private static final long serialVersionUID = 1L;

    @Override
    public Values toTuple(Message msg) throws JMSException {
        return new Values(((TextMessage) msg).getText(), msg.getJMSRedelivered());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("text", "redelivered"));
    }
}
