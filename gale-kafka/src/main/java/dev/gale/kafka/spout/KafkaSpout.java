package dev.gale.kafka.spout;

import com.codahale.metrics.Counter;
import dev.gale.Config;
import dev.gale.kafka.internal.DeadLetterPublisher;
import dev.gale.kafka.internal.DecodedRecord;
import dev.gale.kafka.internal.OffsetMetrics;
import dev.gale.kafka.internal.PartitionProgress;
import dev.gale.kafka.internal.RecordDecoder;
import dev.gale.kafka.spout.KafkaSpoutConfig.DeadLetterFailurePolicy;
import dev.gale.kafka.spout.KafkaSpoutConfig.ProcessingGuarantee;
import dev.gale.spout.CheckpointRelay;
import dev.gale.spout.FailureAware;
import dev.gale.spout.FailureInfo;
import dev.gale.spout.FailureReason;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.time.Clock;
import dev.gale.topology.FatalTopologyException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads Kafka topics as a consumer-group member and emits one tuple per record, with
 * storm-kafka-client's API and at-least-once by default.
 *
 * <p>Each spout task is one member of the consumer group (by default
 * {@code gale-<topology>-<component>}): the group coordinator shares the partitions among every
 * task of every Gale process that runs the topology with the same group. Under
 * {@code AT_LEAST_ONCE} every record is emitted with a {@link KafkaSpoutMessageId}; an offset is
 * committed only when it and every lower offset of its partition were acked or given up on. The
 * periodic commit is asynchronous, so the emitting thread never waits for the group coordinator;
 * commits on revocation, deactivation and close wait for it. A
 * failed record is emitted again when the retry service says so; once it has failed more than
 * the maximum retries it goes to the dead-letter topic (if one is set; committed past once the
 * broker confirmed it) or is logged and committed past. The dead letter's {@code error} header
 * starts with the bolt's exception ("class: message") when the last attempt failed on one (the
 * spout is {@link FailureAware}). With a dead-letter topic the spout reads records as bytes and
 * deserializes them itself, so that a dead letter carries the bytes as read; a write to it that
 * fails on a transient error is retried with a back-off, one that cannot succeed stops the
 * topology or is counted and committed past ({@link DeadLetterFailurePolicy}). On revocation the
 * spout commits what is safe and forgets the revoked partitions' pending records (their late acks
 * are ignored); on assignment it resumes at the committed offset.
 *
 * <p>A partition with {@code maxUncommittedOffsets} polled-but-uncommitted offsets is paused
 * until its commits catch up; max spout pending is enforced by the engine, which then stops
 * calling {@code nextTuple}. A spout with nothing to read returns at once and the engine parks
 * it with a growing back-off.
 *
 * <p>Gale addition, exactly-once state ({@link KafkaSpoutConfig.Builder#setOffsetsInCheckpoint}):
 * each task reads fixed partitions and keeps the offsets it emitted up to in the topology's
 * checkpoints ({@link CheckpointRelay}) instead of committing them to Kafka; it emits nothing
 * until the checkpoints tell it where to start, and a failed tuple rolls the topology back to the
 * last checkpoint, from whose offsets it reads again.
 *
 * <p>Each task publishes Storm's {@code kafkaOffset} metrics (metric v1 and v2 gauges) per partition
 * and topic: end offset, committed (or checkpointed) offset, lag, plus Gale's oldest uncommitted
 * offset and its age, records in flight and waiting for retry, and a stuck flag with its reason
 * when that oldest record is older than the message timeout (docs/metrics.md).
 *
 * <p>Not thread-safe: like every spout, its methods are called on its executor's thread only.
 */
public class KafkaSpout<K, V> extends BaseRichSpout implements ICheckpointedSpout, FailureAware {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(KafkaSpout.class);
    /** A paused partition's commit is not held back for the whole commit period. */
    private static final long PAUSED_COMMIT_NANOS = 100_000_000L;
    private static final long DEAD_LETTER_FIRST_BACKOFF_NANOS = 1_000_000_000L;
    private static final long DEAD_LETTER_MAX_BACKOFF_NANOS = 30_000_000_000L;

    private final KafkaSpoutConfig<K, V> config;

    /** Reads {@code K, V}, or bytes (then {@link #decoder} is set) when dead letters need the bytes as read. */
    private transient Consumer<?, ?> consumer;
    private transient RecordDecoder<K, V> decoder;
    private transient SpoutOutputCollector collector;
    private transient Clock clock;
    private transient String componentId;
    private transient int taskId;
    private transient KafkaSpoutRetryService retries;
    private transient KafkaTupleListener listener;
    private transient ProcessingGuarantee guarantee;
    private transient boolean tracked;
    private transient long messageTimeoutNanos;
    private transient Map<TopicPartition, PartitionProgress> progress;
    private transient Map<TopicPartition, Long> committed;
    private transient Map<TopicPartition, Long> firstPolled;
    private transient Map<KafkaSpoutMessageId, InFlight<K, V>> inFlight;
    private transient ArrayDeque<ConsumerRecord<K, V>> buffer;
    private transient Set<TopicPartition> paused;
    private transient Set<TopicPartition> everAssigned;
    private transient List<InFlight<K, V>> deadLetterRetries;
    private transient DeadLetterPublisher deadLetters;
    private transient Counter deadLettersSent;
    private transient Counter deadLettersRetried;
    private transient Counter deadLettersDropped;
    private transient long nextCommitNanos;
    private transient long lastCommitNanos;
    private transient int scheduledRetries;
    private transient boolean lastPollEmpty;
    /** An asynchronous commit was sent and its callback has not run yet. */
    private transient boolean commitInFlight;
    /** Written with every commit: which topology committed, so its other tasks and processes resume there. */
    private transient String commitMetadata;
    /** Exactly-once state: the relay of the checkpoints (null otherwise), the partitions and the offsets emitted up to. */
    private transient CheckpointRelay<CheckpointedOffsets> relay;
    private transient List<TopicPartition> fixedPartitions;
    private transient Map<TopicPartition, Long> emittedNext;
    private transient int taskCount;
    /** The kafkaOffset metrics: end offsets, lag, oldest uncommitted record, stuck partitions. */
    private transient OffsetMetrics offsetMetrics;

    /** A record emitted and not yet done, kept so a retry re-emits it without re-reading. */
    private static final class InFlight<K, V> {
        final KafkaSpoutMessageId id;
        /** The record as read, for its dead letter; null without a dead-letter topic. */
        final ConsumerRecord<byte[], byte[]> raw;
        final List<Object> values;
        final String stream;
        long emittedNanos;
        /** When it was emitted the first time (retries keep it): the age of an uncommitted record. */
        long firstEmittedNanos;
        boolean waitingForRetry;
        boolean lastFailureTimedOut;
        /** Why the last attempt failed, when the engine said (Gale); else null. */
        FailureInfo lastFailure;
        long deadLetterDueNanos;
        /** When its dead letter's first write failed, and how many writes failed since. */
        long deadLetterFirstFailureNanos;
        int deadLetterFailures;
        /** With offsets in checkpoints: the relay's PREPARE count when it was emitted. */
        long prepareMark;

        InFlight(KafkaSpoutMessageId id, ConsumerRecord<byte[], byte[]> raw, List<Object> values, String stream) {
            this.id = id;
            this.raw = raw;
            this.values = values;
            this.stream = stream;
        }
    }

    public KafkaSpout(KafkaSpoutConfig<K, V> kafkaSpoutConfig) {
        this.config = kafkaSpoutConfig;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.clock = context.getClock();
        this.componentId = context.getThisComponentId();
        this.taskId = context.getThisTaskId();
        this.retries = config.getRetryService();
        this.retries.setClock(clock);
        this.listener = config.getTupleListener();
        this.guarantee = config.getProcessingGuarantee();
        this.tracked = guarantee == ProcessingGuarantee.AT_LEAST_ONCE || config.isTupleTrackingEnforced();
        Object timeout = conf.get(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS);
        this.messageTimeoutNanos = (timeout instanceof Number ? ((Number) timeout).longValue() : 30L) * 1_000_000_000L;
        this.progress = new HashMap<>();
        this.committed = new HashMap<>();
        this.firstPolled = new HashMap<>();
        this.inFlight = new HashMap<>();
        this.buffer = new ArrayDeque<>();
        this.paused = new HashSet<>();
        this.everAssigned = new HashSet<>();
        this.deadLetterRetries = new ArrayList<>();
        this.lastPollEmpty = true;
        this.commitMetadata = commitMetadata(context.getStormId());

        Map<String, Object> props = new HashMap<>(config.getKafkaProps());
        props.putIfAbsent(ConsumerConfig.GROUP_ID_CONFIG, "gale-" + context.getStormId() + "-" + componentId);
        props.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG,
                props.get(ConsumerConfig.GROUP_ID_CONFIG) + "-" + context.getThisTaskIndex() + "-" + taskId);
        // Only a record that failed for good goes to the dead-letter topic, so only at least once.
        if (config.getDeadLetterTopic() != null && guarantee == ProcessingGuarantee.AT_LEAST_ONCE) {
            this.decoder = new RecordDecoder<>(props);
            this.consumer = createRawConsumer(props);
            deadLetters = new DeadLetterPublisher(config.getDeadLetterTopic(), config.getDeadLetterErrorHeaderMaxBytes(),
                    props, config.getDeadLetterProducerProps());
            deadLettersSent = context.registerCounter("deadLetters.sent");
            deadLettersRetried = context.registerCounter("deadLetters.retried");
            deadLettersDropped = context.registerCounter("deadLetters.dropped");
        } else {
            this.consumer = createConsumer(props);
        }
        listener.open(conf, context);
        Rebalance rebalance = new Rebalance();
        if (config.isOffsetsInCheckpoint()) {
            openCheckpointed(conf, context);
        } else if (config.getTopicPattern() != null) {
            consumer.subscribe(config.getTopicPattern(), rebalance);
        } else {
            consumer.subscribe(config.getTopics(), rebalance);
        }
        long now = clock.nanos();
        nextCommitNanos = now + config.getOffsetsCommitPeriodMs() * 1_000_000L;
        lastCommitNanos = now;
        openOffsetMetrics(conf, context);
        LOG.info("{} task {} reads {} as group '{}' ({})", componentId, taskId,
                config.getTopicPattern() != null ? config.getTopicPattern() : config.getTopics(),
                props.get(ConsumerConfig.GROUP_ID_CONFIG), guarantee);
    }

    private void openOffsetMetrics(Map<String, Object> conf, TopologyContext context) {
        Object period = conf.get(Config.GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS);
        long periodMs = period == null ? 10_000L : period instanceof Number ? ((Number) period).longValue() : -1;
        if (periodMs <= 0) {
            throw new IllegalArgumentException(componentId + ": " + Config.GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS
                    + " must be a positive number of milliseconds, got " + period);
        }
        offsetMetrics = new OffsetMetrics(consumer, this::offsetState, () -> paused, periodMs * 1_000_000L,
                messageTimeoutNanos);
        offsetMetrics.register(context, config.getMetricsTimeBucketSizeInSecs(), clock::nanos);
    }

    /** What the offset metrics show of each partition this task reads now; a scan of what is in flight. */
    private List<OffsetMetrics.Partition> offsetState() {
        Map<TopicPartition, int[]> counts = new HashMap<>();
        for (InFlight<K, V> f : inFlight.values()) {
            int[] c = counts.computeIfAbsent(f.id.getTopicPartition(), k -> new int[2]);
            c[f.waitingForRetry ? 1 : 0]++;
        }
        Map<TopicPartition, Long> firstBuffered = new HashMap<>();
        for (ConsumerRecord<K, V> r : buffer) {
            firstBuffered.putIfAbsent(new TopicPartition(r.topic(), r.partition()), r.offset());
        }
        CheckpointedOffsets checkpointed = relay == null ? null : relay.committedPosition();
        List<OffsetMetrics.Partition> out = new ArrayList<>(progress.size());
        for (Map.Entry<TopicPartition, PartitionProgress> e : progress.entrySet()) {
            TopicPartition tp = e.getKey();
            PartitionProgress p = e.getValue();
            long done;
            if (relay != null) {
                Long at = checkpointed == null ? null : checkpointed.offsets().get(tp.toString());
                done = at == null ? -1 : at;
            } else {
                done = committed.getOrDefault(tp, -1L);
            }
            long position = firstPolled.getOrDefault(tp, -1L);
            long latestEmitted = p.nextOffset() < 0 ? -1 : firstBuffered.getOrDefault(tp, p.nextOffset()) - 1;
            long oldest = p.pendingCount() > 0 ? p.committableOffset() : -1;
            InFlight<K, V> f = oldest < 0 ? null : inFlight.get(new KafkaSpoutMessageId(tp, oldest));
            int[] c = counts.getOrDefault(tp, new int[2]);
            out.add(new OffsetMetrics.Partition(tp, done, position, latestEmitted, oldest,
                    f == null ? -1 : f.firstEmittedNanos, c[0], c[1], oldest < 0 ? null : holdReason(f)));
        }
        return out;
    }

    /** Why a pending record is not done yet, as far as this task knows. */
    private String holdReason(InFlight<K, V> f) {
        if (f == null) {
            return "read, not emitted yet";
        }
        String last = f.lastFailure == null ? null : describe(f.lastFailure);
        if (f.waitingForRetry) {
            int max = retries instanceof KafkaSpoutRetryExponentialBackoff
                    ? ((KafkaSpoutRetryExponentialBackoff) retries).getMaxRetries() : -1;
            return "waiting for retry " + f.id.numFails() + (max >= 0 ? " of " + max : "")
                    + (last != null ? "; last failure: " + last : f.lastFailureTimedOut ? "; last failure: timed out" : "");
        }
        if (last != null) {
            return "emitted again after a failure; last failure: " + last;
        }
        return f.id.numFails() > 0 ? "emitted again after " + f.id.numFails() + " failures"
                : "emitted, its tuple tree neither acked nor failed yet";
    }

    /** A failure as a reader looking for the cause wants it: for a traced timeout, the tasks holding the tree first. */
    private static String describe(FailureInfo info) {
        if (info.reason() == FailureReason.TIMEOUT && info.traced()) {
            return info.heldBy().isEmpty() ? "tuple tree timed out (traced: every tuple acked, acks late)"
                    : "tuple tree timed out, held by " + info.heldBy();
        }
        StringBuilder sb = new StringBuilder(info.reason().name()).append(" by '").append(info.componentId())
                .append("' task ").append(info.taskId());
        if (info.errorText() != null) {
            sb.append(": ").append(info.errorText());
        }
        return sb.toString();
    }

    /** Exactly-once state: this task's fixed partitions, read from where the checkpoints say (see {@link #seekTo}). */
    private void openCheckpointed(Map<String, Object> conf, TopologyContext context) {
        taskCount = context.getComponentTasks(componentId).size();
        int index = context.getThisTaskIndex();
        List<TopicPartition> all = new ArrayList<>();
        for (String topic : config.getTopics()) {
            List<PartitionInfo> infos = consumer.partitionsFor(topic);
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException(componentId + " task " + taskId + ": topic '" + topic + "' has no"
                        + " partitions (does it exist?); with offsets in checkpoints each task reads fixed partitions,"
                        + " known when it opens");
            }
            for (PartitionInfo i : infos) {
                all.add(new TopicPartition(i.topic(), i.partition()));
            }
        }
        all.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
        fixedPartitions = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (i % taskCount == index) {
                fixedPartitions.add(all.get(i));
            }
        }
        emittedNext = new HashMap<>();
        consumer.assign(fixedPartitions);
        for (TopicPartition tp : fixedPartitions) {
            progress.put(tp, new PartitionProgress());
        }
        relay = new CheckpointRelay<>(conf, context, collector, new CheckpointRelay.Source<>() {
            @Override
            public CheckpointedOffsets position() {
                TreeMap<String, Long> offsets = new TreeMap<>();
                emittedNext.forEach((tp, o) -> offsets.put(tp.toString(), o));
                return new CheckpointedOffsets(taskCount, offsets);
            }

            @Override
            public void seek(CheckpointedOffsets position) {
                seekTo(position);
            }
        });
        LOG.info("{} task {} reads {} with its offsets in the topology's checkpoints", componentId, taskId, fixedPartitions);
    }

    /** Exactly-once state: continue from {@code position} (null: none yet, start by the first-poll strategy). */
    private void seekTo(CheckpointedOffsets position) {
        if (position != null && position.tasks() != taskCount) {
            // The submit refuses this (CheckpointLayout); reaching it means the store changed under a running topology.
            throw new FatalTopologyException(componentId + ": the checkpoint was taken with " + position.tasks()
                    + " spout tasks and this topology has " + taskCount + "; with offsets in checkpoints the number of"
                    + " tasks must stay the same");
        }
        buffer.clear();
        inFlight.clear();
        firstPolled.clear();
        for (TopicPartition tp : fixedPartitions) {
            progress.put(tp, new PartitionProgress());
            Long at = position == null ? null : position.offsets().get(tp.toString());
            if (at != null) {
                consumer.seek(tp, at);
            } else {
                switch (config.getFirstPollOffsetStrategy()) {
                    case LATEST:
                    case UNCOMMITTED_LATEST:
                        consumer.seekToEnd(List.of(tp));
                        break;
                    case TIMESTAMP:
                    case UNCOMMITTED_TIMESTAMP:
                        OffsetAndTimestamp t = consumer.offsetsForTimes(Map.of(tp, config.getStartTimeStamp())).get(tp);
                        if (t != null) {
                            consumer.seek(tp, t.offset());
                        } else {
                            consumer.seekToEnd(List.of(tp));
                        }
                        break;
                    default:
                        consumer.seekToBeginning(List.of(tp));
                }
            }
            emittedNext.put(tp, consumer.position(tp));
        }
    }

    /**
     * Creates the consumer; override to use another client (tests of your own, a wrapper). Not
     * called with a dead-letter topic: see {@link #createRawConsumer}.
     */
    protected Consumer<K, V> createConsumer(Map<String, Object> props) {
        return new KafkaConsumer<>(props);
    }

    /**
     * Gale addition: creates the consumer of a spout with a dead-letter topic, which reads keys and
     * values as bytes and deserializes them with the deserializers of {@code props} itself (a dead
     * letter carries the bytes as read); override as {@link #createConsumer}.
     */
    protected Consumer<byte[], byte[]> createRawConsumer(Map<String, Object> props) {
        return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    @Override
    public void nextTuple() {
        if (relay != null) {
            nextCheckpointedTuple();
            return;
        }
        long now = clock.nanos();
        offsetMetrics.maybeRefresh(now);
        takeDeadLetterOutcomes(now);
        if (guarantee != ProcessingGuarantee.AT_MOST_ONCE
                && (now >= nextCommitNanos || (!paused.isEmpty() && now - lastCommitNanos >= PAUSED_COMMIT_NANOS))) {
            commitAsync();
            nextCommitNanos = now + config.getOffsetsCommitPeriodMs() * 1_000_000L;
        }
        if (emitDueRetry(now)) {
            return;
        }
        if (buffer.isEmpty()) {
            poll();
        }
        while (!buffer.isEmpty()) {
            if (emit(buffer.poll(), now)) {
                return;
            }
        }
    }

    /** Gale: at the pending limit, with offsets in checkpoints, the checkpoints still go through. */
    @Override
    public void relayCheckpoints() {
        if (relay != null) {
            relay.poll();
        }
    }

    private void nextCheckpointedTuple() {
        offsetMetrics.maybeRefresh(clock.nanos());
        if (!relay.poll()) {
            return; // where to start is not known yet
        }
        if (buffer.isEmpty()) {
            poll();
        }
        long now = clock.nanos();
        while (!buffer.isEmpty()) {
            if (emit(buffer.poll(), now)) {
                return;
            }
        }
    }

    private void poll() {
        if (relay == null) {
            updatePauses();
        }
        // Never block long on the spout's thread: acks wait behind it. The engine parks an idle spout.
        Duration timeout = lastPollEmpty ? Duration.ofMillis(Math.min(1, config.getPollTimeoutMs())) : Duration.ZERO;
        ConsumerRecords<?, ?> records;
        try {
            records = consumer.poll(timeout);
        } catch (WakeupException | InterruptException e) {
            return;
        }
        lastPollEmpty = records.isEmpty();
        if (records.isEmpty()) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> atMostOnce = null;
        RecordDeserializationException undecodable = null;
        for (TopicPartition tp : records.partitions()) {
            PartitionProgress p = progress.get(tp);
            if (p == null) {
                continue; // revoked during this poll
            }
            for (ConsumerRecord<?, ?> r : records.records(tp)) {
                if (p.nextOffset() >= 0 && r.offset() < p.nextOffset()) {
                    continue; // already polled (a seek back by someone else): never emit twice
                }
                ConsumerRecord<K, V> record;
                try {
                    record = typed(r);
                } catch (RecordDeserializationException e) {
                    // As Kafka's consumer does: stay at the record, which the next poll reads (and throws on) again.
                    consumer.seek(tp, r.offset());
                    undecodable = e;
                    break;
                }
                firstPolled.putIfAbsent(tp, r.offset());
                p.add(r.offset());
                buffer.add(record);
            }
            if (guarantee == ProcessingGuarantee.AT_MOST_ONCE) {
                if (atMostOnce == null) {
                    atMostOnce = new HashMap<>();
                }
                atMostOnce.put(tp, new OffsetAndMetadata(p.nextOffset(), commitMetadata));
            }
        }
        if (atMostOnce != null) {
            // Committed before anything is emitted: a crash from here on loses these records, never repeats them.
            consumer.commitSync(atMostOnce);
            atMostOnce.forEach((tp, o) -> committed.put(tp, o.offset()));
        }
        if (undecodable != null) {
            throw undecodable;
        }
    }

    @SuppressWarnings("unchecked")
    private ConsumerRecord<K, V> typed(ConsumerRecord<?, ?> r) {
        return decoder == null ? (ConsumerRecord<K, V>) r : decoder.decode((ConsumerRecord<byte[], byte[]>) r);
    }

    /** Emits one record; returns false if it was skipped (the translator returned null). */
    private boolean emit(ConsumerRecord<K, V> record, long now) {
        TopicPartition tp = new TopicPartition(record.topic(), record.partition());
        PartitionProgress p = progress.get(tp);
        if (p == null) {
            return false;
        }
        RecordTranslator<K, V> translator = config.getTranslator();
        List<Object> values = translator.apply(record);
        KafkaSpoutMessageId id = new KafkaSpoutMessageId(record, values == null);
        if (relay != null) {
            emittedNext.put(tp, record.offset() + 1);
        }
        if (values == null && !config.isEmitNullTuples()) {
            p.markDone(record.offset());
            return false;
        }
        String stream = values instanceof KafkaTuple && ((KafkaTuple) values).getStream() != null
                ? ((KafkaTuple) values).getStream() : translator.streams().get(0);
        if (values == null) {
            Fields fields = translator.getFieldsFor(stream);
            values = Arrays.asList(new Object[fields == null ? 0 : fields.size()]);
        }
        if (tracked) {
            ConsumerRecord<byte[], byte[]> raw = record instanceof DecodedRecord ? ((DecodedRecord<K, V>) record).raw()
                    : null;
            InFlight<K, V> f = new InFlight<>(id, raw, values, stream);
            f.emittedNanos = now;
            f.firstEmittedNanos = now;
            if (relay != null) {
                f.prepareMark = relay.prepareMark();
            }
            inFlight.put(id, f);
            collector.emit(stream, values, id);
        } else {
            collector.emit(stream, values);
        }
        if (guarantee != ProcessingGuarantee.AT_LEAST_ONCE) {
            p.markDone(record.offset());
        }
        listener.onEmit(values, id);
        return true;
    }

    private boolean emitDueRetry(long now) {
        if (scheduledRetries == 0) {
            return false;
        }
        for (Map.Entry<TopicPartition, Long> e : retries.earliestRetriableOffsets().entrySet()) {
            KafkaSpoutMessageId id = retries.getMessageId(e.getKey(), e.getValue());
            retries.remove(id);
            scheduledRetries--;
            InFlight<K, V> f = inFlight.get(id);
            if (f == null || f.id != id || !f.waitingForRetry) {
                continue;
            }
            f.waitingForRetry = false;
            f.emittedNanos = now;
            collector.emit(f.stream, f.values, f.id);
            return true;
        }
        return false;
    }

    @Override
    public void ack(Object msgId) {
        if (relay != null && relay.ack(msgId)) {
            return;
        }
        KafkaSpoutMessageId id = (KafkaSpoutMessageId) msgId;
        InFlight<K, V> f = inFlight.get(id);
        if (f == null || f.id != id) {
            return; // its partition was revoked since: the new owner reads it again
        }
        inFlight.remove(id);
        if (guarantee == ProcessingGuarantee.AT_LEAST_ONCE) {
            PartitionProgress p = progress.get(id.getTopicPartition());
            if (p != null) {
                p.markDone(id.offset());
            }
        }
        listener.onAck(id);
        // At the pending limit nextTuple is not called: the acks keep the metrics fresh.
        offsetMetrics.maybeRefresh(clock.nanos());
    }

    @Override
    public void fail(Object msgId) {
        fail(msgId, null);
    }

    /** Gale says why the tree failed: the dead-letter {@code error} header then carries the bolt's exception. */
    @Override
    public void fail(Object msgId, FailureInfo info) {
        if (relay != null && relay.fail(msgId)) {
            return;
        }
        KafkaSpoutMessageId id = (KafkaSpoutMessageId) msgId;
        InFlight<K, V> f = inFlight.get(id);
        if (f == null || f.id != id || f.waitingForRetry) {
            return; // with offsets in checkpoints: a tuple from before the last rollback
        }
        if (relay != null) {
            inFlight.remove(id);
            relay.dataFailed(f.prepareMark); // everything goes back to the last checkpoint, this record with it
            return;
        }
        if (guarantee != ProcessingGuarantee.AT_LEAST_ONCE) {
            inFlight.remove(id);
            return;
        }
        f.lastFailureTimedOut = info != null ? info.reason() == FailureReason.TIMEOUT
                : clock.nanos() - f.emittedNanos >= messageTimeoutNanos;
        f.lastFailure = info;
        id.incrementNumFails();
        if (retries.schedule(id)) {
            f.waitingForRetry = true;
            scheduledRetries++;
            listener.onRetry(id);
            return;
        }
        listener.onMaxRetryReached(id);
        giveUp(f);
    }

    private void giveUp(InFlight<K, V> f) {
        KafkaSpoutMessageId id = f.id;
        if (deadLetters != null) {
            deadLetters.publish(f.raw, failureReason(f), componentId, taskId, id.numFails());
            return; // done once the broker confirms
        }
        LOG.warn("{} task {}: giving up on {}-{} offset {} after {} failed attempts ({}); committing past it",
                componentId, taskId, id.topic(), id.partition(), id.offset(), id.numFails(), failureReason(f));
        finish(f);
    }

    private String failureReason(InFlight<K, V> f) {
        String attempts = (f.lastFailureTimedOut ? "tuple tree timed out" : "tuple tree failed") + " on each of "
                + f.id.numFails() + " attempts";
        FailureInfo last = f.lastFailure;
        if (last == null || last.errorText() == null) {
            return attempts;
        }
        // The exception first, as the bolt threw it: what a reader of the dead letters wants to see.
        return last.errorText() + " (" + attempts + "; last " + last.reason() + " by '" + last.componentId()
                + "' task " + last.taskId() + ")";
    }

    private void finish(InFlight<K, V> f) {
        inFlight.remove(f.id);
        PartitionProgress p = progress.get(f.id.getTopicPartition());
        if (p != null) {
            p.markDone(f.id.offset());
        }
    }

    private void takeDeadLetterOutcomes(long now) {
        if (deadLetters == null) {
            return;
        }
        DeadLetterPublisher.Outcome o;
        while ((o = deadLetters.completed().poll()) != null) {
            InFlight<K, V> f = inFlight.get(new KafkaSpoutMessageId(o.partition, o.offset));
            if (f == null) {
                continue; // partition revoked meanwhile
            }
            if (o.error == null) {
                deadLettersSent.inc();
                finish(f);
            } else if (o.isTransient() && !deadLetterRetryTimedOut(f, now)) {
                retryDeadLetter(f, o, now);
            } else {
                deadLetterFailed(f, o);
            }
        }
        for (Iterator<InFlight<K, V>> it = deadLetterRetries.iterator(); it.hasNext(); ) {
            InFlight<K, V> f = it.next();
            if (inFlight.get(f.id) != f) {
                it.remove();
            } else if (now >= f.deadLetterDueNanos) {
                it.remove();
                deadLetters.publish(f.raw, failureReason(f), componentId, taskId, f.id.numFails());
            }
        }
    }

    private boolean deadLetterRetryTimedOut(InFlight<K, V> f, long now) {
        long timeout = config.getDeadLetterRetryTimeoutMs() * 1_000_000L;
        return timeout == 0 || f.deadLetterFailures > 0 && now - f.deadLetterFirstFailureNanos >= timeout;
    }

    /** A transient error: write again after a back-off that doubles with each failure. */
    private void retryDeadLetter(InFlight<K, V> f, DeadLetterPublisher.Outcome o, long now) {
        if (f.deadLetterFailures++ == 0) {
            f.deadLetterFirstFailureNanos = now;
        }
        long backoff = DEAD_LETTER_FIRST_BACKOFF_NANOS << Math.min(f.deadLetterFailures - 1, 5);
        backoff = Math.min(backoff, DEAD_LETTER_MAX_BACKOFF_NANOS);
        LOG.warn("{} task {}: writing {}-{} offset {} to dead-letter topic {} failed ({} of {} ms of retries"
                + " used); retrying in {} ms: {}", componentId, taskId, o.partition.topic(), o.partition.partition(),
                o.offset, deadLetters.topic(), (now - f.deadLetterFirstFailureNanos) / 1_000_000L,
                config.getDeadLetterRetryTimeoutMs(), backoff / 1_000_000L, o.error.toString());
        deadLettersRetried.inc();
        f.deadLetterDueNanos = now + backoff;
        deadLetterRetries.add(f);
    }

    /** A dead letter that cannot be written: as the policy says, never a partition stalled for good. */
    private void deadLetterFailed(InFlight<K, V> f, DeadLetterPublisher.Outcome o) {
        String what = componentId + " task " + taskId + ": the dead letter of " + o.partition.topic() + "-"
                + o.partition.partition() + " offset " + o.offset + " cannot be written to dead-letter topic '"
                + deadLetters.topic() + "' (" + (o.isTransient() ? "a transient error that lasted past the "
                + config.getDeadLetterRetryTimeoutMs() + " ms of retries" : "a permanent error") + "): " + o.error;
        if (config.getDeadLetterFailurePolicy() == DeadLetterFailurePolicy.FAIL) {
            throw new FatalTopologyException(what + ". The topology stops (dead-letter failure policy FAIL); the"
                    + " offset is not committed, so the record is read again once the cause is fixed and the topology"
                    + " restarted. DeadLetterFailurePolicy.CONTINUE commits past such records instead.", o.error);
        }
        LOG.error("{}; committing past it (dead-letter failure policy CONTINUE): the record is dropped", what);
        deadLettersDropped.inc();
        finish(f);
    }

    private void updatePauses() {
        int max = config.getMaxUncommittedOffsets();
        List<TopicPartition> toPause = null;
        List<TopicPartition> toResume = null;
        for (Map.Entry<TopicPartition, PartitionProgress> e : progress.entrySet()) {
            TopicPartition tp = e.getKey();
            boolean full = uncommitted(tp, e.getValue()) >= max;
            if (full && !paused.contains(tp)) {
                (toPause == null ? toPause = new ArrayList<>() : toPause).add(tp);
            } else if (!full && paused.contains(tp)) {
                (toResume == null ? toResume = new ArrayList<>() : toResume).add(tp);
            }
        }
        if (toPause != null) {
            consumer.pause(toPause);
            paused.addAll(toPause);
        }
        if (toResume != null) {
            consumer.resume(toResume);
            paused.removeAll(toResume);
        }
    }

    private long uncommitted(TopicPartition tp, PartitionProgress p) {
        if (p.nextOffset() < 0) {
            return 0;
        }
        Long c = committed.get(tp);
        long base = c != null ? c : firstPolled.getOrDefault(tp, p.nextOffset());
        return Math.max(0, p.nextOffset() - base);
    }

    /**
     * The periodic commit, sent without waiting for the broker: this thread emits, and a commit's
     * round trip (the group coordinator writes it to its log) would hold back every record that
     * arrives meanwhile. The consumer runs the callback in a later poll, on this thread. One
     * commit is in flight at a time; a period that finds one still out leaves the work to the next.
     */
    private void commitAsync() {
        if (commitInFlight) {
            return;
        }
        Map<TopicPartition, OffsetAndMetadata> offsets = committable(progress.keySet());
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitAsync(offsets, (done, error) -> {
                commitInFlight = false;
                if (error == null) {
                    recordCommitted(done);
                } else {
                    LOG.warn("{} task {}: committing {} failed; will retry: {}", componentId, taskId, done,
                            error.toString());
                }
            });
            commitInFlight = true;
        } catch (KafkaException e) {
            LOG.warn("{} task {}: committing {} failed; will retry: {}", componentId, taskId, offsets, e.toString());
        }
    }

    /**
     * Commits the safe offset of each of {@code partitions} that moved since its last commit, and
     * waits for the broker: for partitions about to be revoked, and on deactivation and close.
     */
    private void commit(Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = committable(partitions);
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(offsets);
            recordCommitted(offsets);
        } catch (KafkaException e) {
            // A rebalance in progress, or the group moved on: the next owner resumes at the last commit.
            LOG.warn("{} task {}: committing {} failed; will retry: {}", componentId, taskId, offsets, e.toString());
        }
    }

    /** The safe offset of each of {@code partitions} that moved since its last commit; notes the attempt's time. */
    private Map<TopicPartition, OffsetAndMetadata> committable(Collection<TopicPartition> partitions) {
        lastCommitNanos = clock.nanos();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : partitions) {
            PartitionProgress p = progress.get(tp);
            if (p == null) {
                continue;
            }
            long safe = p.committableOffset();
            Long last = committed.get(tp);
            if (safe >= 0 && (last == null || safe > last)) {
                offsets.put(tp, new OffsetAndMetadata(safe, commitMetadata));
            }
        }
        return offsets;
    }

    /** Keeps what the broker confirmed, for partitions still owned; never moves a partition's mark back. */
    private void recordCommitted(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((tp, o) -> {
            if (progress.containsKey(tp)) {
                committed.merge(tp, o.offset(), Math::max);
            }
        });
    }

    /** Forgets everything about partitions this task no longer owns. */
    private void forget(Collection<TopicPartition> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Set<TopicPartition> gone = new HashSet<>(partitions);
        progress.keySet().removeAll(gone);
        committed.keySet().removeAll(gone);
        firstPolled.keySet().removeAll(gone);
        paused.removeAll(gone);
        inFlight.values().removeIf(f -> gone.contains(f.id.getTopicPartition()));
        buffer.removeIf(r -> gone.contains(new TopicPartition(r.topic(), r.partition())));
        deadLetterRetries.removeIf(f -> gone.contains(f.id.getTopicPartition()));
        retries.retainAll(progress.keySet());
        int waiting = 0;
        for (InFlight<K, V> f : inFlight.values()) {
            if (f.waitingForRetry) {
                waiting++;
            }
        }
        scheduledRetries = waiting;
    }

    private void seekForFirstAssignment(TopicPartition tp) {
        FirstPollOffsetStrategy s = config.getFirstPollOffsetStrategy();
        boolean uncommittedOnly = s == FirstPollOffsetStrategy.UNCOMMITTED_EARLIEST
                || s == FirstPollOffsetStrategy.UNCOMMITTED_LATEST || s == FirstPollOffsetStrategy.UNCOMMITTED_TIMESTAMP;
        OffsetAndMetadata c = consumer.committed(Set.of(tp)).get(tp);
        // A partition this task never had may come from another task or process of this topology (a
        // rebalance, a process killed or started): starting over there would repeat or, worse, skip
        // what that task had not committed. As storm-kafka-client, the strategy applies only to offsets
        // this topology did not commit.
        if (c != null && (uncommittedOnly || commitMetadata.equals(c.metadata()))) {
            return; // the consumer resumes there
        }
        switch (s) {
            case EARLIEST:
            case UNCOMMITTED_EARLIEST:
                consumer.seekToBeginning(List.of(tp));
                break;
            case LATEST:
            case UNCOMMITTED_LATEST:
                consumer.seekToEnd(List.of(tp));
                break;
            default:
                OffsetAndTimestamp at = consumer.offsetsForTimes(Map.of(tp, config.getStartTimeStamp())).get(tp);
                if (at != null) {
                    consumer.seek(tp, at.offset());
                } else {
                    consumer.seekToEnd(List.of(tp));
                }
        }
        // Seeks to the beginning or end are lazy: the consumer would resolve them at its next fetch,
        // and records written meanwhile would be skipped (LATEST). Resolve now, at assignment, as
        // storm-kafka-client does.
        consumer.position(tp);
    }

    /** Runs inside {@code poll}, on the spout's thread. */
    private final class Rebalance implements ConsumerRebalanceListener {
        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            if (guarantee != ProcessingGuarantee.AT_MOST_ONCE) {
                commit(partitions);
            }
            forget(partitions);
            if (!partitions.isEmpty()) {
                LOG.info("{} task {}: partitions revoked {}", componentId, taskId, partitions);
            }
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            forget(partitions);
            LOG.info("{} task {}: partitions lost {}", componentId, taskId, partitions);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            for (TopicPartition tp : partitions) {
                progress.put(tp, new PartitionProgress());
                if (everAssigned.add(tp)) {
                    seekForFirstAssignment(tp);
                }
                OffsetAndMetadata c = consumer.committed(Set.of(tp)).get(tp);
                if (c != null) {
                    committed.put(tp, c.offset());
                }
            }
            if (!partitions.isEmpty()) {
                LOG.info("{} task {}: partitions assigned {}", componentId, taskId, partitions);
            }
            listener.onPartitionsReassigned(consumer.assignment());
        }
    }

    /** Storm's format ({@code {"topologyId":...}}); Gale's topology id is its name. */
    private static String commitMetadata(String topologyId) {
        StringBuilder sb = new StringBuilder("{\"topologyId\":\"");
        for (char ch : topologyId.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                sb.append('\\').append(ch);
            } else if (ch < 0x20) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.append("\"}").toString();
    }

    @Override
    public void deactivate() {
        if (consumer != null && relay == null && guarantee != ProcessingGuarantee.AT_MOST_ONCE) {
            commit(progress.keySet());
        }
    }

    @Override
    public void close() {
        if (consumer == null) {
            return;
        }
        try {
            if (relay == null && guarantee != ProcessingGuarantee.AT_MOST_ONCE) {
                commit(progress.keySet());
            }
        } finally {
            try {
                consumer.close(Duration.ofSeconds(5));
            } finally {
                if (deadLetters != null) {
                    deadLetters.close();
                }
                if (decoder != null) {
                    decoder.close();
                }
            }
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        RecordTranslator<K, V> translator = config.getTranslator();
        for (String stream : translator.streams()) {
            declarer.declareStream(stream, translator.getFieldsFor(stream));
        }
        if (config.isOffsetsInCheckpoint()) {
            CheckpointRelay.declareStream(declarer);
        }
    }

    /** Gale: true with {@link KafkaSpoutConfig.Builder#setOffsetsInCheckpoint}(true). */
    @Override
    public boolean isCheckpointed() {
        return config.isOffsetsInCheckpoint();
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }

    /** The configuration this spout runs with. */
    public KafkaSpoutConfig<K, V> getKafkaSpoutConfig() {
        return config;
    }
}
