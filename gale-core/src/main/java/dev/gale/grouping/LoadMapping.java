package dev.gale.grouping;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The load of each task, as Storm hands it to load-aware groupings: loads of local tasks (set by
 * {@link #setLocal}) and of remote ones ({@link #setRemote}); a task with neither is reported as
 * not connected (load 1.0). Gale never calls {@code refreshLoad}, as it measures no load; this
 * class is for groupings and tests that build their own. Thread-safe.
 */
public class LoadMapping {
    private static final Load NOT_CONNECTED = new Load(false, 1.0, 1.0);

    private final AtomicReference<Map<Integer, Load>> local = new AtomicReference<>(Map.of());
    private final AtomicReference<Map<Integer, Load>> remote = new AtomicReference<>(Map.of());

    public void setLocal(Map<Integer, Double> local) {
        Map<Integer, Load> m = new HashMap<>();
        if (local != null) {
            local.forEach((task, load) -> m.put(task, new Load(true, load, 0.0)));
        }
        this.local.set(m);
    }

    public void setRemote(Map<Integer, Load> remote) {
        this.remote.set(remote == null ? Map.of() : new HashMap<>(remote));
    }

    public Load getLoad(int task) {
        Load l = local.get().get(task);
        if (l == null) {
            l = remote.get().get(task);
        }
        return l == null ? NOT_CONNECTED : l;
    }

    public double get(int task) {
        return getLoad(task).getLoad();
    }
}
