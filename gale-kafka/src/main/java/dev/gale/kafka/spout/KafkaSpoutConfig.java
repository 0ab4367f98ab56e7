package dev.gale.kafka.spout;

import dev.gale.kafka.spout.KafkaSpoutRetryExponentialBackoff.TimeInterval;
import dev.gale.tuple.Fields;
import java.io.Serializable;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a {@link KafkaSpout} needs: the consumer properties, what to read, how to turn
 * records into tuples, the processing guarantee, retries and commits. Built with
 * {@link #builder(String, String...)}, as storm-kafka-client's. Immutable once built (the
 * consumer property map is the builder's; do not change it afterwards).
 */
public class KafkaSpoutConfig<K, V> implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(KafkaSpoutConfig.class);

    public static final long DEFAULT_OFFSET_COMMIT_PERIOD_MS = 30_000;
    public static final int DEFAULT_MAX_RETRIES = Integer.MAX_VALUE;
    public static final int DEFAULT_MAX_UNCOMMITTED_OFFSETS = 10_000_000;
    public static final KafkaSpoutRetryService DEFAULT_RETRY_SERVICE = new KafkaSpoutRetryExponentialBackoff(
            TimeInterval.seconds(0), TimeInterval.milliSeconds(2), DEFAULT_MAX_RETRIES, TimeInterval.seconds(10));
    public static final ProcessingGuarantee DEFAULT_PROCESSING_GUARANTEE = ProcessingGuarantee.AT_LEAST_ONCE;
    public static final KafkaTupleListener DEFAULT_TUPLE_LISTENER = new EmptyKafkaTupleListener();
    public static final long DEFAULT_POLL_TIMEOUT_MS = 200;
    public static final long DEFAULT_PARTITION_REFRESH_PERIOD_MS = 2_000;
    public static final long DEFAULT_START_TS = 0L;
    public static final FirstPollOffsetStrategy DEFAULT_FIRST_POLL_OFFSET_STRATEGY =
            FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST;
    public static final int DEFAULT_METRICS_TIME_BUCKET_SIZE_SECONDS = 60;
    public static final DeadLetterFailurePolicy DEFAULT_DEAD_LETTER_FAILURE_POLICY = DeadLetterFailurePolicy.FAIL;
    public static final long DEFAULT_DEAD_LETTER_RETRY_TIMEOUT_MS = 300_000;
    public static final int DEFAULT_DEAD_LETTER_ERROR_HEADER_MAX_BYTES = 4096;

    /**
     * When a record's offset is committed, and so what a crash may do to it.
     * <ul>
     * <li>{@code AT_LEAST_ONCE}: tuples are tracked; an offset is committed once it and every
     * lower offset of its partition were acked or given up on. A crash replays what was not
     * committed.</li>
     * <li>{@code AT_MOST_ONCE}: offsets are committed as soon as records are polled, before they
     * are emitted; tuples are not tracked. A crash loses what was in flight.</li>
     * <li>{@code NO_GUARANTEE}: offsets of polled records are committed periodically, whatever
     * happened to their tuples; tuples are not tracked.</li>
     * </ul>
     */
    public enum ProcessingGuarantee {
        AT_LEAST_ONCE,
        AT_MOST_ONCE,
        NO_GUARANTEE,
    }

    /**
     * Gale addition: what the spout does with a dead letter that cannot be written to the
     * dead-letter topic: a permanent error (the record too large for the topic, no authorization,
     * an invalid topic, ...) or a transient one that lasted past the dead-letter retry timeout.
     * <ul>
     * <li>{@code FAIL} (the default): the topology stops with a {@code FatalTopologyException}
     * naming the component, task, partition, offset and error. The record's offset is not
     * committed, so once the cause is fixed a restart reads it again: nothing is lost.</li>
     * <li>{@code CONTINUE}: the spout logs an error, counts the record in its
     * {@code deadLetters.dropped} counter and commits past it: the record is lost, the partition
     * goes on.</li>
     * </ul>
     */
    public enum DeadLetterFailurePolicy {
        FAIL,
        CONTINUE,
    }

    private final Map<String, Object> kafkaProps;
    private final List<String> topics;
    private final Pattern topicPattern;
    private final RecordTranslator<K, V> translator;
    private final FirstPollOffsetStrategy firstPollOffsetStrategy;
    private final long pollTimeoutMs;
    private final long partitionRefreshPeriodMs;
    private final long startTimeStamp;
    private final long offsetCommitPeriodMs;
    private final int maxUncommittedOffsets;
    private final KafkaSpoutRetryService retryService;
    private final KafkaTupleListener tupleListener;
    private final boolean emitNullTuples;
    private final ProcessingGuarantee processingGuarantee;
    private final boolean tupleTrackingEnforced;
    private final int metricsTimeBucketSizeInSecs;
    private final String deadLetterTopic;
    private final Map<String, Object> deadLetterProducerProps;
    private final DeadLetterFailurePolicy deadLetterFailurePolicy;
    private final long deadLetterRetryTimeoutMs;
    private final int deadLetterErrorHeaderMaxBytes;
    private final boolean offsetsInCheckpoint;

    public KafkaSpoutConfig(Builder<K, V> builder) {
        builder.setKafkaPropsForProcessingGuarantee();
        this.kafkaProps = builder.kafkaProps;
        this.topics = builder.topics;
        this.topicPattern = builder.topicPattern;
        this.translator = builder.translator;
        this.firstPollOffsetStrategy = builder.firstPollOffsetStrategy;
        this.pollTimeoutMs = builder.pollTimeoutMs;
        this.partitionRefreshPeriodMs = builder.partitionRefreshPeriodMs;
        this.startTimeStamp = builder.startTimeStamp;
        this.offsetCommitPeriodMs = builder.offsetCommitPeriodMs;
        this.maxUncommittedOffsets = builder.maxUncommittedOffsets;
        this.retryService = builder.retryService;
        this.tupleListener = builder.tupleListener;
        this.emitNullTuples = builder.emitNullTuples;
        this.processingGuarantee = builder.processingGuarantee;
        this.tupleTrackingEnforced = builder.tupleTrackingEnforced;
        this.metricsTimeBucketSizeInSecs = builder.metricsTimeBucketSizeInSecs;
        this.deadLetterTopic = builder.deadLetterTopic;
        this.deadLetterProducerProps = Collections.unmodifiableMap(new HashMap<>(builder.deadLetterProducerProps));
        this.deadLetterFailurePolicy = builder.deadLetterFailurePolicy;
        this.deadLetterRetryTimeoutMs = builder.deadLetterRetryTimeoutMs;
        this.deadLetterErrorHeaderMaxBytes = builder.deadLetterErrorHeaderMaxBytes;
        this.offsetsInCheckpoint = builder.offsetsInCheckpoint;
        for (String serializer : List.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG)) {
            if (deadLetterProducerProps.containsKey(serializer)) {
                throw new IllegalArgumentException("the dead-letter producer properties set '" + serializer + "': a dead"
                        + " letter carries the record's key and value bytes as read from Kafka, so it takes no serializer");
            }
        }
        if (offsetsInCheckpoint) {
            if (topicPattern != null) {
                throw new IllegalArgumentException("setOffsetsInCheckpoint(true) needs topics named, not a pattern ("
                        + topicPattern + "): each task reads fixed partitions");
            }
            if (processingGuarantee != ProcessingGuarantee.AT_LEAST_ONCE) {
                throw new IllegalArgumentException("setOffsetsInCheckpoint(true) needs the AT_LEAST_ONCE processing"
                        + " guarantee (its tuples are tracked), not " + processingGuarantee);
            }
            if (deadLetterTopic != null) {
                throw new IllegalArgumentException("setOffsetsInCheckpoint(true) and a dead-letter topic do not go"
                        + " together: a failed record rolls the topology back to the last checkpoint and is read again");
            }
        }
        setConsumerGroupId(builder.groupId);
    }

    /**
     * Builds a {@link KafkaSpoutConfig}. Not thread-safe; build once, before submitting.
     */
    public static class Builder<K, V> {
        private final Map<String, Object> kafkaProps = new HashMap<>();
        private final List<String> topics;
        private final Pattern topicPattern;
        private RecordTranslator<K, V> translator = new DefaultRecordTranslator<>();
        private long pollTimeoutMs = DEFAULT_POLL_TIMEOUT_MS;
        private FirstPollOffsetStrategy firstPollOffsetStrategy = DEFAULT_FIRST_POLL_OFFSET_STRATEGY;
        private long partitionRefreshPeriodMs = DEFAULT_PARTITION_REFRESH_PERIOD_MS;
        private long startTimeStamp = DEFAULT_START_TS;
        private long offsetCommitPeriodMs = DEFAULT_OFFSET_COMMIT_PERIOD_MS;
        private int maxUncommittedOffsets = DEFAULT_MAX_UNCOMMITTED_OFFSETS;
        private KafkaSpoutRetryService retryService = DEFAULT_RETRY_SERVICE;
        private KafkaTupleListener tupleListener = DEFAULT_TUPLE_LISTENER;
        private boolean emitNullTuples;
        private ProcessingGuarantee processingGuarantee = DEFAULT_PROCESSING_GUARANTEE;
        private boolean tupleTrackingEnforced;
        private int metricsTimeBucketSizeInSecs = DEFAULT_METRICS_TIME_BUCKET_SIZE_SECONDS;
        private String groupId;
        private String deadLetterTopic;
        private final Map<String, Object> deadLetterProducerProps = new HashMap<>();
        private DeadLetterFailurePolicy deadLetterFailurePolicy = DEFAULT_DEAD_LETTER_FAILURE_POLICY;
        private long deadLetterRetryTimeoutMs = DEFAULT_DEAD_LETTER_RETRY_TIMEOUT_MS;
        private int deadLetterErrorHeaderMaxBytes = DEFAULT_DEAD_LETTER_ERROR_HEADER_MAX_BYTES;
        private boolean offsetsInCheckpoint;

        public Builder(String bootstrapServers, String... topics) {
            this(bootstrapServers, new LinkedHashSet<>(List.of(topics)));
        }

        public Builder(String bootstrapServers, Set<String> topics) {
            this(bootstrapServers, List.copyOf(topics), null);
            if (topics.isEmpty()) {
                throw new IllegalArgumentException("at least one topic is required");
            }
        }

        public Builder(String bootstrapServers, Pattern topics) {
            this(bootstrapServers, List.of(), topics);
        }

        private Builder(String bootstrapServers, List<String> topics, Pattern pattern) {
            if (bootstrapServers == null || bootstrapServers.isEmpty()) {
                throw new IllegalArgumentException("bootstrap servers cannot be null");
            }
            kafkaProps.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
            this.topics = topics;
            this.topicPattern = pattern;
        }

        /** Sets a Kafka consumer property. */
        public Builder<K, V> setProp(String key, Object value) {
            kafkaProps.put(key, value);
            return this;
        }

        public Builder<K, V> setProp(Map<String, Object> props) {
            kafkaProps.putAll(props);
            return this;
        }

        public Builder<K, V> setProp(Properties props) {
            props.forEach((key, value) -> {
                if (key instanceof String) {
                    kafkaProps.put((String) key, value);
                } else {
                    throw new IllegalArgumentException("Kafka Consumer property keys must be Strings");
                }
            });
            return this;
        }

        /** How long one poll may block when no record is buffered (the spout never blocks longer). */
        public Builder<K, V> setPollTimeoutMs(long pollTimeoutMs) {
            this.pollTimeoutMs = pollTimeoutMs;
            return this;
        }

        public Builder<K, V> setFirstPollOffsetStrategy(FirstPollOffsetStrategy firstPollOffsetStrategy) {
            this.firstPollOffsetStrategy = firstPollOffsetStrategy;
            return this;
        }

        public Builder<K, V> setRecordTranslator(RecordTranslator<K, V> translator) {
            this.translator = translator;
            return this;
        }

        public Builder<K, V> setRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields) {
            return setRecordTranslator(new SimpleRecordTranslator<>(func, fields));
        }

        public Builder<K, V> setRecordTranslator(Func<ConsumerRecord<K, V>, List<Object>> func, Fields fields,
                String stream) {
            return setRecordTranslator(new SimpleRecordTranslator<>(func, fields, stream));
        }

        /** Accepted for compatibility; the group coordinator tells the spout about new partitions. */
        public Builder<K, V> setPartitionRefreshPeriodMs(long partitionRefreshPeriodMs) {
            this.partitionRefreshPeriodMs = partitionRefreshPeriodMs;
            return this;
        }

        public Builder<K, V> setStartTimeStamp(long startTimeStamp) {
            this.startTimeStamp = startTimeStamp;
            return this;
        }

        /** How often the spout commits the offsets that are safe to commit (at-least-once). */
        public Builder<K, V> setOffsetCommitPeriodMs(long offsetCommitPeriodMs) {
            if (offsetCommitPeriodMs <= 0) {
                throw new IllegalArgumentException("offsetCommitPeriodMs must be > 0, got " + offsetCommitPeriodMs);
            }
            this.offsetCommitPeriodMs = offsetCommitPeriodMs;
            return this;
        }

        /** The consumer group: spout tasks (in every process) with the same group share the partitions. */
        public Builder<K, V> setGroupId(String groupId) {
            this.groupId = groupId;
            return this;
        }

        /**
         * The most offsets of one partition that may be polled and not yet committed; a partition
         * at the limit is paused until its commits catch up.
         */
        public Builder<K, V> setMaxUncommittedOffsets(int maxUncommittedOffsets) {
            if (maxUncommittedOffsets <= 0) {
                throw new IllegalArgumentException("maxUncommittedOffsets must be > 0, got " + maxUncommittedOffsets);
            }
            this.maxUncommittedOffsets = maxUncommittedOffsets;
            return this;
        }

        public Builder<K, V> setRetry(KafkaSpoutRetryService retryService) {
            if (retryService == null) {
                throw new NullPointerException("retryService cannot be null");
            }
            this.retryService = retryService;
            return this;
        }

        public Builder<K, V> setTupleListener(KafkaTupleListener tupleListener) {
            if (tupleListener == null) {
                throw new NullPointerException("KafkaTupleListener cannot be null");
            }
            this.tupleListener = tupleListener;
            return this;
        }

        /** Emits a tuple even when the translator returns null for a record (default: skip it). */
        public Builder<K, V> setEmitNullTuples(boolean emitNullTuples) {
            this.emitNullTuples = emitNullTuples;
            return this;
        }

        public Builder<K, V> setProcessingGuarantee(ProcessingGuarantee processingGuarantee) {
            this.processingGuarantee = processingGuarantee;
            return this;
        }

        /** With AT_MOST_ONCE or NO_GUARANTEE, still emit with message ids so acks and fails are seen. */
        public Builder<K, V> setTupleTrackingEnforced(boolean tupleTrackingEnforced) {
            this.tupleTrackingEnforced = tupleTrackingEnforced;
            return this;
        }

        public Builder<K, V> setMetricsTimeBucketSizeInSecs(int metricsTimeBucketSizeInSecs) {
            this.metricsTimeBucketSizeInSecs = metricsTimeBucketSizeInSecs;
            return this;
        }

        /**
         * Gale addition: where a record goes once it has failed more than the retry service's
         * maximum retries, instead of being logged and skipped. It is written there with the
         * original key and value bytes as read from Kafka (the spout then reads records as bytes
         * and deserializes them itself with the configured deserializers) and the original headers,
         * plus headers saying why ({@code error}, at most {@link #setDeadLetterErrorHeaderMaxBytes}
         * bytes, {@code component}, {@code task}, {@code attempts}, {@code original.topic},
         * {@code original.partition}, {@code original.offset}); its offset is committed only once
         * the broker confirmed that write. A write that fails on a transient error is retried (see
         * {@link #setDeadLetterRetryTimeoutMs}); one that cannot succeed is handled as
         * {@link #setDeadLetterFailurePolicy} says.
         */
        public Builder<K, V> setDeadLetterTopic(String topic) {
            this.deadLetterTopic = topic;
            return this;
        }

        /**
         * Gale addition: properties for the dead-letter producer. By default it gets the
         * consumer's bootstrap servers and its security settings, {@code acks=all} and
         * {@code max.block.ms=1000} (a send waiting for the topic's metadata or for buffer space
         * would hold up the spout's thread, acks included; a send that times out is retried).
         * Serializers cannot be set: a dead letter carries the record's bytes as read.
         */
        public Builder<K, V> setDeadLetterProducerProps(Map<String, Object> props) {
            this.deadLetterProducerProps.putAll(props);
            return this;
        }

        /**
         * Gale addition: what to do with a dead letter that cannot be written (see
         * {@link DeadLetterFailurePolicy}); default {@code FAIL}, which stops the topology rather
         * than lose the record.
         */
        public Builder<K, V> setDeadLetterFailurePolicy(DeadLetterFailurePolicy policy) {
            if (policy == null) {
                throw new NullPointerException("the dead-letter failure policy cannot be null");
            }
            this.deadLetterFailurePolicy = policy;
            return this;
        }

        /**
         * Gale addition: how long a dead letter whose write fails on a transient error (Kafka's
         * {@code RetriableException}: a timeout, not enough in-sync replicas, a topic not known
         * yet, ...) is retried, counted from its first failed write, with a back-off on the
         * topology's clock from 1 s doubling up to 30 s. Past it, the last error counts as
         * permanent and {@link #setDeadLetterFailurePolicy} applies. Default 5 minutes.
         */
        public Builder<K, V> setDeadLetterRetryTimeoutMs(long timeoutMs) {
            if (timeoutMs < 0) {
                throw new IllegalArgumentException("deadLetterRetryTimeoutMs must be >= 0, got " + timeoutMs);
            }
            this.deadLetterRetryTimeoutMs = timeoutMs;
            return this;
        }

        /**
         * Gale addition: the most bytes (UTF-8) of a dead letter's {@code error} header; a longer
         * text keeps its start and ends with {@code ...[truncated]}. Default 4096, at least 64.
         */
        public Builder<K, V> setDeadLetterErrorHeaderMaxBytes(int maxBytes) {
            if (maxBytes < 64) {
                throw new IllegalArgumentException("deadLetterErrorHeaderMaxBytes must be >= 64, got " + maxBytes);
            }
            this.deadLetterErrorHeaderMaxBytes = maxBytes;
            return this;
        }

        /**
         * Gale addition, exactly-once state: keep the offsets the spout has emitted up to in the
         * topology's checkpoints, with the stateful bolts' state, instead of committing them to
         * Kafka. Each task reads fixed partitions (partition i of the sorted list goes to task
         * {@code i % tasks}); on start, and whenever a tuple fails, the whole topology goes back
         * to the last checkpoint and the spout re-reads from the offsets it holds, so the state
         * reflects every record exactly once, across crashes. Needs stateful bolts in the topology,
         * a durable state provider to survive a crash, topics named (not a pattern), the same
         * number of spout tasks across restarts, and no dead-letter topic. Retries, the
         * consumer group's offsets and {@code maxUncommittedOffsets} do not apply. See docs/state.md.
         */
        public Builder<K, V> setOffsetsInCheckpoint(boolean offsetsInCheckpoint) {
            this.offsetsInCheckpoint = offsetsInCheckpoint;
            return this;
        }

        private Builder<K, V> withStringDeserializers() {
            setProp(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            setProp(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
            return this;
        }

        private void setKafkaPropsForProcessingGuarantee() {
            if (kafkaProps.containsKey(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG)) {
                throw new IllegalStateException("The KafkaConsumer " + ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG
                        + " setting is not supported. You can configure similar behavior through"
                        + " KafkaSpoutConfig.Builder.setProcessingGuarantee");
            }
            String reset = (String) kafkaProps.get(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG);
            if (processingGuarantee == ProcessingGuarantee.AT_LEAST_ONCE) {
                if (reset == null) {
                    // A partition without a committed offset must start where nothing is skipped.
                    kafkaProps.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
                } else if (!reset.equals("earliest") && !reset.equals("none")) {
                    LOG.warn("Cannot guarantee at-least-once processing with auto.offset.reset.policy other than"
                            + " 'earliest' or 'none'. Some messages may be skipped.");
                }
            } else if (processingGuarantee == ProcessingGuarantee.AT_MOST_ONCE && reset != null
                    && !reset.equals("latest") && !reset.equals("none")) {
                LOG.warn("Cannot guarantee at-most-once processing with auto.offset.reset.policy other than"
                        + " 'latest' or 'none'. Some messages may be processed more than once.");
            }
            kafkaProps.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        }

        public KafkaSpoutConfig<K, V> build() {
            return new KafkaSpoutConfig<>(this);
        }
    }

    /** A builder for string keys and values, reading {@code topics}. */
    public static Builder<String, String> builder(String bootstrapServers, String... topics) {
        return new Builder<String, String>(bootstrapServers, topics).withStringDeserializers();
    }

    public static Builder<String, String> builder(String bootstrapServers, Set<String> topics) {
        return new Builder<String, String>(bootstrapServers, topics).withStringDeserializers();
    }

    /** A builder for string keys and values, reading every topic whose name matches {@code topics}. */
    public static Builder<String, String> builder(String bootstrapServers, Pattern topics) {
        return new Builder<String, String>(bootstrapServers, topics).withStringDeserializers();
    }

    public Map<String, Object> getKafkaProps() {
        return kafkaProps;
    }

    /** The topics subscribed to by name; empty when a pattern is used. */
    public List<String> getTopics() {
        return topics;
    }

    /** The topic pattern subscribed to, or null when topics are named. */
    public Pattern getTopicPattern() {
        return topicPattern;
    }

    public RecordTranslator<K, V> getTranslator() {
        return translator;
    }

    public FirstPollOffsetStrategy getFirstPollOffsetStrategy() {
        return firstPollOffsetStrategy;
    }

    public long getPollTimeoutMs() {
        return pollTimeoutMs;
    }

    public long getPartitionRefreshPeriodMs() {
        return partitionRefreshPeriodMs;
    }

    public long getStartTimeStamp() {
        return startTimeStamp;
    }

    public long getOffsetsCommitPeriodMs() {
        return offsetCommitPeriodMs;
    }

    public ProcessingGuarantee getProcessingGuarantee() {
        return processingGuarantee;
    }

    public boolean isTupleTrackingEnforced() {
        return tupleTrackingEnforced;
    }

    public String getConsumerGroupId() {
        return (String) kafkaProps.get(ConsumerConfig.GROUP_ID_CONFIG);
    }

    public void setConsumerGroupId(String groupId) {
        if (groupId != null) {
            kafkaProps.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        }
    }

    public int getMaxUncommittedOffsets() {
        return maxUncommittedOffsets;
    }

    public KafkaSpoutRetryService getRetryService() {
        return retryService;
    }

    public KafkaTupleListener getTupleListener() {
        return tupleListener;
    }

    public boolean isEmitNullTuples() {
        return emitNullTuples;
    }

    public int getMetricsTimeBucketSizeInSecs() {
        return metricsTimeBucketSizeInSecs;
    }

    /** Gale addition: the dead-letter topic, or null. */
    public String getDeadLetterTopic() {
        return deadLetterTopic;
    }

    /** Gale addition: whether the offsets are kept in the topology's checkpoints (exactly-once state). */
    public boolean isOffsetsInCheckpoint() {
        return offsetsInCheckpoint;
    }

    /** Gale addition: extra properties of the dead-letter producer. */
    public Map<String, Object> getDeadLetterProducerProps() {
        return deadLetterProducerProps;
    }

    /** Gale addition: what the spout does with a dead letter that cannot be written. */
    public DeadLetterFailurePolicy getDeadLetterFailurePolicy() {
        return deadLetterFailurePolicy;
    }

    /** Gale addition: how long a dead letter's write is retried on transient errors. */
    public long getDeadLetterRetryTimeoutMs() {
        return deadLetterRetryTimeoutMs;
    }

    /** Gale addition: the most bytes of a dead letter's {@code error} header. */
    public int getDeadLetterErrorHeaderMaxBytes() {
        return deadLetterErrorHeaderMaxBytes;
    }

    @Override
    public String toString() {
        return "KafkaSpoutConfig{kafkaProps=" + kafkaProps + ", topics=" + (topicPattern != null ? topicPattern : topics)
                + ", processingGuarantee=" + processingGuarantee + ", offsetCommitPeriodMs=" + offsetCommitPeriodMs
                + ", maxUncommittedOffsets=" + maxUncommittedOffsets + ", retryService=" + retryService
                + ", firstPollOffsetStrategy=" + firstPollOffsetStrategy + ", deadLetterTopic=" + deadLetterTopic
                + (deadLetterTopic != null ? ", deadLetterFailurePolicy=" + deadLetterFailurePolicy : "")
                + (offsetsInCheckpoint ? ", offsetsInCheckpoint=true" : "") + '}';
    }
}
