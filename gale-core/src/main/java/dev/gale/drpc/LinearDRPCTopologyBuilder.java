package dev.gale.drpc;

import dev.gale.Constants;
import dev.gale.ILocalDRPC;
import dev.gale.coordination.BatchBoltExecutor;
import dev.gale.coordination.CoordinatedBolt;
import dev.gale.coordination.CoordinatedBolt.FinishedCallback;
import dev.gale.coordination.CoordinatedBolt.IdStreamSpec;
import dev.gale.coordination.CoordinatedBolt.SourceArgs;
import dev.gale.coordination.IBatchBolt;
import dev.gale.generated.SharedMemory;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.topology.BaseConfigurationDeclarer;
import dev.gale.topology.BasicBoltExecutor;
import dev.gale.topology.BoltDeclarer;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.InputDeclarer;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a DRPC topology out of a pipeline of bolts for one function, as Storm's does: a
 * {@link DRPCSpout} for the function, {@link PrepareRequest}, the bolts in the order added (each
 * wrapped in a {@link CoordinatedBolt}, so a batch bolt learns when it has seen all of a
 * request's tuples), {@link JoinResult} and {@link ReturnResults}. The first field of every tuple
 * in the pipeline is the request id; the first bolt gets {@code (request, args)}, and the last
 * must declare exactly one stream of two fields, the request id and the result.
 *
 * <p>Not thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class LinearDRPCTopologyBuilder {
    private static final String SPOUT_ID = "spout";
    private static final String PREPARE_ID = "prepare-request";

    private final String function;
    private final List<Component> components = new ArrayList<>();

    public LinearDRPCTopologyBuilder(String function) {
        this.function = function;
    }

    private static String boltId(int index) {
        return "bolt" + index;
    }

    public LinearDRPCInputDeclarer addBolt(IBatchBolt<?> bolt, Number parallelism) {
        return addBolt(new BatchBoltExecutor(bolt), parallelism);
    }

    public LinearDRPCInputDeclarer addBolt(IBatchBolt<?> bolt) {
        return addBolt(bolt, 1);
    }

    @Deprecated
    public LinearDRPCInputDeclarer addBolt(IRichBolt bolt, Number parallelism) {
        Component component = new Component(bolt, parallelism == null ? 1 : parallelism.intValue());
        components.add(component);
        return new InputDeclarerImpl(component);
    }

    @Deprecated
    public LinearDRPCInputDeclarer addBolt(IRichBolt bolt) {
        return addBolt(bolt, null);
    }

    public LinearDRPCInputDeclarer addBolt(IBasicBolt bolt, Number parallelism) {
        return addBolt(new BasicBoltExecutor(bolt), parallelism);
    }

    public LinearDRPCInputDeclarer addBolt(IBasicBolt bolt) {
        return addBolt(bolt, null);
    }

    /** The topology, its spout serving the function on {@code drpc}. */
    public StormTopology createLocalTopology(ILocalDRPC drpc) {
        return createTopology(new DRPCSpout(function, drpc));
    }

    /**
     * The topology, its spout serving the function on this JVM's DRPC server
     * ({@code DRPCClient.localServer()}): in Gale, where a Storm main's "remote" topology runs.
     */
    public StormTopology createRemoteTopology() {
        return createTopology(new DRPCSpout(function));
    }

    private StormTopology createTopology(DRPCSpout spout) {
        if (components.isEmpty()) {
            throw new IllegalArgumentException("DRPC function '" + function + "': add at least one bolt before creating the topology");
        }
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SPOUT_ID, spout);
        builder.setBolt(PREPARE_ID, new PrepareRequest()).noneGrouping(SPOUT_ID);
        int i = 0;
        for (; i < components.size(); i++) {
            Component component = components.get(i);
            Map<String, SourceArgs> source = new HashMap<>();
            if (i == 1) {
                source.put(boltId(i - 1), SourceArgs.single());
            } else if (i >= 2) {
                source.put(boltId(i - 1), SourceArgs.all());
            }
            IdStreamSpec idSpec = null;
            if (i == components.size() - 1 && component.bolt instanceof FinishedCallback) {
                idSpec = IdStreamSpec.makeDetectSpec(PREPARE_ID, PrepareRequest.ID_STREAM);
            }
            BoltDeclarer declarer = builder.setBolt(boltId(i), new CoordinatedBolt(component.bolt, source, idSpec),
                    component.parallelism);
            for (SharedMemory request : component.sharedMemory) {
                declarer.addSharedMemory(request);
            }
            if (!component.componentConf.isEmpty()) {
                declarer.addConfigurations(component.componentConf);
            }
            if (idSpec != null) {
                declarer.fieldsGrouping(idSpec.getGlobalStreamId().get_componentId(), PrepareRequest.ID_STREAM,
                        new Fields("request"));
            }
            if (i == 0 && component.declarations.isEmpty()) {
                declarer.noneGrouping(PREPARE_ID, PrepareRequest.ARGS_STREAM);
            } else {
                String prevId = i == 0 ? PREPARE_ID : boltId(i - 1);
                for (InputDeclaration declaration : component.declarations) {
                    declaration.declare(prevId, declarer);
                }
            }
            if (i > 0) {
                declarer.directGrouping(boltId(i - 1), Constants.COORDINATED_STREAM_ID);
            }
        }
        IRichBolt lastBolt = components.get(components.size() - 1).bolt;
        StreamCollector streams = new StreamCollector();
        lastBolt.declareOutputFields(streams);
        if (streams.fields.size() != 1) {
            throw new IllegalArgumentException("DRPC function '" + function + "': the last bolt must declare exactly one"
                    + " stream, and declares " + streams.fields.keySet());
        }
        String outputStream = streams.fields.keySet().iterator().next();
        List<String> fields = streams.fields.get(outputStream);
        if (fields.size() != 2) {
            throw new IllegalArgumentException("DRPC function '" + function + "': the output stream '" + outputStream
                    + "' of the last bolt must have exactly two fields, the request id and the result; it has " + fields);
        }
        builder.setBolt(boltId(i), new JoinResult(PREPARE_ID))
                .fieldsGrouping(boltId(i - 1), outputStream, new Fields(fields.get(0)))
                .fieldsGrouping(PREPARE_ID, PrepareRequest.RETURN_STREAM, new Fields("request"));
        i++;
        builder.setBolt(boltId(i), new ReturnResults()).noneGrouping(boltId(i - 1));
        return builder.createTopology();
    }

    /** Collects the streams a bolt declares, with their fields. */
    private static final class StreamCollector implements OutputFieldsDeclarer {
        final Map<String, List<String>> fields = new LinkedHashMap<>();

        @Override
        public void declare(Fields f) {
            declareStream(Utils.DEFAULT_STREAM_ID, f);
        }

        @Override
        public void declare(boolean direct, Fields f) {
            declare(f);
        }

        @Override
        public void declareStream(String streamId, Fields f) {
            fields.put(streamId, f.toList());
        }

        @Override
        public void declareStream(String streamId, boolean direct, Fields f) {
            declareStream(streamId, f);
        }
    }

    private interface InputDeclaration {
        void declare(String prevComponent, InputDeclarer<?> declarer);
    }

    private static final class Component {
        final IRichBolt bolt;
        final int parallelism;
        final Map<String, Object> componentConf = new LinkedHashMap<>();
        final List<InputDeclaration> declarations = new ArrayList<>();
        final Set<SharedMemory> sharedMemory = new LinkedHashSet<>();

        Component(IRichBolt bolt, int parallelism) {
            this.bolt = bolt;
            this.parallelism = parallelism;
        }
    }

    private static final class InputDeclarerImpl extends BaseConfigurationDeclarer<LinearDRPCInputDeclarer>
            implements LinearDRPCInputDeclarer {
        private final Component component;

        InputDeclarerImpl(Component component) {
            this.component = component;
        }

        private LinearDRPCInputDeclarer add(InputDeclaration declaration) {
            component.declarations.add(declaration);
            return this;
        }

        @Override
        public LinearDRPCInputDeclarer fieldsGrouping(Fields fields) {
            return add((prev, d) -> d.fieldsGrouping(prev, fields));
        }

        @Override
        public LinearDRPCInputDeclarer fieldsGrouping(String streamId, Fields fields) {
            return add((prev, d) -> d.fieldsGrouping(prev, streamId, fields));
        }

        @Override
        public LinearDRPCInputDeclarer globalGrouping() {
            return add((prev, d) -> d.globalGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer globalGrouping(String streamId) {
            return add((prev, d) -> d.globalGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer shuffleGrouping() {
            return add((prev, d) -> d.shuffleGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer shuffleGrouping(String streamId) {
            return add((prev, d) -> d.shuffleGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer localOrShuffleGrouping() {
            return add((prev, d) -> d.localOrShuffleGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer localOrShuffleGrouping(String streamId) {
            return add((prev, d) -> d.localOrShuffleGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer noneGrouping() {
            return add((prev, d) -> d.noneGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer noneGrouping(String streamId) {
            return add((prev, d) -> d.noneGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer allGrouping() {
            return add((prev, d) -> d.allGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer allGrouping(String streamId) {
            return add((prev, d) -> d.allGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer directGrouping() {
            return add((prev, d) -> d.directGrouping(prev));
        }

        @Override
        public LinearDRPCInputDeclarer directGrouping(String streamId) {
            return add((prev, d) -> d.directGrouping(prev, streamId));
        }

        @Override
        public LinearDRPCInputDeclarer partialKeyGrouping(Fields fields) {
            return customGrouping(new PartialKeyGrouping(fields));
        }

        @Override
        public LinearDRPCInputDeclarer partialKeyGrouping(String streamId, Fields fields) {
            return customGrouping(streamId, new PartialKeyGrouping(fields));
        }

        @Override
        public LinearDRPCInputDeclarer customGrouping(CustomStreamGrouping grouping) {
            return add((prev, d) -> d.customGrouping(prev, grouping));
        }

        @Override
        public LinearDRPCInputDeclarer customGrouping(String streamId, CustomStreamGrouping grouping) {
            return add((prev, d) -> d.customGrouping(prev, streamId, grouping));
        }

        @Override
        public LinearDRPCInputDeclarer addConfigurations(Map<String, Object> conf) {
            if (conf != null) {
                component.componentConf.putAll(conf);
            }
            return this;
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return component.componentConf;
        }

        @Override
        public LinearDRPCInputDeclarer addSharedMemory(SharedMemory request) {
            component.sharedMemory.add(request);
            return this;
        }
    }
}
