package dev.gale.kafka.bolt;

import dev.gale.Config;
import dev.gale.kafka.bolt.mapper.FieldNameBasedTupleToKafkaMapper;
import dev.gale.kafka.bolt.mapper.TupleToKafkaMapper;
import dev.gale.kafka.bolt.selector.DefaultTopicSelector;
import dev.gale.kafka.bolt.selector.KafkaTopicSelector;
import dev.gale.kafka.internal.OutputBatch;
import dev.gale.kafka.internal.TransactionalSink;
import dev.gale.state.KeyValueState;
import dev.gale.state.StateNamespaces;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IStatefulBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.tuple.Tuple;
import dev.gale.utils.ObjectReader;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.Serializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gale addition: a {@link KafkaBolt} whose writes commit with the topology's checkpoints, for
 * exactly-once output. Add it with {@code TopologyBuilder.setBolt(id, bolt, parallelism)} (it is
 * an {@link IStatefulBolt}); with a {@code KafkaSpout} whose offsets are in the checkpoints
 * ({@code setOffsetsInCheckpoint(true)}) and stateful bolts in between, a consumer reading the
 * output topics with {@code isolation.level=read_committed} sees each input record's output exactly
 * once, across failed tuples, failed checkpoints and crashes.
 *
 * <p>Each task has one transactional producer ({@code transactional.id} =
 * {@code <prefix>-<task index>}, the prefix {@code gale-<topology>-<component>} unless set): the
 * records of the tuples it receives between two checkpoints go into one Kafka transaction, which
 * is flushed on PREPARE (a failed write fails the checkpoint), committed on COMMIT and aborted on
 * ROLLBACK. A new run of the task fences the previous one's producer. The prepared records are
 * also kept in the task's checkpointed state, so that a transaction the checkpoints committed but
 * Kafka did not (a crash in between) is written again when the task restarts, once: the Kafka
 * transaction records its checkpoint's txid as an offset of the consumer group
 * {@code <transactional.id>.committed}, which tells a written transaction from a lost one.
 *
 * <p>Output becomes visible to {@code read_committed} readers when its checkpoint commits: the
 * latency is about the checkpoint interval ({@code topology.state.checkpoint.interval.ms}). The
 * producer's {@code transaction.timeout.ms} must be well above that interval (a transaction stays
 * open from its first record to the next checkpoint's commit). Tuples are acked as they are
 * written; the stateful executor holds the acks until the checkpoint commits. Not thread-safe:
 * the engine calls it on its task's thread.
 *
 * @param <K> the record key type
 * @param <V> the record value type
 */
public class TransactionalKafkaBolt<K, V> implements IStatefulBolt<KeyValueState<String, Serializable>> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TransactionalKafkaBolt.class);
    /** The state keys: the last prepared batch, and the identity of this state. */
    static final String BATCH = "batch";
    static final String LINEAGE = "lineage";
    private static final int DEFAULT_TRANSACTION_TIMEOUT_MS = 60_000;

    private TupleToKafkaMapper<K, V> mapper;
    private KafkaTopicSelector topicSelector;
    private Properties producerProperties = new Properties();
    private String transactionalIdPrefix;

    private transient OutputCollector collector;
    private transient String name;
    private transient Serializer<K> keySerializer;
    private transient Serializer<V> valueSerializer;
    private transient TransactionalSink sink;
    private transient KeyValueState<String, Serializable> state;
    private transient String lineage;
    /** The records sent in the open transaction: the batch the next PREPARE seals. */
    private transient List<OutputBatch.Item> open;
    /** The batch sealed by the last PREPARE and not yet committed, or null. */
    private transient OutputBatch prepared;
    /** Records that came between a PREPARE and its COMMIT: they open the next transaction. */
    private transient List<OutputBatch.Item> waiting;
    private transient long lastCommitted;
    /** Counts rollbacks and restarts: a write failure reported for an earlier generation is stale. */
    private transient volatile long generation;
    private transient AtomicReference<String> writeFailure;

    public TransactionalKafkaBolt() {
    }

    /** As {@link KafkaBolt#withTupleToKafkaMapper}. */
    public TransactionalKafkaBolt<K, V> withTupleToKafkaMapper(TupleToKafkaMapper<K, V> mapper) {
        this.mapper = mapper;
        return this;
    }

    /** As {@link KafkaBolt#withTopicSelector(String)}. */
    public TransactionalKafkaBolt<K, V> withTopicSelector(String topic) {
        return withTopicSelector(new DefaultTopicSelector(topic));
    }

    /** As {@link KafkaBolt#withTopicSelector(KafkaTopicSelector)}. */
    public TransactionalKafkaBolt<K, V> withTopicSelector(KafkaTopicSelector selector) {
        this.topicSelector = selector;
        return this;
    }

    /**
     * The producer's properties: {@code bootstrap.servers} and the key and value serializers at
     * least. {@code acks}, idempotence and {@code transactional.id} are the bolt's.
     */
    public TransactionalKafkaBolt<K, V> withProducerProperties(Properties producerProperties) {
        this.producerProperties = producerProperties;
        return this;
    }

    /**
     * The prefix of the tasks' {@code transactional.id}s (task i uses {@code <prefix>-<i>}). It must
     * stay the same across restarts of the topology, and differ from every other writer's.
     */
    public TransactionalKafkaBolt<K, V> withTransactionalIdPrefix(String prefix) {
        this.transactionalIdPrefix = prefix;
        return this;
    }

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.name = "TransactionalKafkaBolt '" + context.getThisComponentId() + "' task " + context.getThisTaskId();
        if (mapper == null) {
            mapper = new FieldNameBasedTupleToKafkaMapper<>();
        }
        if (topicSelector == null) {
            Object topic = topoConf.get(KafkaBolt.TOPIC);
            if (topic == null) {
                throw new IllegalStateException(name + " has no topic: call withTopicSelector(...) or set '"
                        + KafkaBolt.TOPIC + "' in its configuration");
            }
            topicSelector = new DefaultTopicSelector(String.valueOf(topic));
        }
        Map<String, Object> config = new HashMap<>();
        producerProperties.forEach((k, v) -> config.put(String.valueOf(k), v));
        ProducerConfig parsed = new ProducerConfig(withSerializersNamed(config));
        keySerializer = configured(parsed, ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, config, true);
        valueSerializer = configured(parsed, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, config, false);
        warnOnShortTimeout(topoConf, config);
        String prefix = transactionalIdPrefix != null ? transactionalIdPrefix
                : "gale-" + StateNamespaces.topologyName(topoConf, context) + "-" + context.getThisComponentId();
        sink = new TransactionalSink(config, prefix + "-" + context.getThisTaskIndex());
        sink.start();
        open = new ArrayList<>();
        waiting = new ArrayList<>();
        prepared = null;
        lastCommitted = -1;
        writeFailure = new AtomicReference<>();
        LOG.info("{} writes in transactions of id {}", name, sink.transactionalId());
    }

    private Map<String, Object> withSerializersNamed(Map<String, Object> config) {
        for (String key : List.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG)) {
            if (!config.containsKey(key)) {
                throw new IllegalArgumentException(name + ": the producer properties name no " + key);
            }
        }
        return config;
    }

    @SuppressWarnings("unchecked")
    private static <T> Serializer<T> configured(ProducerConfig parsed, String key, Map<String, Object> config, boolean isKey) {
        Serializer<T> s = parsed.getConfiguredInstance(key, Serializer.class);
        s.configure(config, isKey);
        return s;
    }

    private void warnOnShortTimeout(Map<String, Object> topoConf, Map<String, Object> config) {
        int interval = ObjectReader.getInt(topoConf.get(Config.TOPOLOGY_STATE_CHECKPOINT_INTERVAL), 1000);
        int timeout = ObjectReader.getInt(config.get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG), DEFAULT_TRANSACTION_TIMEOUT_MS);
        if (timeout < 2 * interval) {
            LOG.warn("{}: transaction.timeout.ms ({}) is under twice the checkpoint interval ({} ms): the broker"
                    + " may abort transactions before their checkpoint commits, and each such checkpoint is written"
                    + " again from the state", name, timeout, interval);
        }
    }

    @Override
    public void initState(KeyValueState<String, Serializable> state) {
        this.state = state;
        Serializable l = state.get(LINEAGE);
        lineage = l != null ? (String) l : UUID.randomUUID().toString();
        OutputBatch last = (OutputBatch) state.get(BATCH);
        if (last != null) {
            // The checkpoints committed this batch: make sure Kafka did too (a crash may have come in between).
            boolean written = sink.deliver(last);
            if (written) {
                LOG.info("{}: wrote again the {} bytes of checkpoint {}, which Kafka had not committed", name,
                        last.packed().length, last.txid());
            }
            lastCommitted = last.txid();
        }
    }

    @Override
    public void execute(Tuple input) {
        String topic = topicSelector.getTopic(input);
        if (topic == null) {
            LOG.warn("{}: the topic selector gave no topic for {}; skipping it", name, input);
            collector.ack(input);
            return;
        }
        K key = mapper.getKeyFromTuple(input);
        V value = mapper.getMessageFromTuple(input);
        OutputBatch.Item item = new OutputBatch.Item(topic, keySerializer.serialize(topic, key),
                valueSerializer.serialize(topic, value));
        if (prepared != null) {
            waiting.add(item); // the open transaction is sealed until its COMMIT
        } else {
            send(item);
        }
        // The executor holds the ack until the checkpoint that holds this record commits.
        collector.ack(input);
    }

    private void send(OutputBatch.Item item) {
        open.add(item);
        long sentIn = generation;
        Callback onDone = (metadata, e) -> {
            if (e != null && generation == sentIn) {
                writeFailure.compareAndSet(null, e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        };
        sink.send(item, onDone);
    }

    @Override
    public void prePrepare(long txid) {
        if (prepared != null) {
            if (prepared.txid() == txid) {
                return; // the same PREPARE again
            }
            throw new IllegalStateException(name + ": PREPARE of txid " + txid + " while txid " + prepared.txid()
                    + " is prepared and not committed");
        }
        sink.flush();
        String failure = writeFailure.get();
        if (failure != null) {
            throw new IllegalStateException(name + ": a write of checkpoint " + txid + " failed (" + failure
                    + "); the checkpoint fails and the topology goes back to the last one");
        }
        prepared = OutputBatch.of(lineage, txid, open);
        open = new ArrayList<>();
        state.put(LINEAGE, lineage);
        state.put(BATCH, prepared);
    }

    @Override
    public void preCommit(long txid) {
        if (prepared == null || prepared.txid() != txid) {
            // A recovery's COMMIT: of a batch this run never prepared (initState delivers it) or already committed.
            LOG.debug("{}: COMMIT of txid {} with nothing of it in hand (last committed {})", name, txid, lastCommitted);
            return;
        }
        boolean committed = false;
        if (sink.inTransaction()) {
            try {
                sink.commit(lineage, txid);
                committed = true;
            } catch (KafkaException e) {
                LOG.warn("{}: Kafka refused the commit of checkpoint {} ({}); writing it again from the batch", name, txid,
                        e.toString());
                generation++;
                sink.restart();
            }
        }
        if (!committed) {
            sink.deliver(prepared); // throws if Kafka is unreachable: the checkpoint's COMMIT is retried
        }
        lastCommitted = txid;
        prepared = null;
        writeFailure.set(null);
        List<OutputBatch.Item> next = waiting;
        waiting = new ArrayList<>();
        for (OutputBatch.Item item : next) {
            send(item);
        }
    }

    @Override
    public void preRollback() {
        generation++;
        sink.abort();
        open = new ArrayList<>();
        waiting = new ArrayList<>();
        prepared = null;
        writeFailure.set(null);
    }

    @Override
    public void cleanup() {
        if (sink != null) {
            // Ended cleanly: abort now rather than leave read_committed readers waiting for the broker's timeout.
            try {
                sink.abort();
            } catch (KafkaException e) {
                LOG.debug("{}: abort on cleanup failed", name, e);
            }
            sink.close();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }

    @Override
    public String toString() {
        return "TransactionalKafkaBolt: {mapper: " + mapper + " topicSelector: " + topicSelector + " properties: "
                + producerProperties + "}";
    }
}
