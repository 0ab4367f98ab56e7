package dev.gale.hooks;

import dev.gale.task.WorkerUserContext;
import java.io.Serializable;
import java.util.Map;

/**
 * Runs when the worker starts and stops, added with
 * {@link dev.gale.topology.TopologyBuilder#addWorkerHook}. Gale runs a topology as one worker:
 * {@code start} is called once, before any spout opens or bolt prepares, and may publish shared
 * objects with {@link WorkerUserContext#setResource}, which tasks read with
 * {@code getResource}; {@code shutdown} is called once, after every task stopped. Both run on the
 * thread that submits or kills the topology.
 */
public interface IWorkerHook extends Serializable {

    default void start(Map<String, Object> topoConf, WorkerUserContext context) {
    }

    void shutdown();
}
