package dev.gale.storm.internal;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.StormTopology;
import dev.gale.task.TopologyView;
import dev.gale.tuple.Fields;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * The {@link TopologyView} Gale's contexts answer from, backed by Storm's context of a running
 * task: names, task ids, streams and fields come from Storm (system components included), the
 * subscriptions with Gale's grouping objects from the {@link TopologyFacts}. Thread-safe.
 */
public final class StormTopologyView implements TopologyView {
    private final GeneralTopologyContext storm;
    private final TopologyFacts facts;
    private final int messageTimeoutSecs;
    /** Gale's Fields of each stream, by component and stream: every tuple view may ask for its own. */
    private final Map<String, Map<String, Fields>> fields = new ConcurrentHashMap<>();

    public StormTopologyView(GeneralTopologyContext storm, TopologyFacts facts, int messageTimeoutSecs) {
        this.storm = storm;
        this.facts = facts;
        this.messageTimeoutSecs = messageTimeoutSecs;
    }

    /** Storm's context behind this view. */
    public GeneralTopologyContext storm() {
        return storm;
    }

    /** Storm's topology id (name, counter and time), what Storm's {@code getStormId} says too. */
    @Override
    public String name() {
        return storm.getStormId();
    }

    @Override
    public StormTopology topology() {
        throw new UnsupportedOperationException("getRawTopology(): a task running on Storm has Storm's raw topology, not"
                + " Gale's; ask the context for components, streams, fields, sources and targets instead");
    }

    @Override
    public int messageTimeoutSecs() {
        return messageTimeoutSecs;
    }

    @Override
    public String componentOf(int taskId) {
        return storm.getComponentId(taskId);
    }

    @Override
    public List<Integer> tasksOf(String componentId) {
        return Collections.unmodifiableList(storm.getComponentTasks(componentId));
    }

    @Override
    public List<Integer> allTasks() {
        List<Integer> out = new ArrayList<>();
        for (Integer t : storm.getTaskToComponent().keySet()) {
            if (t >= 0) {
                out.add(t);
            }
        }
        Collections.sort(out);
        return Collections.unmodifiableList(out);
    }

    @Override
    public Map<Integer, String> taskToComponent() {
        return Collections.unmodifiableMap(storm.getTaskToComponent());
    }

    @Override
    public Set<String> componentIds() {
        return Collections.unmodifiableSet(storm.getComponentIds());
    }

    @Override
    public Set<String> streamsOf(String componentId) {
        return Collections.unmodifiableSet(storm.getComponentStreams(componentId));
    }

    @Override
    public Fields outputFields(String componentId, String streamId) {
        return fields.computeIfAbsent(componentId, c -> new ConcurrentHashMap<>()).computeIfAbsent(streamId, k -> {
            org.apache.storm.tuple.Fields f;
            try {
                f = storm.getComponentOutputFields(componentId, streamId);
            } catch (RuntimeException e) {
                f = null;
            }
            if (f == null) {
                throw new IllegalArgumentException("component '" + componentId + "' declares no stream '" + streamId + "'");
            }
            return new Fields(f.toList());
        });
    }

    @Override
    public Map<GlobalStreamId, Grouping> sourcesOf(String componentId) {
        return facts.sourcesOf(componentId);
    }

    @Override
    public Map<String, Map<String, Grouping>> targetsOf(String componentId) {
        return facts.targetsOf(componentId);
    }
}
