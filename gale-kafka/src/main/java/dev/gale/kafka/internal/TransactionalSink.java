package dev.gale.kafka.internal;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One transactional producer of a sink task, and the record of which checkpoint transactions it
 * committed. Each Kafka transaction that carries records also commits, in the same transaction,
 * an offset of the consumer group {@code <transactional.id>.committed} whose value is the
 * checkpoint's txid and whose metadata names the state's lineage: Kafka makes the records and
 * that marker visible together or not at all, so after a crash {@link #lastCommitted} tells
 * whether a transaction the checkpoints committed reached Kafka, and {@link #deliver} writes it
 * again only if it did not. {@link #start} fences any earlier producer with the same
 * {@code transactional.id} (a previous run of the task, or a zombie) and aborts its open
 * transaction.
 *
 * <p>Not thread-safe: one task uses it, on its own thread (the producer's callbacks run on the
 * producer's thread).
 */
public final class TransactionalSink implements AutoCloseable {
    private static final String MARKER_PREFIX = "gale-checkpoint:";
    private static final long ADMIN_TIMEOUT_MS = 30_000;

    private final Map<String, Object> producerConfig;
    private final Map<String, Object> adminConfig;
    private final String transactionalId;
    private final String markerGroup;
    private Producer<byte[], byte[]> producer;
    /** The topic of the first record of the open transaction, whose partition 0 carries the marker; null: none open. */
    private String markerTopic;
    /** Whether the producer's {@code initTransactions} completed (it may time out while Kafka is away). */
    private boolean ready;
    private ConsumerGroupMetadata groupMetadata;

    /**
     * @param config the producer's configuration (serializers are replaced by byte arrays' and
     *     {@code transactional.id} is set to {@code transactionalId})
     */
    public TransactionalSink(Map<String, Object> config, String transactionalId) {
        this.transactionalId = transactionalId;
        this.markerGroup = transactionalId + ".committed";
        this.producerConfig = new HashMap<>(config);
        producerConfig.remove(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG);
        producerConfig.remove(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        producerConfig.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        producerConfig.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
        this.adminConfig = new HashMap<>();
        for (String name : AdminClientConfig.configNames()) {
            if (config.containsKey(name)) {
                adminConfig.put(name, config.get(name));
            }
        }
    }

    /** The producer's {@code transactional.id}. */
    public String transactionalId() {
        return transactionalId;
    }

    /** Opens the producer and fences earlier ones of the same id (blocks up to the producer's {@code max.block.ms}). */
    public void start() {
        producer = new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer());
        markerTopic = null;
        ready = false;
        producer.initTransactions();
        ready = true;
    }

    /** Starts again if the last start did not complete. */
    private void ensureReady() {
        if (!ready) {
            restart();
        }
    }

    /** Drops the producer (its open transaction is aborted by the next one's fencing) and starts a new one. */
    public void restart() {
        closeProducer();
        start();
    }

    /** Whether a transaction is open (a record was sent since the last commit or abort). */
    public boolean inTransaction() {
        return markerTopic != null;
    }

    /** Sends {@code item} in the open transaction, beginning one if none is. */
    public void send(OutputBatch.Item item, Callback callback) {
        if (markerTopic == null) {
            ensureReady();
            producer.beginTransaction();
            markerTopic = item.topic();
        }
        producer.send(new ProducerRecord<>(item.topic(), item.key(), item.value()), callback);
    }

    /** Waits until every record sent so far is confirmed or failed. */
    public void flush() {
        producer.flush();
    }

    /** Commits the open transaction, if any, as checkpoint {@code txid} of {@code lineage}. */
    public void commit(String lineage, long txid) {
        if (markerTopic == null) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> marker = Map.of(new TopicPartition(markerTopic, 0),
                new OffsetAndMetadata(txid, MARKER_PREFIX + lineage));
        producer.sendOffsetsToTransaction(marker, markerGroupMetadata());
        producer.commitTransaction();
        markerTopic = null;
    }

    /**
     * The marker group's metadata, as Kafka's API wants it: from a consumer of that group, which
     * never joins it (no member, no generation), so the commit is a plain offset commit.
     */
    private ConsumerGroupMetadata markerGroupMetadata() {
        if (groupMetadata == null) {
            Map<String, Object> config = new HashMap<>(adminConfig);
            config.put(ConsumerConfig.GROUP_ID_CONFIG, markerGroup);
            config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(config, new ByteArrayDeserializer(),
                    new ByteArrayDeserializer())) {
                groupMetadata = c.groupMetadata();
            }
        }
        return groupMetadata;
    }

    /** Aborts the open transaction, if any; a producer that cannot abort (fenced, failed) is replaced. */
    public void abort() {
        if (markerTopic == null) {
            return;
        }
        markerTopic = null;
        try {
            producer.abortTransaction();
        } catch (KafkaException e) {
            restart();
        }
    }

    /**
     * The highest checkpoint txid of {@code lineage} whose transaction Kafka committed, or -1. Reads
     * only stable offsets: call it after {@link #start}, which ends any transaction still open.
     */
    public long lastCommitted(String lineage) {
        ensureReady();
        try (Admin admin = Admin.create(adminConfig)) {
            Map<TopicPartition, OffsetAndMetadata> offsets = admin
                    .listConsumerGroupOffsets(markerGroup, new ListConsumerGroupOffsetsOptions().requireStable(true))
                    .partitionsToOffsetAndMetadata().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            long last = -1;
            for (OffsetAndMetadata o : offsets.values()) {
                if (o != null && (MARKER_PREFIX + lineage).equals(o.metadata())) {
                    last = Math.max(last, o.offset());
                }
            }
            return last;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(transactionalId + ": interrupted reading which transactions Kafka committed", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(transactionalId + ": could not read which transactions Kafka committed"
                    + " (consumer group " + markerGroup + "): " + e.getMessage(), e);
        }
    }

    /**
     * Makes sure {@code batch} is in Kafka, committed: writes it in a transaction of its own
     * unless Kafka already committed its txid. Any open transaction is aborted first.
     *
     * @return whether it wrote the batch
     */
    public boolean deliver(OutputBatch batch) {
        if (batch.isEmpty() || lastCommitted(batch.lineage()) >= batch.txid()) {
            return false;
        }
        abort();
        for (OutputBatch.Item item : batch.items()) {
            send(item, null);
        }
        commit(batch.lineage(), batch.txid());
        return true;
    }

    @Override
    public void close() {
        closeProducer();
    }

    private void closeProducer() {
        if (producer != null) {
            try {
                producer.close(Duration.ZERO);
            } catch (KafkaException ignored) {
                // a producer that failed is replaced or gone either way
            }
            producer = null;
        }
        markerTopic = null;
        ready = false;
    }
}
