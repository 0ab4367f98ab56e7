package dev.gale.impl.grouping;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.Grouping;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.grouping.LoadAwareCustomStreamGrouping;
import dev.gale.grouping.LoadMapping;
import dev.gale.grouping.PartialKeyGrouping;
import dev.gale.impl.topology.ComponentCopier;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.tuple.Fields;
import dev.gale.utils.ConfigValues;
import java.util.List;
import java.util.Map;

/** Creates the {@link Grouper} for one subscription, as seen from one emitting task. Stateless. */
public final class Groupers {
    private Groupers() {
    }

    /**
     * @param emitterTasks every task of the emitting component
     * @param conf the emitting task's configuration (Storm's load-aware messaging settings)
     */
    public static Grouper create(Grouping grouping, GlobalStreamId stream, Fields streamFields, List<Integer> targetTasks,
                                 int emitterTask, List<Integer> emitterTasks, String subscriber,
                                 WorkerTopologyContext context, Map<String, Object> conf) {
        int[] tasks = targetTasks.stream().mapToInt(Integer::intValue).toArray();
        switch (grouping.type()) {
            case SHUFFLE:
            case NONE:
            case LOCAL_OR_SHUFFLE:
                return new ShuffleGrouper(tasks, emitterTask, emitterTasks.stream().mapToInt(Integer::intValue).toArray(),
                        !ConfigValues.getBoolean(conf, Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, false),
                        bound(conf, Config.TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND, 0.8, stream, subscriber),
                        bound(conf, Config.TOPOLOGY_LOCALITYAWARE_LOWER_BOUND, 0.2, stream, subscriber));
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

    private static double bound(Map<String, Object> conf, String key, double dflt, GlobalStreamId stream,
                                String subscriber) {
        Object v = conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (!(v instanceof Number) || ((Number) v).doubleValue() < 0 || ((Number) v).doubleValue() > 1) {
            throw new InvalidTopologyException(subscription(stream, subscriber) + ": configuration '" + key
                    + "' must be a number from 0 to 1 (a share of"
                    + " a queue's capacity; the default is " + dflt + "), got " + v);
        }
        return ((Number) v).doubleValue();
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
