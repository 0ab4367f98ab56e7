package dev.gale.drpc;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.SharedMemory;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.topology.BaseConfigurationDeclarer;
import dev.gale.topology.BoltDeclarer;
import dev.gale.topology.IRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.utils.Utils;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One bolt of a linear DRPC pipeline as the user declared it: the bolt, its parallelism and
 * configuration, and how it subscribes to the streams of whatever comes before it, which is only
 * known once the pipeline is assembled. Not thread-safe: used while the topology is being built.
 */
final class DrpcStage extends BaseConfigurationDeclarer<LinearDRPCInputDeclarer> implements LinearDRPCInputDeclarer {
    private final String name;
    private final IRichBolt bolt;
    private final int parallelism;
    private final Map<String, Object> conf = new LinkedHashMap<>();
    private final Set<SharedMemory> sharedMemory = new LinkedHashSet<>();
    /** Stream of the previous stage, and how it is grouped; the component is filled in on assembly. */
    private final List<Map.Entry<String, Grouping>> upstream = new ArrayList<>();

    DrpcStage(String name, IRichBolt bolt, int parallelism) {
        this.name = name;
        this.bolt = bolt;
        this.parallelism = parallelism;
    }

    IRichBolt bolt() {
        return bolt;
    }

    int parallelism() {
        return parallelism;
    }

    /** Whether the user said how this stage reads its predecessor. */
    boolean hasUpstreamGroupings() {
        return !upstream.isEmpty();
    }

    /** Gives the bolt's declarer this stage's configuration and shared memory. */
    void configure(BoltDeclarer declarer) {
        sharedMemory.forEach(declarer::addSharedMemory);
        if (!conf.isEmpty()) {
            declarer.addConfigurations(conf);
        }
    }

    /** Subscribes the bolt's declarer to the streams of {@code previous} the user named. */
    void subscribeTo(BoltDeclarer declarer, String previous) {
        for (Map.Entry<String, Grouping> subscription : upstream) {
            declarer.grouping(new GlobalStreamId(previous, subscription.getKey()), subscription.getValue());
        }
    }

    private DrpcStage subscribe(String streamId, Grouping grouping) {
        if (streamId == null) {
            throw new IllegalArgumentException("DRPC " + name + ": a grouping was given a null stream id");
        }
        upstream.add(Map.entry(streamId, grouping));
        return this;
    }

    private List<String> names(String method, Fields fields) {
        if (fields == null) {
            throw new IllegalArgumentException("DRPC " + name + ": " + method + " was given null Fields");
        }
        return fields.toList();
    }

    @Override
    public LinearDRPCInputDeclarer fieldsGrouping(Fields fields) {
        return fieldsGrouping(Utils.DEFAULT_STREAM_ID, fields);
    }

    @Override
    public LinearDRPCInputDeclarer fieldsGrouping(String streamId, Fields fields) {
        return subscribe(streamId, Grouping.fields(names("fieldsGrouping", fields)));
    }

    @Override
    public LinearDRPCInputDeclarer globalGrouping() {
        return globalGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer globalGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.GLOBAL));
    }

    @Override
    public LinearDRPCInputDeclarer shuffleGrouping() {
        return shuffleGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer shuffleGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.SHUFFLE));
    }

    @Override
    public LinearDRPCInputDeclarer localOrShuffleGrouping() {
        return localOrShuffleGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer localOrShuffleGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.LOCAL_OR_SHUFFLE));
    }

    @Override
    public LinearDRPCInputDeclarer noneGrouping() {
        return noneGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer noneGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.NONE));
    }

    @Override
    public LinearDRPCInputDeclarer allGrouping() {
        return allGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer allGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.ALL));
    }

    @Override
    public LinearDRPCInputDeclarer directGrouping() {
        return directGrouping(Utils.DEFAULT_STREAM_ID);
    }

    @Override
    public LinearDRPCInputDeclarer directGrouping(String streamId) {
        return subscribe(streamId, Grouping.of(Grouping.Type.DIRECT));
    }

    // Storm's linear DRPC builder, unlike its TopologyBuilder, spells partial-key grouping as a custom
    // grouping; the topology a user inspects shows it that way.
    @Override
    public LinearDRPCInputDeclarer partialKeyGrouping(Fields fields) {
        return partialKeyGrouping(Utils.DEFAULT_STREAM_ID, fields);
    }

    @Override
    public LinearDRPCInputDeclarer partialKeyGrouping(String streamId, Fields fields) {
        names("partialKeyGrouping", fields);
        return customGrouping(streamId, new PartialKeyGrouping(fields));
    }

    @Override
    public LinearDRPCInputDeclarer customGrouping(CustomStreamGrouping grouping) {
        return customGrouping(Utils.DEFAULT_STREAM_ID, grouping);
    }

    @Override
    public LinearDRPCInputDeclarer customGrouping(String streamId, CustomStreamGrouping grouping) {
        if (grouping == null) {
            throw new IllegalArgumentException("DRPC " + name + ": customGrouping was given a null CustomStreamGrouping");
        }
        return subscribe(streamId, Grouping.custom(grouping));
    }

    @Override
    public LinearDRPCInputDeclarer addConfigurations(Map<String, Object> conf) {
        if (conf != null) {
            this.conf.putAll(conf);
        }
        return this;
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return conf;
    }

    @Override
    public LinearDRPCInputDeclarer addSharedMemory(SharedMemory request) {
        sharedMemory.add(request);
        return this;
    }
}
