package dev.gale.testing;

import dev.gale.impl.executor.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A spout that emits what a test feeds it, and records which message ids were acked and failed.
 *
 * <p>Tasks run copies of the submitted spout, so the queue and the records live in a registry
 * shared by every copy (by an id made at construction); {@link #feed} and the getters can be
 * called on the object the test built. {@code LocalCluster.waitForIdle()} waits until everything
 * fed has been emitted and processed.
 *
 * <p>Thread-safe.
 */
public class FeederSpout extends BaseRichSpout implements PendingInput, CompletableSpout {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Shared> REGISTRY = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private final Fields outFields;
    private final String streamId;
    private AckFailDelegate delegate;
    private transient SpoutOutputCollector collector;

    private static final class Shared {
        final ConcurrentLinkedQueue<Object[]> queue = new ConcurrentLinkedQueue<>();
        final AtomicInteger unemitted = new AtomicInteger();
        final List<Object> acked = new CopyOnWriteArrayList<>();
        final List<Object> failed = new CopyOnWriteArrayList<>();
    }

    /** Emits on the default stream with these fields. */
    public FeederSpout(Fields outFields) {
        this(outFields, dev.gale.utils.Utils.DEFAULT_STREAM_ID);
    }

    /** Emits on the given stream with these fields. */
    public FeederSpout(Fields outFields, String streamId) {
        this.outFields = outFields;
        this.streamId = streamId;
        REGISTRY.put(id, new Shared());
    }

    private Shared shared() {
        return REGISTRY.get(id);
    }

    /** Feeds an untracked tuple. */
    public void feed(List<Object> tuple) {
        feed(tuple, null);
    }

    /** Feeds a tuple tracked under {@code msgId} (null: untracked). */
    public void feed(List<Object> tuple, Object msgId) {
        Shared s = shared();
        s.unemitted.incrementAndGet();
        s.queue.add(new Object[] {new ArrayList<>(tuple), msgId});
    }

    /** Receives every ack and fail (set before submitting: the copies take it along). */
    public void setAckFailDelegate(AckFailDelegate delegate) {
        this.delegate = delegate;
    }

    /** Message ids acked so far, in order. */
    public List<Object> getAcked() {
        return Collections.unmodifiableList(new ArrayList<>(shared().acked));
    }

    /** Message ids failed so far (each fail, including repeated ones), in order. */
    public List<Object> getFailed() {
        return Collections.unmodifiableList(new ArrayList<>(shared().failed));
    }

    /** Tuples fed but not emitted yet. */
    public int getQueueSize() {
        return shared().unemitted.get();
    }

    @Override
    public boolean hasPendingInput() {
        return shared().unemitted.get() > 0;
    }

    /** True while everything fed has been emitted. */
    @Override
    public boolean isExhausted() {
        return !hasPendingInput();
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        Shared s = shared();
        Object[] next = s.queue.poll();
        if (next != null) {
            try {
                @SuppressWarnings("unchecked")
                List<Object> values = (List<Object>) next[0];
                collector.emit(streamId, values, next[1]);
            } finally {
                s.unemitted.decrementAndGet();
            }
        }
    }

    @Override
    public void ack(Object msgId) {
        shared().acked.add(msgId);
        if (delegate != null) {
            delegate.ack(msgId);
        }
    }

    @Override
    public void fail(Object msgId) {
        shared().failed.add(msgId);
        if (delegate != null) {
            delegate.fail(msgId);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(streamId, outFields);
    }
}
