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
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes records the spout gave up on to a dead-letter topic, with their key and value bytes as
 * read and headers saying why, and hands each broker confirmation (or failure) back through
 * {@link #completed()}: the spout commits past a dead letter only once it is confirmed.
 * {@link #publish} and {@link #close} on the spout's thread; confirmations arrive on the
 * producer's thread into a concurrent queue.
 */
public final class DeadLetterPublisher implements AutoCloseable {
    public static final String ERROR = "error";
    public static final String COMPONENT = "component";
    public static final String TASK = "task";
    public static final String ATTEMPTS = "attempts";
    public static final String ORIGINAL_TOPIC = "original.topic";
    public static final String ORIGINAL_PARTITION = "original.partition";
    public static final String ORIGINAL_OFFSET = "original.offset";
    /** Default {@code max.block.ms}: the spout's thread sends, and must not wait long on metadata or buffer space. */
    static final int MAX_BLOCK_MS = 1000;

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

        /**
         * Whether a later write may succeed: Kafka's {@link RetriableException}s (timeouts, not
         * enough replicas, a topic or leader not known yet, ...). Anything else (the record too
         * large, no authorization, an invalid topic, ...) fails the same way every time.
         */
        public boolean isTransient() {
            return error instanceof RetriableException;
        }
    }

    private final String topic;
    private final int errorHeaderMaxBytes;
    private final Producer<byte[], byte[]> producer;
    private final Queue<Outcome> completed = new ConcurrentLinkedQueue<>();

    public DeadLetterPublisher(String topic, int errorHeaderMaxBytes, Map<String, Object> consumerProps,
            Map<String, Object> extraProps) {
        this.topic = topic;
        this.errorHeaderMaxBytes = errorHeaderMaxBytes;
        Map<String, Object> props = new HashMap<>();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, consumerProps.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG));
        for (Map.Entry<String, Object> e : consumerProps.entrySet()) {
            String k = e.getKey();
            if (k.startsWith("ssl.") || k.startsWith("sasl.") || k.equals(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG)) {
                props.put(k, e.getValue());
            }
        }
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, MAX_BLOCK_MS);
        props.putAll(extraProps);
        this.producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
    }

    /** Sends one dead letter, {@code record} as read from Kafka; its outcome later appears in {@link #completed()}. */
    public void publish(ConsumerRecord<byte[], byte[]> record, String error, String component, int task, int attempts) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        long offset = record.offset();
        ProducerRecord<byte[], byte[]> out = new ProducerRecord<>(topic, null, record.key(), record.value());
        for (Header h : record.headers()) {
            out.headers().add(h);
        }
        out.headers().add(ERROR, TruncatedText.utf8(error, errorHeaderMaxBytes));
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

    /** The dead-letter topic. */
    public String topic() {
        return topic;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }

    private static byte[] utf8(String s) {
        return (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
    }
}
