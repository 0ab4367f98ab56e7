package dev.gale.kafka.internal;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes records the spout gave up on to a dead-letter topic, with headers saying why, and hands
 * each broker confirmation (or failure) back through {@link #completed()}: the spout commits past
 * a dead letter only once it is confirmed. {@link #publish} and {@link #close} on the spout's
 * thread; confirmations arrive on the producer's thread into a concurrent queue.
 */
public final class DeadLetterPublisher implements AutoCloseable {
    public static final String ERROR = "error";
    public static final String COMPONENT = "component";
    public static final String TASK = "task";
    public static final String ATTEMPTS = "attempts";
    public static final String ORIGINAL_TOPIC = "original.topic";
    public static final String ORIGINAL_PARTITION = "original.partition";
    public static final String ORIGINAL_OFFSET = "original.offset";

    /** A write's outcome, for the spout's thread. */
    public static final class Outcome {
        public final TopicPartition partition;
        public final long offset;
        public final Exception error;

        Outcome(TopicPartition partition, long offset, Exception error) {
            this.partition = partition;
            this.offset = offset;
            this.error = error;
        }
    }

    private final String topic;
    private final Producer<Object, Object> producer;
    private final Queue<Outcome> completed = new ConcurrentLinkedQueue<>();

    @SuppressWarnings("unchecked")
    public DeadLetterPublisher(String topic, Map<String, Object> consumerProps, Map<String, Object> extraProps) {
        this.topic = topic;
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, consumerProps.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG));
        for (Map.Entry<String, Object> e : consumerProps.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("ssl.") || k.startsWith("sasl.") || k.equals(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG)) {
                props.put(k, e.getValue());
            }
        }
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.putAll(extraProps);
        Serializer<Object> keySer = props.containsKey(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG) ? null : new AsBytes();
        Serializer<Object> valueSer = props.containsKey(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG) ? null
                : new AsBytes();
        this.producer = new KafkaProducer<>(props, keySer, valueSer);
    }

    /** Sends one dead letter; its outcome later appears in {@link #completed()}. */
    public void publish(ConsumerRecord<?, ?> record, String error, String component, int task, int attempts) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        long offset = record.offset();
        ProducerRecord<Object, Object> out = new ProducerRecord<>(topic, null, record.key(), record.value());
        for (Header h : record.headers()) {
            out.headers().add(h);
        }
        out.headers().add(ERROR, utf8(error));
        out.headers().add(COMPONENT, utf8(component));
        out.headers().add(TASK, utf8(Integer.toString(task)));
        out.headers().add(ATTEMPTS, utf8(Integer.toString(attempts)));
        out.headers().add(ORIGINAL_TOPIC, utf8(record.topic()));
        out.headers().add(ORIGINAL_PARTITION, utf8(Integer.toString(record.partition())));
        out.headers().add(ORIGINAL_OFFSET, utf8(Long.toString(offset)));
        try {
            producer.send(out, (md, e) -> completed.add(new Outcome(tp, offset, e)));
        } catch (RuntimeException e) {
            completed.add(new Outcome(tp, offset, e));
        }
    }

    /** Outcomes not yet taken; poll it on the spout's thread. */
    public Queue<Outcome> completed() {
        return completed;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }

    private static byte[] utf8(String s) {
        return (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    }

    /** byte[] as it is, anything else as the UTF-8 text of its toString(). */
    private static final class AsBytes implements Serializer<Object> {
        @Override
        public byte[] serialize(String topic, Object data) {
            if (data == null) {
                return null;
            }
            return data instanceof byte[] ? (byte[]) data : data.toString().getBytes(StandardCharsets.UTF_8);
        }
    }
}
