package dev.gale.impl.runtime;

import dev.gale.generated.StormTopology;
import dev.gale.impl.env.TupleObserver;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Observers attached to a {@link StormTopology} instance before it is submitted (a tracked
 * topology counts its spouts' emits this way, whatever cluster it is submitted to), and the
 * combination of several observers into one. Weak: a topology nobody refers to any more takes
 * its observer with it. Thread-safe.
 */
public final class TopologyObservers {
    private static final Map<StormTopology, TupleObserver> ATTACHED = Collections.synchronizedMap(new WeakHashMap<>());

    private TopologyObservers() {
    }

    /** Tells {@code observer} of every run of this very topology instance. */
    public static void attach(StormTopology topology, TupleObserver observer) {
        ATTACHED.put(topology, observer);
    }

    /** The observer attached to this instance, or null. */
    public static TupleObserver attached(StormTopology topology) {
        return ATTACHED.get(topology);
    }

    /** One observer telling each non-null one in turn; null if there is none. */
    public static TupleObserver both(TupleObserver a, TupleObserver b) {
        List<TupleObserver> all = new ArrayList<>();
        if (a != null) {
            all.add(a);
        }
        if (b != null) {
            all.add(b);
        }
        if (all.size() < 2) {
            return all.isEmpty() ? null : all.get(0);
        }
        return new TupleObserver() {
            @Override
            public void emitted(String componentId, int taskId, String streamId, List<Object> values) {
                all.forEach(o -> o.emitted(componentId, taskId, streamId, values));
            }

            @Override
            public void acked(String spoutId, int taskId, Object messageId) {
                all.forEach(o -> o.acked(spoutId, taskId, messageId));
            }

            @Override
            public void failed(String spoutId, int taskId, Object messageId) {
                all.forEach(o -> o.failed(spoutId, taskId, messageId));
            }
        };
    }
}
