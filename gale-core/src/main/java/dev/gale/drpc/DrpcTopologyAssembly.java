package dev.gale.drpc;

import dev.gale.Constants;
import dev.gale.coordination.CoordinatedBolt;
import dev.gale.coordination.CoordinatedBolt.FinishedCallback;
import dev.gale.coordination.CoordinatedBolt.IdStreamSpec;
import dev.gale.coordination.CoordinatedBolt.SourceArgs;
import dev.gale.generated.StormTopology;
import dev.gale.topology.BoltDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.List;
import java.util.Map;

/**
 * Lays out the topology of a linear DRPC function, with the component ids Storm gives it:
 * {@code spout} and {@code prepare-request} in front, the user's stages as {@code bolt0..boltN-1},
 * then the join with the caller's return-info and the bolt that answers. Each stage is wrapped in a
 * {@link CoordinatedBolt}, and from the second on it also reads its predecessor's counts, which tell
 * it when it has every tuple of a request. Single use, not thread-safe.
 */
final class DrpcTopologyAssembly {
    private static final String SPOUT_ID = "spout";
    private static final String PREPARE_ID = "prepare-request";
    private static final Fields BY_REQUEST = new Fields("request");

    private final String function;
    private final List<DrpcStage> stages;
    private final TopologyBuilder builder = new TopologyBuilder();

    DrpcTopologyAssembly(String function, List<DrpcStage> stages) {
        this.function = function;
        this.stages = stages;
    }

    /** The component id of the stage at {@code index}; the two closing bolts continue the numbering. */
    static String stageId(int index) {
        return "bolt" + index;
    }

    StormTopology assemble(DRPCSpout spout) {
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("DRPC function '" + function + "': add at least one bolt before creating the topology");
        }
        DrpcResultStream answers = DrpcResultStream.declaredBy(stages.get(stages.size() - 1).bolt(), function);
        builder.setSpout(SPOUT_ID, spout);
        builder.setBolt(PREPARE_ID, new PrepareRequest()).noneGrouping(SPOUT_ID);
        String previous = PREPARE_ID;
        for (int index = 0; index < stages.size(); index++) {
            previous = addStage(index, previous);
        }
        String join = stageId(stages.size());
        builder.setBolt(join, new JoinResult(PREPARE_ID))
                .fieldsGrouping(previous, answers.streamId(), answers.requestField())
                .fieldsGrouping(PREPARE_ID, PrepareRequest.RETURN_STREAM, BY_REQUEST);
        builder.setBolt(stageId(stages.size() + 1), new ReturnResults()).noneGrouping(join);
        return builder.createTopology();
    }

    private String addStage(int index, String previous) {
        DrpcStage stage = stages.get(index);
        String id = stageId(index);
        IdStreamSpec requestIds = needsRequestIds(index, stage) ? IdStreamSpec.makeDetectSpec(PREPARE_ID, PrepareRequest.ID_STREAM) : null;
        BoltDeclarer declarer = builder.setBolt(id, new CoordinatedBolt(stage.bolt(), countsAwaited(index), requestIds),
                stage.parallelism());
        stage.configure(declarer);
        if (requestIds != null) {
            declarer.fieldsGrouping(PREPARE_ID, PrepareRequest.ID_STREAM, BY_REQUEST);
        }
        if (index == 0 && !stage.hasUpstreamGroupings()) {
            // The request's one args tuple goes to one task of the first stage.
            declarer.noneGrouping(PREPARE_ID, PrepareRequest.ARGS_STREAM);
        } else {
            stage.subscribeTo(declarer, previous);
        }
        if (index > 0) {
            declarer.directGrouping(previous, Constants.COORDINATED_STREAM_ID);
        }
        return id;
    }

    /**
     * Only the last stage, and only a bolt that can be told a request finished, waits for the
     * request's id as well: a request none of whose tuples reach that stage still finishes there.
     */
    private boolean needsRequestIds(int index, DrpcStage stage) {
        return index == stages.size() - 1 && stage.bolt() instanceof FinishedCallback;
    }

    /**
     * Whose counts a stage waits for. The first reads the args tuple itself, so it needs none; the
     * second waits for one report, from the single first-stage task that got the request; later
     * stages wait for a report from every task of their predecessor, since each of them finishes
     * the request and reports.
     */
    private static Map<String, SourceArgs> countsAwaited(int index) {
        if (index == 0) {
            return Map.of();
        }
        return Map.of(stageId(index - 1), index == 1 ? SourceArgs.single() : SourceArgs.all());
    }
}
