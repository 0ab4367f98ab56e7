package dev.gale.topology;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.SharedMemory;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.hooks.IWorkerHook;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.DeclaredOutputs;
import dev.gale.impl.topology.Subscription;
import dev.gale.lambda.LambdaBiConsumerBolt;
import dev.gale.lambda.LambdaConsumerBolt;
import dev.gale.lambda.LambdaSpout;
import dev.gale.lambda.SerializableBiConsumer;
import dev.gale.lambda.SerializableConsumer;
import dev.gale.lambda.SerializableSupplier;
import dev.gale.spout.CheckpointChannel;
import dev.gale.spout.CheckpointLayout;
import dev.gale.spout.CheckpointSpout;
import dev.gale.spout.ICheckpointedSpout;
import dev.gale.state.State;
import dev.gale.stats.ComponentKind;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.utils.ConfigValues;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a topology: add spouts and bolts, subscribe bolts to streams with groupings, then
 * {@link #createTopology()}. Errors a builder can see at once (duplicate ids, parallelism below
 * one) throw here; errors that need the whole graph are reported at submit.
 *
 * <p>Not thread-safe.
 */
public class TopologyBuilder {
    private final Map<String, Declarer<?>> components = new LinkedHashMap<>();
    private final List<byte[]> workerHooks = new ArrayList<>();
    private final Map<String, SharedMemory> sharedMemory = new LinkedHashMap<>();
    private boolean hasStatefulBolt;

    public BoltDeclarer setBolt(String id, IRichBolt bolt) {
        return setBolt(id, bolt, null);
    }

    public BoltDeclarer setBolt(String id, IRichBolt bolt, Number parallelismHint) {
        return add(id, new BoltDecl(id, bolt, checkParallelism(id, parallelismHint)));
    }

    /** Adds a basic bolt: its emits are anchored to its input, which is acked when execute returns. */
    public BoltDeclarer setBolt(String id, IBasicBolt bolt) {
        return setBolt(id, bolt, null);
    }

    public BoltDeclarer setBolt(String id, IBasicBolt bolt, Number parallelismHint) {
        return add(id, new BoltDecl(id, bolt, checkParallelism(id, parallelismHint)));
    }

    /**
     * Adds a windowed bolt: it is run in a {@link WindowedBoltExecutor}, which keeps each task's
     * window and calls {@link IWindowedBolt#execute} with each evaluation of it.
     */
    public BoltDeclarer setBolt(String id, IWindowedBolt bolt) {
        return setBolt(id, bolt, null);
    }

    public BoltDeclarer setBolt(String id, IWindowedBolt bolt, Number parallelismHint) {
        if (bolt == null) {
            throw new IllegalArgumentException("component '" + id + "' is null");
        }
        return setBolt(id, new WindowedBoltExecutor(bolt), parallelismHint);
    }

    /**
     * Adds a stateful bolt: it is run in a {@link StatefulBoltExecutor}, which hands it its state
     * ({@code initState}, after prepare and before any tuple) and saves the state in each
     * checkpoint. The topology then gets a {@link CheckpointSpout} and every other bolt a
     * {@link CheckpointTupleForwarder}, so checkpoints flow through the whole graph; every bolt must
     * anchor what it emits. State updates are applied at least once (see docs/state.md).
     */
    public <T extends State> BoltDeclarer setBolt(String id, IStatefulBolt<T> bolt) {
        return setBolt(id, bolt, null);
    }

    public <T extends State> BoltDeclarer setBolt(String id, IStatefulBolt<T> bolt, Number parallelismHint) {
        if (bolt == null) {
            throw new IllegalArgumentException("component '" + id + "' is null");
        }
        BoltDeclarer d = setBolt(id, new StatefulBoltExecutor<>(bolt), parallelismHint);
        hasStatefulBolt = true;
        return d;
    }

    /**
     * Adds a stateful windowed bolt: its window is kept as for {@link #setBolt(String, IWindowedBolt)},
     * its state as for {@link #setBolt(String, IStatefulBolt)}; with persistence
     * ({@link IStatefulWindowedBolt#isPersistent()}) the window itself is saved in the state.
     */
    public <T extends State> BoltDeclarer setBolt(String id, IStatefulWindowedBolt<T> bolt) {
        return setBolt(id, bolt, null);
    }

    public <T extends State> BoltDeclarer setBolt(String id, IStatefulWindowedBolt<T> bolt, Number parallelismHint) {
        if (bolt == null) {
            throw new IllegalArgumentException("component '" + id + "' is null");
        }
        IStatefulBolt<T> executor = bolt.isPersistent() ? new PersistentWindowedBoltExecutor<>(bolt)
                : new StatefulWindowedBoltExecutor<>(bolt);
        return setBolt(id, executor, parallelismHint);
    }

    public SpoutDeclarer setSpout(String id, IRichSpout spout) {
        return setSpout(id, spout, null);
    }

    public SpoutDeclarer setSpout(String id, IRichSpout spout, Number parallelismHint) {
        return add(id, new SpoutDecl(id, spout, checkParallelism(id, parallelismHint)));
    }

    /**
     * Adds a lambda basic bolt: {@code biConsumer} processes each input and may emit on the
     * default stream, declared with {@code fields}; emits are anchored and inputs acked for you.
     */
    public BoltDeclarer setBolt(String id, SerializableBiConsumer<Tuple, BasicOutputCollector> biConsumer, String... fields) {
        return setBolt(id, biConsumer, null, fields);
    }

    public BoltDeclarer setBolt(String id, SerializableBiConsumer<Tuple, BasicOutputCollector> biConsumer,
                                Number parallelismHint, String... fields) {
        return setBolt(id, new LambdaBiConsumerBolt(biConsumer, fields), parallelismHint);
    }

    /** Adds a lambda basic bolt that consumes each input and emits nothing; inputs are acked for you. */
    public BoltDeclarer setBolt(String id, SerializableConsumer<Tuple> consumer) {
        return setBolt(id, consumer, null);
    }

    public BoltDeclarer setBolt(String id, SerializableConsumer<Tuple> consumer, Number parallelismHint) {
        return setBolt(id, new LambdaConsumerBolt(consumer), parallelismHint);
    }

    /**
     * Adds a lambda spout: each {@code nextTuple} emits the supplier's value (unless null),
     * unanchored, as the field {@code "lambda"} of the default stream.
     */
    public SpoutDeclarer setSpout(String id, SerializableSupplier<?> supplier) {
        return setSpout(id, supplier, null);
    }

    public SpoutDeclarer setSpout(String id, SerializableSupplier<?> supplier, Number parallelismHint) {
        return setSpout(id, new LambdaSpout(supplier), parallelismHint);
    }

    /**
     * Adds a hook the worker runs at start (before any task opens) and at shutdown (after every
     * task stopped). The hook is serialized now, as Storm stores it.
     *
     * @throws IllegalArgumentException if the hook is null
     */
    public void addWorkerHook(IWorkerHook workerHook) {
        if (workerHook == null) {
            throw new IllegalArgumentException("WorkerHook must not be null.");
        }
        workerHooks.add(Utils.javaSerialize(workerHook));
    }

    /**
     * Declares every component's outputs and freezes the graph. With stateful bolts, wires the
     * checkpoints as Storm does: adds the {@link CheckpointSpout}, wraps every other bolt in a
     * {@link CheckpointTupleForwarder}, and subscribes each bolt to the checkpoint stream of what
     * feeds it (a bolt fed by spouts: of the checkpoint spout, or of the spout itself if it is a
     * checkpointed {@link ICheckpointedSpout}).
     */
    public StormTopology createTopology() {
        Map<String, ComponentDef> defs = new LinkedHashMap<>();
        if (!hasStatefulBolt) {
            for (Declarer<?> d : components.values()) {
                defs.put(d.id, d.build(d.component, List.of()));
            }
            return new StormTopology(defs, workerHooks, sharedMemory, componentToSharedMemory());
        }
        List<String> relays = new ArrayList<>();
        for (Declarer<?> d : components.values()) {
            if (d instanceof SpoutDecl && d.component instanceof ICheckpointedSpout
                    && ((ICheckpointedSpout) d.component).isCheckpointed()) {
                relays.add(d.id);
            }
        }
        boolean aligned = !relays.isEmpty();
        List<String> statefulBolts = new ArrayList<>();
        for (Declarer<?> d : components.values()) {
            if (d.component instanceof StatefulBoltExecutor) {
                statefulBolts.add(d.id);
            }
        }
        SpoutDecl checkpointSpout = new SpoutDecl(CheckpointSpout.CHECKPOINT_COMPONENT_ID,
                new CheckpointSpout(relays, statefulBolts), 1);
        defs.put(checkpointSpout.id, checkpointSpout.build(checkpointSpout.component, List.of()));
        for (Declarer<?> d : components.values()) {
            if (d instanceof SpoutDecl) {
                defs.put(d.id, d.build(d.component, List.of()));
                continue;
            }
            IComponent bolt = d.component;
            if (!(bolt instanceof StatefulBoltExecutor)) {
                bolt = new CheckpointTupleForwarder(bolt instanceof IBasicBolt
                        ? new BasicBoltExecutor((IBasicBolt) bolt) : (IRichBolt) bolt);
            }
            ((BaseStatefulBoltExecutor) bolt).setAligned(aligned);
            Set<String> checkpointSources = new LinkedHashSet<>();
            for (Subscription in : d.inputs) {
                String source = in.source().get_componentId();
                Declarer<?> from = components.get(source);
                boolean fromSpout = from instanceof SpoutDecl;
                checkpointSources.add(fromSpout && !relays.contains(source) ? CheckpointSpout.CHECKPOINT_COMPONENT_ID : source);
            }
            List<Subscription> extra = new ArrayList<>();
            for (String source : checkpointSources) {
                extra.add(new Subscription(new GlobalStreamId(source, CheckpointSpout.CHECKPOINT_STREAM_ID),
                        Grouping.of(Grouping.Type.ALL)));
            }
            defs.put(d.id, d.build(bolt, extra));
        }
        List<byte[]> hooks = new ArrayList<>(workerHooks);
        hooks.add(Utils.javaSerialize(new CheckpointLayout.Hook(relays, statefulBolts)));
        if (aligned) {
            hooks.add(Utils.javaSerialize(new CheckpointChannel.Hook()));
        }
        return new StormTopology(defs, hooks, sharedMemory, componentToSharedMemory());
    }

    /** Each component's shared memory requests, by name. */
    private Map<String, Set<String>> componentToSharedMemory() {
        Map<String, Set<String>> componentToSharedMemory = new LinkedHashMap<>();
        for (Declarer<?> d : components.values()) {
            if (!d.sharedMemoryNames.isEmpty()) {
                componentToSharedMemory.put(d.id, new LinkedHashSet<>(d.sharedMemoryNames));
            }
        }
        return componentToSharedMemory;
    }

    private static int checkParallelism(String id, Number parallelismHint) {
        if (parallelismHint == null) {
            return 1;
        }
        if (parallelismHint.doubleValue() != parallelismHint.intValue() || parallelismHint.intValue() < 1) {
            throw new IllegalArgumentException("component '" + id + "': parallelism hint must be a whole number >= 1, got "
                    + parallelismHint);
        }
        return parallelismHint.intValue();
    }

    private <D extends Declarer<?>> D add(String id, D declarer) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("component id must not be null or empty");
        }
        if (id.startsWith("__")) {
            throw new IllegalArgumentException("component id '" + id + "' is invalid: ids starting with '__' are reserved");
        }
        if (declarer.component == null) {
            throw new IllegalArgumentException("component '" + id + "' is null");
        }
        if (components.containsKey(id)) {
            throw new IllegalArgumentException("Topology already contains a component with id '" + id
                    + "': component ids must be unique across spouts and bolts");
        }
        declarer.sharedMemory = sharedMemory;
        components.put(id, declarer);
        return declarer;
    }

    /** Settings common to spouts and bolts, and the step that freezes a component. */
    private abstract static class Declarer<T extends ComponentConfigurationDeclarer<T>>
            implements ComponentConfigurationDeclarer<T> {
        final String id;
        private final ComponentKind kind;
        final IComponent component;
        private final int parallelism;
        private final Map<String, Object> conf = new LinkedHashMap<>();
        final List<Subscription> inputs = new ArrayList<>();
        /** The builder's shared memory regions by name (one map for all its components), set when added. */
        Map<String, SharedMemory> sharedMemory;
        /** The names of the regions this component declared. */
        final Set<String> sharedMemoryNames = new LinkedHashSet<>();

        Declarer(String id, ComponentKind kind, IComponent component, int parallelism) {
            this.id = id;
            this.kind = kind;
            this.component = component;
            this.parallelism = parallelism;
        }

        /** "spout 'x'" or "bolt 'x'", for messages. */
        String describe() {
            return (kind == ComponentKind.SPOUT ? "spout '" : "bolt '") + id + "'";
        }

        @SuppressWarnings("unchecked")
        private T self() {
            return (T) this;
        }

        /** Freezes the component as {@code component} (it, or what wraps it), with {@code extraInputs} too. */
        ComponentDef build(IComponent component, List<Subscription> extraInputs) {
            DeclaredOutputs outputs = new DeclaredOutputs(id);
            try {
                component.declareOutputFields(outputs);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(describe() + ": declareOutputFields threw " + e
                        + "; fix that method of " + component.getClass().getName(), e);
            }
            Map<String, Object> merged = new LinkedHashMap<>();
            Map<String, Object> own;
            try {
                own = component.getComponentConfiguration();
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(describe() + ": getComponentConfiguration threw " + e
                        + "; fix that method of " + component.getClass().getName(), e);
            }
            if (own != null) {
                merged.putAll(own);
            }
            merged.putAll(conf);
            // topology.tasks from setNumTasks or the component's own configuration, as in Storm; the
            // topology-level one and topology.max.task.parallelism are applied at submit, by TopologyPlan.
            int tasks;
            try {
                tasks = merged.get(Config.TOPOLOGY_TASKS) == null ? parallelism
                        : ConfigValues.getPositiveInt(merged, Config.TOPOLOGY_TASKS, parallelism);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(describe() + ": " + e.getMessage(), e);
            }
            List<Subscription> allInputs = inputs;
            if (!extraInputs.isEmpty()) {
                allInputs = new ArrayList<>(inputs);
                allInputs.addAll(extraInputs);
            }
            return new ComponentDef(id, kind, component, Math.min(parallelism, tasks), tasks, merged,
                    outputs.streams(), allInputs);
        }

        @Override
        public T addConfigurations(Map<String, Object> conf) {
            if (conf != null) {
                this.conf.putAll(conf);
            }
            return self();
        }

        @Override
        public T addConfiguration(String config, Object value) {
            conf.put(config, value);
            return self();
        }

        @Override
        public T setDebug(boolean debug) {
            return addConfiguration(Config.TOPOLOGY_DEBUG, debug);
        }

        @Override
        public T setMaxTaskParallelism(Number val) {
            return addConfiguration(Config.TOPOLOGY_MAX_TASK_PARALLELISM, val);
        }

        @Override
        public T setMaxSpoutPending(Number val) {
            return addConfiguration(Config.TOPOLOGY_MAX_SPOUT_PENDING, val);
        }

        @Override
        public T setMemoryLoad(Number onHeap) {
            if (onHeap == null) {
                return self();
            }
            addResource(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, onHeap);
            return addConfiguration(Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, onHeap.doubleValue());
        }

        @Override
        public T setMemoryLoad(Number onHeap, Number offHeap) {
            setMemoryLoad(onHeap);
            if (offHeap == null) {
                return self();
            }
            addResource(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, offHeap);
            return addConfiguration(Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB, offHeap.doubleValue());
        }

        @Override
        public T setCPULoad(Number amount) {
            if (amount == null) {
                return self();
            }
            addResource(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, amount);
            return addConfiguration(Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, amount);
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return conf;
        }

        @Override
        public T addResource(String resourceName, Number resourceValue) {
            if (resourceName == null || resourceValue == null) {
                throw new IllegalArgumentException(describe() + ": addResource needs a resource name and an amount, got '"
                        + resourceName + "' = " + resourceValue);
            }
            resources().put(resourceName, resourceValue.doubleValue());
            return self();
        }

        @Override
        public T addResources(Map<String, Double> resources) {
            if (resources != null) {
                resources.forEach(this::addResource);
            }
            return self();
        }

        /** The generic resources this component asks for (Storm's {@code topology.component.resources.map}). */
        @SuppressWarnings("unchecked")
        private Map<String, Double> resources() {
            Object m = conf.get(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP);
            if (!(m instanceof Map)) {
                m = new LinkedHashMap<String, Double>();
                conf.put(Config.TOPOLOGY_COMPONENT_RESOURCES_MAP, m);
            }
            return (Map<String, Double>) m;
        }

        @Override
        public T addSharedMemory(SharedMemory request) {
            if (request == null || request.get_name() == null) {
                throw new IllegalArgumentException(describe() + ": addSharedMemory needs a SharedMemory with a name, got " + request);
            }
            String region = request.get_name();
            SharedMemory known = sharedMemory.putIfAbsent(region, request);
            if (known != null && !known.equals(request)) {
                throw new IllegalArgumentException(describe() + ": cannot have two different shared memory regions named '"
                        + region + "': " + known + " and " + request);
            }
            sharedMemoryNames.add(region);
            return self();
        }

        @Override
        public T setNumTasks(Number val) {
            if (val == null || val.doubleValue() != val.intValue() || val.intValue() < 1) {
                throw new IllegalArgumentException("component '" + id + "': number of tasks must be a whole number >= 1, got " + val);
            }
            return addConfiguration(Config.TOPOLOGY_TASKS, val.intValue());
        }
    }

    private static final class SpoutDecl extends Declarer<SpoutDeclarer> implements SpoutDeclarer {
        SpoutDecl(String id, IComponent component, int parallelism) {
            super(id, ComponentKind.SPOUT, component, parallelism);
        }
    }

    private static final class BoltDecl extends Declarer<BoltDeclarer> implements BoltDeclarer {
        BoltDecl(String id, IComponent component, int parallelism) {
            super(id, ComponentKind.BOLT, component, parallelism);
        }

        private BoltDecl subscribe(String componentId, String streamId, Grouping grouping) {
            if (componentId == null || streamId == null) {
                throw new IllegalArgumentException("bolt '" + id + "': subscription needs a component id and a stream id");
            }
            if (grouping == null) {
                throw new IllegalArgumentException("bolt '" + id + "' subscribes to stream '" + streamId + "' of '"
                        + componentId + "' with a null Grouping: pass one, e.g. Grouping.of(Grouping.Type.SHUFFLE)");
            }
            inputs.add(new Subscription(new GlobalStreamId(componentId, streamId), grouping));
            return this;
        }

        /** The field names of a fields-like grouping; null Fields would only surface later as an NPE. */
        private List<String> groupingFields(String method, String componentId, String streamId, Fields fields) {
            if (fields == null) {
                throw new IllegalArgumentException("bolt '" + id + "': " + method + " on stream '" + streamId + "' of '"
                        + componentId + "' was given null Fields: name the fields to group on, e.g. new Fields(\"word\")");
            }
            return fields.toList();
        }

        @Override
        public BoltDecl fieldsGrouping(String componentId, Fields fields) {
            return fieldsGrouping(componentId, Utils.DEFAULT_STREAM_ID, fields);
        }

        @Override
        public BoltDecl fieldsGrouping(String componentId, String streamId, Fields fields) {
            return subscribe(componentId, streamId, Grouping.fields(groupingFields("fieldsGrouping", componentId, streamId,
                    fields)));
        }

        @Override
        public BoltDecl globalGrouping(String componentId) {
            return globalGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl globalGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.GLOBAL));
        }

        @Override
        public BoltDecl shuffleGrouping(String componentId) {
            return shuffleGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl shuffleGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.SHUFFLE));
        }

        @Override
        public BoltDecl localOrShuffleGrouping(String componentId) {
            return localOrShuffleGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl localOrShuffleGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.LOCAL_OR_SHUFFLE));
        }

        @Override
        public BoltDecl noneGrouping(String componentId) {
            return noneGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl noneGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.NONE));
        }

        @Override
        public BoltDecl allGrouping(String componentId) {
            return allGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl allGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.ALL));
        }

        @Override
        public BoltDecl directGrouping(String componentId) {
            return directGrouping(componentId, Utils.DEFAULT_STREAM_ID);
        }

        @Override
        public BoltDecl directGrouping(String componentId, String streamId) {
            return subscribe(componentId, streamId, Grouping.of(Grouping.Type.DIRECT));
        }

        @Override
        public BoltDecl partialKeyGrouping(String componentId, Fields fields) {
            return partialKeyGrouping(componentId, Utils.DEFAULT_STREAM_ID, fields);
        }

        @Override
        public BoltDecl partialKeyGrouping(String componentId, String streamId, Fields fields) {
            return subscribe(componentId, streamId, Grouping.partialKey(groupingFields("partialKeyGrouping", componentId,
                    streamId, fields)));
        }

        @Override
        public BoltDecl customGrouping(String componentId, CustomStreamGrouping grouping) {
            return customGrouping(componentId, Utils.DEFAULT_STREAM_ID, grouping);
        }

        @Override
        public BoltDecl customGrouping(String componentId, String streamId, CustomStreamGrouping grouping) {
            if (grouping == null) {
                throw new IllegalArgumentException("bolt '" + id + "': customGrouping on stream '" + streamId + "' of '"
                        + componentId + "' was given a null CustomStreamGrouping: pass the grouping object");
            }
            return subscribe(componentId, streamId, Grouping.custom(grouping));
        }

        @Override
        public BoltDecl grouping(GlobalStreamId streamId, Grouping grouping) {
            if (streamId == null) {
                throw new IllegalArgumentException("bolt '" + id + "': grouping(...) was given a null GlobalStreamId:"
                        + " pass the component and stream to subscribe to");
            }
            return subscribe(streamId.get_componentId(), streamId.get_streamId(), grouping);
        }
    }
}
