package dev.gale.kafka.bolt;

import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.mapper.TupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.bolt.selector.KafkaTopicSelector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseTickTupleAwareRichBolt;
import dev.gale.tuple.Tuple;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes each tuple to Kafka, with storm-kafka-client's API. By default (asynchronous, not
 * fire-and-forget) a tuple is acked only when the broker confirmed its write, and failed (so
 * its spout can replay it) when the write failed; the producer defaults to {@code acks=all},
 * so a confirmed write is on every in-sync replica. Confirmations arrive on the producer's
 * thread and Gale hands the ack or fail to the bolt's thread. {@code setAsync(false)} waits for
 * each write in {@code execute}; {@code setFireAndForget(true)} acks on send, confirming nothing.
 *
 * <p>The producer properties must name the key and value serializers. Not thread-safe: the
 * engine calls it on its executor's thread.
 */
public class KafkaBolt<K, V> extends BaseTickTupleAwareRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(KafkaBolt.class);
    public static final String TOPIC = "topic";

    private transient Producer<K, V> producer;
    private transient OutputCollector collector;
    private TupleToKafkaMapper<K, V> mapper;
    private KafkaTopicSelector topicSelector;
    private PreparableCallback providedCallback;
    private Properties boltSpecifiedProperties = new Properties();
    private boolean fireAndForget = false;
    private boolean async = true;

    public KafkaBolt() {
    }

    public KafkaBolt<K, V> withTupleToKafkaMapper(TupleToKafkaMapper<K, V> mapper) {
        this.mapper = mapper;
        return this;
    }

    public KafkaBolt<K, V> withTopicSelector(String topic) {
        return withTopicSelector(new DefaultTopicSelector(topic));
    }

    public KafkaBolt<K, V> withTopicSelector(KafkaTopicSelector selector) {
        this.topicSelector = selector;
        return this;
    }

    public KafkaBolt<K, V> withProducerProperties(Properties producerProperties) {
        this.boltSpecifiedProperties = producerProperties;
        return this;
    }

    public KafkaBolt<K, V> withProducerCallback(PreparableCallback producerCallback) {
        this.providedCallback = producerCallback;
        return this;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        if (mapper == null) {
            mapper = new FieldNameBasedTupleToKafkaMapper<>();
        }
        if (topicSelector == null) {
            if (topoConf.containsKey(TOPIC)) {
                topicSelector = new DefaultTopicSelector((String) topoConf.get(TOPIC));
            } else {
                throw new IllegalStateException("KafkaBolt '" + context.getThisComponentId()
                        + "' has no topic: call withTopicSelector(...) or set '" + TOPIC + "' in its configuration");
            }
        }
        if (providedCallback != null) {
            providedCallback.prepare(topoConf, context);
        }
        Properties props = new Properties();
        props.putAll(boltSpecifiedProperties);
        Object acks = props.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
        if (acks != null && !"all".equals(String.valueOf(acks)) && !"-1".equals(String.valueOf(acks)) && !fireAndForget) {
            LOG.warn("KafkaBolt '{}' runs with acks={}: a tuple is acked when the leader alone has its record,"
                    + " which a broker failure can lose; use acks=all for at-least-once", context.getThisComponentId(),
                    acks);
        }
        producer = mkProducer(props);
        this.collector = collector;
    }

    /** Creates the producer; override to use another client. */
    protected Producer<K, V> mkProducer(Properties props) {
        Map<String, Object> map = new HashMap<>();
        props.forEach((k, v) -> map.put(String.valueOf(k), v));
        return new KafkaProducer<>(map);
    }

    private Callback createProducerCallback(final Tuple input) {
        return (metadata, e) -> {
            // On the producer's thread: Gale hands these to the bolt's thread.
            if (e != null) {
                collector.reportError(e);
                collector.fail(input);
            } else {
                collector.ack(input);
            }
            if (providedCallback != null) {
                providedCallback.onCompletion(metadata, e);
            }
        };
    }

    @Override
    protected void process(final Tuple input) {
        K key = null;
        V message = null;
        String topic;
        try {
            key = mapper.getKeyFromTuple(input);
            message = mapper.getMessageFromTuple(input);
            topic = topicSelector.getTopic(input);
            if (topic == null) {
                LOG.warn("skipping key = {}, topic selector returned null.", key);
                collector.ack(input);
                return;
            }
            Callback callback = null;
            if (!fireAndForget && async) {
                callback = createProducerCallback(input);
            } else if (providedCallback != null) {
                callback = providedCallback;
            }
            Future<RecordMetadata> result = producer.send(new ProducerRecord<>(topic, key, message), callback);
            if (!async) {
                try {
                    result.get();
                    collector.ack(input);
                } catch (ExecutionException err) {
                    collector.reportError(err);
                    collector.fail(input);
                } catch (InterruptedException err) {
                    Thread.currentThread().interrupt();
                    collector.fail(input);
                }
            } else if (fireAndForget) {
                collector.ack(input);
            }
        } catch (Exception ex) {
            collector.reportError(ex);
            collector.fail(input);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public void cleanup() {
        if (producer != null) {
            producer.close();
        }
    }

    public void setFireAndForget(boolean fireAndForget) {
        this.fireAndForget = fireAndForget;
    }

    public void setAsync(boolean async) {
        this.async = async;
    }

    @Override
    public String toString() {
        return "KafkaBolt: {mapper: " + mapper + " topicSelector: " + topicSelector + " fireAndForget: "
                + fireAndForget + " async: " + async + " properties: " + boltSpecifiedProperties;
    }
}
