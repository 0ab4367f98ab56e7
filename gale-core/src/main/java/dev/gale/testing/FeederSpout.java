package dev.gale.testing;

import dev.gale.spout.PendingInput;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
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
 * <p>Tasks run copies of the submitted spout, so the queue and the records are one state object
 * shared by the original and every copy (a copy finds it by an id made at construction, while
 * the original it is copied from is alive); {@link #feed} and the getters can be called on the
 * object the test built. The state goes away with the last instance that refers to it.
 * {@code LocalCluster.waitForIdle()} waits until everything fed has been emitted and processed.
 *
 * <p>Thread-safe.
 */
public class FeederSpout extends BaseRichSpout implements PendingInput, CompletableSpout {
    private static final long serialVersionUID = 1L;
    /**
     * Where a copy being deserialized finds the state of its original. Weak, so that the state
     * of spouts no test refers to any more (and no running task copies) does not pile up over a
     * test suite; every instance holds its state strongly in {@link #shared}.
     */
    private static final Map<String, StateRef> REGISTRY = new ConcurrentHashMap<>();
    private static final ReferenceQueue<Shared> CLEARED = new ReferenceQueue<>();

    private final String id = UUID.randomUUID().toString();
    private final Fields outFields;
    private final String streamId;
    private AckFailDelegate delegate;
    private transient Shared shared;
    private transient SpoutOutputCollector collector;

    private static final class StateRef extends WeakReference<Shared> {
        final String id;

        StateRef(String id, Shared state) {
            super(state, CLEARED);
            this.id = id;
        }
    }

    private static final class Shared {
        final ConcurrentLinkedQueue<Object[]> queue = new ConcurrentLinkedQueue<>();
        final AtomicInteger unemitted = new AtomicInteger();
        final List<Object> acked = new CopyOnWriteArrayList<>();
        final List<Object> failed = new CopyOnWriteArrayList<>();
    }

    /** Emits on the default stream with these fields. */
    public FeederSpout(Fields outFields) {
        this(outFields, Utils.DEFAULT_STREAM_ID);
    }

    /** Emits on the default stream with these field names. */
    public FeederSpout(List<String> outFields) {
        this(new Fields(outFields));
    }

    /** Emits on the given stream with these fields. */
    public FeederSpout(Fields outFields, String streamId) {
        this.outFields = outFields;
        this.streamId = streamId;
        this.shared = stateOf(id);
    }

    /** The state registered under {@code id}, registered afresh if there is none (any more). */
    private static Shared stateOf(String id) {
        for (Reference<? extends Shared> r; (r = CLEARED.poll()) != null; ) {
            StateRef cleared = (StateRef) r;
            REGISTRY.remove(cleared.id, cleared);
        }
        Shared[] state = new Shared[1];
        REGISTRY.compute(id, (key, ref) -> {
            state[0] = ref == null ? null : ref.get();
            if (state[0] != null) {
                return ref;
            }
            // A new spout, or a copy read from bytes kept after every instance was gone:
            // nothing can feed that old state any more, so a fresh one is as good.
            state[0] = new Shared();
            return new StateRef(key, state[0]);
        });
        return state[0];
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        // The instance being copied is alive (it is what was serialized), so its state is found.
        this.shared = stateOf(id);
    }

    /** Whether the state of the spout with this id is still registered (for tests of the registry). */
    static boolean isRegistered(String id) {
        StateRef ref = REGISTRY.get(id);
        return ref != null && ref.get() != null;
    }

    String id() {
        return id;
    }

    /**
     * Feeds a tuple tracked under a random UUID message id, as Storm's FeederSpout does: it is
     * acked or failed like any tracked tuple. Use {@link #feed(List, Object)} with a null id for
     * an untracked one.
     */
    public void feed(List<Object> tuple) {
        feed(tuple, UUID.randomUUID().toString());
    }

    /** Feeds a tuple tracked under {@code msgId} (null: untracked). */
    public void feed(List<Object> tuple, Object msgId) {
        Shared s = this.shared;
        s.unemitted.incrementAndGet();
        s.queue.add(new Object[] {new ArrayList<>(tuple), msgId});
    }

    /**
     * Storm's name for {@link #feed(List, Object)}: the feed never blocks in Gale, whose queue
     * is unbounded.
     */
    public void feedNoWait(List<Object> tuple, Object msgId) {
        feed(tuple, msgId);
    }

    /** Storm waits here for a reader of its bounded queue; Gale's never blocks a feed, so this returns at once. */
    public void waitForReader() {
    }

    /** Receives every ack and fail (set before submitting: the copies take it along). */
    public void setAckFailDelegate(AckFailDelegate delegate) {
        this.delegate = delegate;
    }

    /** Message ids acked so far, in order. */
    public List<Object> getAcked() {
        return Collections.unmodifiableList(new ArrayList<>(shared.acked));
    }

    /** Message ids failed so far (each fail, including repeated ones), in order. */
    public List<Object> getFailed() {
        return Collections.unmodifiableList(new ArrayList<>(shared.failed));
    }

    /** Tuples fed but not emitted yet. */
    public int getQueueSize() {
        return shared.unemitted.get();
    }

    @Override
    public boolean hasPendingInput() {
        return shared.unemitted.get() > 0;
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
        Shared s = this.shared;
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
        shared.acked.add(msgId);
        if (delegate != null) {
            delegate.ack(msgId);
        }
    }

    @Override
    public void fail(Object msgId) {
        shared.failed.add(msgId);
        if (delegate != null) {
            delegate.fail(msgId);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(streamId, outFields);
    }
}
