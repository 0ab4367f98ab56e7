package dev.gale.drpc;

import dev.gale.ILocalDRPC;
import dev.gale.coordination.BatchBoltExecutor;
import dev.gale.coordination.IBatchBolt;
import dev.gale.generated.StormTopology;
import dev.gale.topology.BasicBoltExecutor;
import dev.gale.topology.IBasicBolt;
import dev.gale.topology.IRichBolt;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a DRPC topology out of a pipeline of bolts for one function, as Storm's does: a
 * {@link DRPCSpout} for the function, {@link PrepareRequest}, the bolts in the order added (each
 * wrapped in a {@link dev.gale.coordination.CoordinatedBolt}, so a batch bolt learns when it has seen all of a
 * request's tuples), {@link JoinResult} and {@link ReturnResults}. The first field of every tuple
 * in the pipeline is the request id; the first bolt gets {@code (request, args)}, and the last
 * must declare exactly one stream of two fields, the request id and the result.
 *
 * <p>Not thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class LinearDRPCTopologyBuilder {
    private final String function;
    private final List<DrpcStage> stages = new ArrayList<>();

    public LinearDRPCTopologyBuilder(String function) {
        this.function = function;
    }

    public LinearDRPCInputDeclarer addBolt(IBatchBolt<?> bolt, Number parallelism) {
        return addBolt(new BatchBoltExecutor(bolt), parallelism);
    }

    public LinearDRPCInputDeclarer addBolt(IBatchBolt<?> bolt) {
        return addBolt(bolt, 1);
    }

    @Deprecated
    public LinearDRPCInputDeclarer addBolt(IRichBolt bolt, Number parallelism) {
        int tasks = parallelism == null ? 1 : parallelism.intValue();
        DrpcStage stage = new DrpcStage(DrpcTopologyAssembly.stageId(stages.size()), bolt, tasks);
        stages.add(stage);
        return stage;
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
        return new DrpcTopologyAssembly(function, stages).assemble(new DRPCSpout(function, drpc));
    }

    /**
     * The topology, its spout serving the function on this JVM's DRPC server
     * ({@code DRPCClient.localServer()}): in Gale, where a Storm main's "remote" topology runs.
     */
    public StormTopology createRemoteTopology() {
        return new DrpcTopologyAssembly(function, stages).assemble(new DRPCSpout(function));
    }
}
