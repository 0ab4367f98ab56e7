package dev.gale.testing;

import dev.gale.Config;
import dev.gale.Constants;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.impl.executor.BasicBoltAdapter;
import dev.gale.impl.executor.EmitChecks;
import dev.gale.impl.testkit.PlaceholderSpout;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.DeclaredOutputs;
import dev.gale.impl.topology.StreamDef;
import dev.gale.impl.topology.Subscription;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.impl.topology.TopologySettings;
import dev.gale.impl.tuple.TupleImpl;
import dev.gale.stats.ComponentKind;
import dev.gale.task.IOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IComponent;
import dev.gale.topology.IRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Tests one bolt in isolation, on the calling thread, as Hazelcast Jet's {@code TestSupport} does
 * for a processor: declare the streams it reads, {@link #prepare()}, {@link #execute} tuples,
 * then read what it emitted, acked, failed and reported. The bolt runs with a real context and
 * the engine's own emit checks, so a wrong emit fails here as it would in a topology; acking or
 * failing a tuple a second time throws an {@link IllegalStateException} naming it.
 *
 * <pre>{@code
 * BoltTester t = BoltTester.of(new SplitSentence()).withSource("spout", new Fields("sentence")).prepare();
 * Tuple in = t.execute("spout", new Values("a b"));
 * assertThat(t.emittedValues()).containsExactly(List.of("a"), List.of("b"));
 * assertThat(t.acked()).containsExactly(in);
 * }</pre>
 *
 * <p>Not thread-safe: use it from one test thread.
 */
public final class BoltTester implements AutoCloseable {
    private static final String BOLT_ID = "bolt-under-test";

    private final IRichBolt bolt;
    private final Map<String, Object> conf = new HashMap<>();
    private final Map<String, Map<String, Fields>> sources = new LinkedHashMap<>();
    private final Random random = new Random(1);
    private TopologyContext context;
    private Map<String, StreamDef> declared;
    private final List<EmittedTuple> emitted = new ArrayList<>();
    private final List<Tuple> acked = new ArrayList<>();
    private final List<Tuple> failed = new ArrayList<>();
    private final List<Tuple> timeoutsReset = new ArrayList<>();
    private final List<Throwable> errors = new ArrayList<>();
    /** Every tuple acked (true) or failed (false), by identity; kept by {@link #clear()}. */
    private final Map<Tuple, Boolean> settled = new IdentityHashMap<>();
    private boolean prepared;

    private BoltTester(IRichBolt bolt) {
        this.bolt = bolt;
    }

    public static BoltTester of(IRichBolt bolt) {
        return new BoltTester(bolt);
    }

    /** A basic bolt: as in a topology, its input is acked when execute returns. */
    public static BoltTester of(IBasicBolt bolt) {
        return new BoltTester(new BasicBoltAdapter(bolt));
    }

    public BoltTester withConf(String key, Object value) {
        conf.put(key, value);
        return this;
    }

    public BoltTester withConf(Map<String, Object> values) {
        conf.putAll(values);
        return this;
    }

    /** Declares a component whose default stream the bolt reads. */
    public BoltTester withSource(String componentId, Fields fields) {
        return withSource(componentId, Utils.DEFAULT_STREAM_ID, fields);
    }

    /** Declares a stream the bolt reads. */
    public BoltTester withSource(String componentId, String streamId, Fields fields) {
        sources.computeIfAbsent(componentId, k -> new LinkedHashMap<>()).put(streamId, fields);
        return this;
    }

    /**
     * Validates the bolt as a topology would (it must be serializable; its declared streams are
     * read) and calls its prepare with a context naming it {@code bolt-under-test}.
     */
    public BoltTester prepare() {
        if (sources.isEmpty()) {
            throw new IllegalStateException("declare at least one source with withSource(component, fields) first");
        }
        Map<String, ComponentDef> defs = new LinkedHashMap<>();
        List<Subscription> inputs = new ArrayList<>();
        for (Map.Entry<String, Map<String, Fields>> s : sources.entrySet()) {
            Map<String, StreamDef> outs = new LinkedHashMap<>();
            s.getValue().forEach((stream, fields) -> outs.put(stream, new StreamDef(stream, fields, false)));
            defs.put(s.getKey(), new ComponentDef(s.getKey(), ComponentKind.SPOUT, new PlaceholderSpout(), 1, 1,
                    Map.of(), outs, List.of()));
            for (String stream : s.getValue().keySet()) {
                inputs.add(new Subscription(new GlobalStreamId(s.getKey(), stream), Grouping.of(Grouping.Type.SHUFFLE)));
            }
        }
        DeclaredOutputs outputs = new DeclaredOutputs(BOLT_ID);
        bolt.declareOutputFields(outputs);
        Map<String, Object> boltConf = new LinkedHashMap<>();
        Map<String, Object> own = ((IComponent) bolt).getComponentConfiguration();
        if (own != null) {
            boltConf.putAll(own);
        }
        defs.put(BOLT_ID, new ComponentDef(BOLT_ID, ComponentKind.BOLT, bolt, 1, 1, boltConf, outputs.streams(), inputs));
        Map<String, Object> topoConf = new HashMap<>(conf);
        topoConf.putIfAbsent(Config.TOPOLOGY_NAME, "bolt-tester");
        TopologyPlan plan = TopologyPlan.of("bolt-tester", new StormTopology(defs), TopologySettings.from(topoConf), topoConf);
        Map<String, Object> merged = new HashMap<>(topoConf);
        merged.putAll(boltConf);
        this.context = new TopologyContext(plan, Collections.unmodifiableMap(merged), plan.tasksOf(BOLT_ID).get(0));
        this.declared = outputs.streams();
        bolt.prepare(context.getConf(), context, new OutputCollector(new Recorder()));
        prepared = true;
        return this;
    }

    /** Executes a tuple from a source's default stream; returns it, tracked as part of a tree. */
    public Tuple execute(String sourceComponent, List<Object> values) {
        return execute(sourceComponent, Utils.DEFAULT_STREAM_ID, values);
    }

    /** Executes a tuple from a source's stream; returns it, tracked as part of a tree. */
    public Tuple execute(String sourceComponent, String streamId, List<Object> values) {
        checkPrepared();
        Fields fields = sources.getOrDefault(sourceComponent, Map.of()).get(streamId);
        if (fields == null) {
            throw new IllegalArgumentException("no source stream '" + streamId + "' of '" + sourceComponent
                    + "' was declared; declared: " + sources);
        }
        if (values.size() != fields.size()) {
            throw new IllegalArgumentException("stream '" + streamId + "' of '" + sourceComponent + "' has fields "
                    + fields + ", but " + values.size() + " values were given: " + values);
        }
        int sourceTask = context.getComponentTasks(sourceComponent).get(0);
        TupleImpl t = new TupleImpl(context, new ArrayList<>(values), sourceTask, sourceComponent, streamId, fields,
                MessageId.makeRootId(random.nextLong() | 1, random.nextLong() | 1), context.getThisTaskId());
        bolt.execute(t);
        return t;
    }

    /** Executes a tick tuple, as the engine sends every topology.tick.tuple.freq.secs. */
    public Tuple tick() {
        checkPrepared();
        TupleImpl t = new TupleImpl(context, List.of(1), Constants.SYSTEM_TASK_ID, Constants.SYSTEM_COMPONENT_ID,
                Constants.SYSTEM_TICK_STREAM_ID, new Fields("rate_secs"), MessageId.makeUnanchored(),
                context.getThisTaskId());
        bolt.execute(t);
        return t;
    }

    /** Every emit so far, in order. */
    public List<EmittedTuple> emitted() {
        return Collections.unmodifiableList(emitted);
    }

    /** The values emitted on the default stream, in order. */
    public List<List<Object>> emittedValues() {
        return emittedValues(Utils.DEFAULT_STREAM_ID);
    }

    /** The values emitted on a stream, in order. */
    public List<List<Object>> emittedValues(String streamId) {
        List<List<Object>> out = new ArrayList<>();
        for (EmittedTuple e : emitted) {
            if (e.streamId().equals(streamId)) {
                out.add(e.values());
            }
        }
        return out;
    }

    public List<Tuple> acked() {
        return Collections.unmodifiableList(acked);
    }

    public List<Tuple> failed() {
        return Collections.unmodifiableList(failed);
    }

    /** Tuples whose timeout the bolt reset. */
    public List<Tuple> timeoutsReset() {
        return Collections.unmodifiableList(timeoutsReset);
    }

    /** Errors the bolt reported through its collector. */
    public List<Throwable> reportedErrors() {
        return Collections.unmodifiableList(errors);
    }

    /**
     * Forgets what was emitted, acked, failed and reported so far. A tuple acked or failed
     * before still cannot be acked or failed again.
     */
    public void clear() {
        emitted.clear();
        acked.clear();
        failed.clear();
        timeoutsReset.clear();
        errors.clear();
    }

    /** The bolt's context (task id, component id {@code bolt-under-test}, sources). */
    public TopologyContext context() {
        checkPrepared();
        return context;
    }

    /** Calls the bolt's cleanup. */
    @Override
    public void close() {
        if (prepared) {
            prepared = false;
            bolt.cleanup();
        }
    }

    private void checkPrepared() {
        if (!prepared) {
            throw new IllegalStateException("call prepare() first");
        }
    }

    /** Records what the bolt does through its collector, with the engine's checks. */
    private final class Recorder implements IOutputCollector {
        private String who() {
            return "bolt '" + BOLT_ID + "' (task " + context.getThisTaskId() + ")";
        }

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            EmitChecks.check(who(), declared, streamId, tuple, false);
            emitted.add(new EmittedTuple(streamId, Collections.unmodifiableList(new ArrayList<>(tuple)),
                    anchors == null ? List.of() : List.copyOf(anchors), null));
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            EmitChecks.check(who(), declared, streamId, tuple, true);
            emitted.add(new EmittedTuple(streamId, Collections.unmodifiableList(new ArrayList<>(tuple)),
                    anchors == null ? List.of() : List.copyOf(anchors), taskId));
        }

        @Override
        public void ack(Tuple input) {
            settle(input, true);
            acked.add(input);
        }

        @Override
        public void fail(Tuple input) {
            settle(input, false);
            failed.add(input);
        }

        /**
         * A tuple is acked at most once and failed at most once. A second ack or fail, or an ack
         * after a fail, is a bug in the bolt (in a topology it is ignored, and in Storm it
         * corrupts the tree's XOR checksum), so it throws here, out of {@link #execute}, rather
         * than being ignored. A fail after an ack is allowed: it fails the tree if it is open.
         */
        private void settle(Tuple input, boolean ack) {
            Boolean before = settled.putIfAbsent(input, ack);
            if (before != null && before && !ack) {
                settled.put(input, false);
                return;
            }
            if (before != null) {
                throw new IllegalStateException(who() + (ack ? " acked" : " failed") + " a tuple it had already "
                        + (before ? "acked" : "failed") + ": " + input);
            }
        }

        @Override
        public void resetTimeout(Tuple input) {
            timeoutsReset.add(input);
        }

        @Override
        public void reportError(Throwable error) {
            errors.add(error);
        }

        @Override
        public void flush() {
        }
    }
}
