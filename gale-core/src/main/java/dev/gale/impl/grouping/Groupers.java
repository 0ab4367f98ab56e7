package dev.gale.impl.grouping;

import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.grouping.LoadAwareCustomStreamGrouping;
import dev.gale.grouping.LoadMapping;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.impl.topology.ComponentCopier;
import dev.gale.impl.topology.ComponentSettings;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.tuple.Fields;
import java.util.List;

/** Creates the {@link Grouper} for one subscription, as seen from one emitting task. Stateless. */
public final class Groupers {
    private Groupers() {
    }

    /**
     * @param emitterTasks every task of the emitting component
     * @param emitter the emitting component's settings (Storm's load-aware messaging among them)
     */
    public static Grouper create(Grouping grouping, GlobalStreamId stream, Fields streamFields, List<Integer> targetTasks,
                                 int emitterTask, List<Integer> emitterTasks, String subscriber,
                                 WorkerTopologyContext context, ComponentSettings emitter) {
        int[] tasks = targetTasks.stream().mapToInt(Integer::intValue).toArray();
        switch (grouping.type()) {
            case SHUFFLE:
            case NONE:
            case LOCAL_OR_SHUFFLE:
                return new ShuffleGrouper(tasks, emitterTask, emitterTasks.stream().mapToInt(Integer::intValue).toArray(),
                        emitter.loadAware(), emitter.loadAwareHigh(), emitter.loadAwareLow());
            case FIELDS: {
                List<String> names = grouping.fields();
                if (names.isEmpty()) {
                    // As in Storm, where globalGrouping is a fields grouping on no fields.
                    return new GlobalGrouper(tasks);
                }
                int[] idx = new int[names.size()];
                for (int i = 0; i < idx.length; i++) {
                    idx[i] = streamFields.fieldIndex(names.get(i));
                }
                return new FieldsGrouper(tasks, idx);
            }
            case ALL:
                return new AllGrouper(tasks);
            case GLOBAL:
                return new GlobalGrouper(tasks);
            case DIRECT:
                return new DirectGrouper();
            case PARTIAL_KEY:
                return custom(new PartialKeyGrouping(new Fields(grouping.fields())), stream, targetTasks, tasks,
                        emitterTask, subscriber, context);
            case CUSTOM: {
                CustomStreamGrouping copy = ComponentCopier.copy(subscriber, grouping.customGrouping());
                return custom(copy, stream, targetTasks, tasks, emitterTask, subscriber, context);
            }
            default:
                throw new IllegalArgumentException("unknown grouping " + grouping);
        }
    }

    private static String subscription(GlobalStreamId stream, String subscriber) {
        return "bolt '" + subscriber + "' subscribing to stream '" + stream.get_streamId() + "' of '"
                + stream.get_componentId() + "'";
    }

    private static Grouper custom(CustomStreamGrouping g, GlobalStreamId stream, List<Integer> targetTasks, int[] tasks,
                                  int emitterTask, String subscriber, WorkerTopologyContext context) {
        String subscription = subscription(stream, subscriber);
        try {
            g.prepare(context, stream, targetTasks);
        } catch (RuntimeException e) {
            throw new InvalidTopologyException(subscription + ": its grouping " + g.getClass().getName()
                    + " threw in prepare (for emitting task " + emitterTask + "): " + e
                    + "; fix the grouping's prepare", e);
        }
        if (g instanceof LoadAwareCustomStreamGrouping) {
            // Gale measures no load: one refresh reporting every task alike, so the grouping is never left unrefreshed.
            try {
                ((LoadAwareCustomStreamGrouping) g).refreshLoad(new LoadMapping());
            } catch (RuntimeException e) {
                throw new InvalidTopologyException(subscription + ": its grouping " + g.getClass().getName()
                        + " threw in refreshLoad: " + e, e);
            }
        }
        return new CustomGrouper(g, tasks, emitterTask, subscription);
    }
}
