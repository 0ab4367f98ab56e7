package dev.gale.spout;

import dev.gale.generated.InvalidTopologyException;
import dev.gale.hooks.IWorkerHook;
import dev.gale.state.BinaryKeyValueState;
import dev.gale.state.KeyValueState;
import dev.gale.state.State;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.task.WorkerUserContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gale addition: which components take part in a topology's checkpoints (its stateful bolts and
 * checkpointed spouts) and with how many tasks each. The {@link CheckpointSpout} saves it beside its
 * own progress; at the next submit on the same store, {@link Hook} compares it with the topology
 * submitted and refuses a restart that would silently read state it cannot map: a participant
 * whose parallelism changed (a task's state is neither split nor merged), one that is gone, or one
 * whose committed state or saved position the store no longer has. Stateless; thread-safe.
 */
public final class CheckpointLayout {
    /** The key of the layout in the checkpoint spout's state. */
    static final String KEY = "__layout";
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointLayout.class);

    private CheckpointLayout() {
    }

    /** The layout of the running topology: each participant's task count, by component. */
    static TreeMap<String, Integer> of(List<String> participants, GeneralTopologyContext context) {
        TreeMap<String, Integer> layout = new TreeMap<>();
        for (String c : participants) {
            layout.put(c, context.getComponentTasks(c).size());
        }
        return layout;
    }

    /** The txid every participant has surely committed, given the checkpoint spout's progress, or -1. */
    static long surelyCommitted(CheckPointState tx) {
        return tx.getState() == CheckPointState.State.COMMITTED ? tx.getTxid() : tx.getTxid() - 1;
    }

    /** True if some participant may have committed something. */
    static boolean anythingCommitted(CheckPointState tx) {
        return tx.getState() == CheckPointState.State.COMMITTING || surelyCommitted(tx) >= 0;
    }

    /**
     * Compares the layout saved in the store with this topology's: throws naming what cannot be
     * restored and what to do, or returns (nothing committed yet, or every participant restorable).
     */
    @SuppressWarnings("unchecked")
    static void check(Map<String, Object> conf, WorkerUserContext context, List<String> relays, List<String> bolts) {
        String topology = StateNamespaces.topologyName(conf, context);
        String spoutNs = StateNamespaces.of(topology, CheckpointSpout.CHECKPOINT_COMPONENT_ID, 0);
        int spoutTask = context.getComponentTasks(CheckpointSpout.CHECKPOINT_COMPONENT_ID).get(0);
        KeyValueState<String, Object> spoutState;
        try {
            spoutState = (KeyValueState<String, Object>) StateFactory.getState(spoutNs, conf, context.taskContext(spoutTask));
        } catch (IllegalArgumentException e) {
            throw new InvalidTopologyException("topology '" + topology + "': its state cannot be opened: " + e.getMessage(), e);
        }
        Object tx = spoutState.get(CheckpointSpout.TX_STATE_KEY);
        if (!(tx instanceof CheckPointState) || !anythingCommitted((CheckPointState) tx)) {
            return;
        }
        Object saved = spoutState.get(KEY);
        if (!(saved instanceof Map)) {
            LOG.warn("topology '{}': its checkpoints ({}) have no saved layout; the parallelism of its stateful"
                    + " components cannot be checked against them", topology, tx);
            return;
        }
        Map<String, Integer> before = (Map<String, Integer>) saved;
        List<String> participants = new ArrayList<>(relays);
        participants.addAll(bolts);
        Map<String, Integer> now = of(participants, context);
        String where = "its state (" + StateFactory.providerName(conf) + ", checkpoint " + tx + ")";
        List<String> problems = new ArrayList<>();
        for (String c : new TreeSet<>(before.keySet())) {
            Integer was = before.get(c);
            Integer is = now.get(c);
            if (is == null) {
                problems.add("component '" + c + "' took part in the checkpoints with " + was + " tasks and is not in"
                        + " this topology (or is no longer stateful): add it back, or start over (below)");
            } else if (!is.equals(was)) {
                problems.add("component '" + c + "' has parallelism " + is + " and its state was committed with " + was
                        + ": a task's state is neither split nor merged, so set its parallelism back to " + was
                        + " to resume, or start over (below)");
            }
        }
        long committed = surelyCommitted((CheckPointState) tx);
        if (problems.isEmpty() && committed >= 0) {
            for (String c : participants) {
                if (!before.containsKey(c)) {
                    LOG.info("topology '{}': component '{}' is new to its checkpoints and starts with empty state",
                            topology, c);
                    continue;
                }
                boolean relay = relays.contains(c);
                List<Integer> tasks = context.getComponentTasks(c);
                for (int i = 0; i < tasks.size(); i++) {
                    String ns = StateNamespaces.of(topology, c, i) + (relay ? "/" + CheckpointRelay.POSITION : "");
                    State s = StateFactory.getState(ns, conf, context.taskContext(tasks.get(i)));
                    if (s instanceof BinaryKeyValueState && ((BinaryKeyValueState<?, ?>) s).getCommittedTxid() == null) {
                        problems.add("component '" + c + "' task index " + i + " has no committed "
                                + (relay ? "position" : "state") + " (namespace '" + ns + "'), though txid " + committed
                                + " was committed by every task: the store lost it, or this is another store (a"
                                + " different path or database?); point the topology at the store it ran on, or"
                                + " start over (below)");
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidTopologyException("topology '" + topology + "' cannot resume from " + where + ": "
                    + String.join("; ", problems) + ". To start over with empty state, submit it under another"
                    + " topology name or delete its state from the store");
        }
    }

    /**
     * Runs {@link #check} when the topology starts, before any task opens, so that a submit that
     * could not restore its state fails (with the reason) instead of running on empty state.
     * {@code TopologyBuilder} adds it to every topology with stateful bolts.
     */
    public static final class Hook implements IWorkerHook {
        private static final long serialVersionUID = 1L;
        private final List<String> relays;
        private final List<String> bolts;

        /**
         * @param relays the checkpointed spouts
         * @param bolts the stateful bolts
         */
        public Hook(List<String> relays, List<String> bolts) {
            this.relays = new ArrayList<>(relays);
            this.bolts = new ArrayList<>(bolts);
        }

        @Override
        public void start(Map<String, Object> topoConf, WorkerUserContext context) {
            check(topoConf, context, relays, bolts);
        }

        @Override
        public void shutdown() {
        }
    }
}
