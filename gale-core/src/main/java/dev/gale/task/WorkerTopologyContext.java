package dev.gale.task;

import dev.gale.generated.StormTopology;
import dev.gale.tuple.Fields;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Context of the process running the tasks. In an embedded engine every task of the topology
 * runs in this process, so there is one worker and its user resources (set by worker hooks, see
 * {@link WorkerUserContext}) are shared by every task. Thread-safe.
 */
public class WorkerTopologyContext extends GeneralTopologyContext {
    /** Shared by every context of the running topology; synchronized, as hooks and tasks run on different threads. */
    protected final Map<String, Object> userResources;
    private final WorkerFacts worker;

    public WorkerTopologyContext(TopologyView plan, Map<String, Object> topoConf) {
        this(plan, topoConf, Collections.synchronizedMap(new HashMap<>()));
    }

    /** @param userResources the topology's worker-level user resources, shared, thread-safe */
    public WorkerTopologyContext(TopologyView plan, Map<String, Object> topoConf, Map<String, Object> userResources) {
        this(plan, topoConf, userResources, WorkerFacts.embedded());
    }

    /**
     * Storm's public constructor, for tests and tools that build a worker's context by hand: the
     * topology facts come from {@code topology} and the maps (see {@link GeneralTopologyContext}'s
     * six-argument constructor), the worker's from the rest, returned as given.
     * {@code defaultResources} has no use in Gale (Storm keeps its shared executor there);
     * {@code userResources} null means none.
     */
    public WorkerTopologyContext(StormTopology topology, Map<String, Object> topoConf,
                                 Map<Integer, String> taskToComponent, Map<String, List<Integer>> componentTasks,
                                 Map<String, Map<String, Fields>> componentFields, String stormId,
                                 String codeDir, String pidDir, Integer workerPort, List<Integer> workerTasks,
                                 Map<String, Object> defaultResources, Map<String, Object> userResources) {
        this(new GivenTopologyView(topology, topoConf, taskToComponent, componentTasks,
                        componentFields, stormId), topoConf,
                userResources != null ? userResources : Collections.synchronizedMap(new HashMap<>()),
                WorkerFacts.given(workerPort, codeDir, pidDir, workerTasks));
    }

    WorkerTopologyContext(TopologyView plan, Map<String, Object> topoConf, Map<String, Object> userResources,
                          WorkerFacts worker) {
        super(plan, topoConf);
        this.userResources = userResources;
        this.worker = worker;
    }

    /** The tasks of this worker: in the embedded engine every task of the topology (all run in this JVM). */
    public List<Integer> getThisWorkerTasks() {
        return worker.tasks() != null ? worker.tasks() : plan.allTasks();
    }

    /**
     * The port of this worker. Gale's embedded worker listens on none and reports 6700, the first
     * of Storm's default {@code supervisor.slots.ports}, always the same; a context built with
     * Storm's public constructor reports the port given there (null if none was).
     */
    public Integer getThisWorkerPort() {
        return worker.port();
    }

    /**
     * The directory holding the topology's {@code resources/}, where shell components start
     * their subprocesses. In the embedded engine: a temporary directory holding every
     * {@code resources/} entry of the class path (of the calling thread's context class loader),
     * made on first use, the one {@code ShellBolt} and {@code ShellSpout} run in (see
     * {@link dev.gale.utils.ShellResources#codeDir}); deleted when the JVM exits.
     */
    public String getCodeDir() {
        return worker.codeDir().get();
    }

    /**
     * The directory where multilang subprocesses record their pids. In the embedded engine: a
     * temporary directory of this JVM (the one worker), made on first use and deleted when the JVM
     * exits (see {@link dev.gale.utils.ShellResources#pidDir}).
     */
    public String getPIDDir() {
        return worker.pidDir().get();
    }

    /**
     * A worker-level object a worker hook published in its {@code start} with
     * {@link WorkerUserContext#setResource}, or null.
     */
    public Object getResource(String name) {
        return userResources.get(name);
    }
}
