package dev.gale.storm.internal;

import dev.gale.generated.GlobalStreamId;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.grouping.Load;
import dev.gale.grouping.LoadAwareCustomStreamGrouping;
import dev.gale.task.WorkerTopologyContext;
import java.util.List;
import java.util.Map;
import org.apache.storm.grouping.LoadMapping;

/**
 * A Gale custom grouping (partial-key groupings included: Gale's own
 * {@link dev.gale.grouping.PartialKeyGrouping}, so a key goes to the same two tasks as on Gale's
 * engine) running as a Storm custom grouping. A load-aware one gets Storm's measured loads each
 * time Storm refreshes them. Storm gives every emitting task its own copy, as Gale does.
 */
public class GaleGrouping implements org.apache.storm.grouping.CustomStreamGrouping {
    private static final long serialVersionUID = 1L;

    private final CustomStreamGrouping grouping;
    private final TopologyFacts facts;

    GaleGrouping(CustomStreamGrouping grouping, TopologyFacts facts) {
        this.grouping = grouping;
        this.facts = facts;
    }

    /** The right wrapper for a Gale grouping: load-aware if it is. */
    public static GaleGrouping of(CustomStreamGrouping grouping, TopologyFacts facts) {
        return grouping instanceof LoadAwareCustomStreamGrouping ? new LoadAware(grouping, facts) : new GaleGrouping(grouping, facts);
    }

    /** The wrapped Gale grouping (for tests). */
    public CustomStreamGrouping grouping() {
        return grouping;
    }

    @Override
    public void prepare(org.apache.storm.task.WorkerTopologyContext context, org.apache.storm.generated.GlobalStreamId stream,
                        List<Integer> targetTasks) {
        StormTopologyView view = new StormTopologyView(context, facts, 30);
        grouping.prepare(new WorkerTopologyContext(view, Map.of()),
                new GlobalStreamId(stream.get_componentId(), stream.get_streamId()), targetTasks);
    }

    @Override
    public List<Integer> chooseTasks(int taskId, List<Object> values) {
        return grouping.chooseTasks(taskId, values);
    }

    /** A load-aware Gale grouping, as a Storm load-aware grouping. */
    static final class LoadAware extends GaleGrouping implements org.apache.storm.grouping.LoadAwareCustomStreamGrouping {
        private static final long serialVersionUID = 1L;

        LoadAware(CustomStreamGrouping grouping, TopologyFacts facts) {
            super(grouping, facts);
        }

        @Override
        public void refreshLoad(LoadMapping loadMapping) {
            ((LoadAwareCustomStreamGrouping) grouping()).refreshLoad(new StormLoads(loadMapping));
        }
    }

    /** Storm's loads, read through Gale's {@link dev.gale.grouping.LoadMapping}. */
    static final class StormLoads extends dev.gale.grouping.LoadMapping {
        private final LoadMapping storm;

        StormLoads(LoadMapping storm) {
            this.storm = storm;
        }

        @Override
        public Load getLoad(int task) {
            org.apache.storm.grouping.Load l = storm.getLoad(task);
            return new Load(l.hasMetrics(), l.getBoltLoad(), l.getConnectionLoad());
        }

        @Override
        public double get(int task) {
            return storm.get(task);
        }
    }
}
