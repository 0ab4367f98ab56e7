package dev.gale;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Topology configuration: a map of Storm's configuration keys (and Gale's own, prefixed
 * {@code gale.}) to values, with typed setters. Not thread-safe (a HashMap); the engine copies
 * it at submit.
 */
public class Config extends HashMap<String, Object> {
    private static final long serialVersionUID = 1L;

    /** Seconds a tuple tree may take to complete before the spout's {@code fail} runs. Default 30. */
    public static final String TOPOLOGY_MESSAGE_TIMEOUT_SECS = "topology.message.timeout.secs";
    /**
     * Most tracked tuples a spout task may have pending. Unset, Gale uses 1000 while ackers run
     * (Storm: no limit), so a slow bolt cannot queue more than a bounded amount of work; set a
     * value to choose another bound. See also {@link #GALE_SPOUT_PENDING_ADAPTIVE}.
     */
    public static final String TOPOLOGY_MAX_SPOUT_PENDING = "topology.max.spout.pending";
    /** Number of acker executors; 0 disables tracking (message-id emits are acked at once). Default 1. */
    public static final String TOPOLOGY_ACKER_EXECUTORS = "topology.acker.executors";
    /** Seconds between tick tuples sent to a component's tasks; unset means none. */
    public static final String TOPOLOGY_TICK_TUPLE_FREQ_SECS = "topology.tick.tuple.freq.secs";
    /** Logs every emitted tuple at INFO when true. */
    public static final String TOPOLOGY_DEBUG = "topology.debug";
    /** Accepted for compatibility; an embedded topology runs in one process. */
    public static final String TOPOLOGY_WORKERS = "topology.workers";
    /** Caps the parallelism of a component. */
    public static final String TOPOLOGY_MAX_TASK_PARALLELISM = "topology.max.task.parallelism";
    /** Capacity of each executor's receive queue (rounded up to a power of two). Default 1024. */
    public static final String TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE = "topology.executor.receive.buffer.size";
    /** The topology's name; the engine sets it at submit. */
    public static final String TOPOLOGY_NAME = "topology.name";
    /**
     * Classes registered for Kryo serialization, as {@link #registerSerialization} records them.
     * Accepted for compatibility: tuples move between tasks inside one JVM and are never serialized.
     */
    public static final String TOPOLOGY_KRYO_REGISTER = "topology.kryo.register";
    /** A component's on-heap memory hint in MB; recorded, ignored by the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB =
            "topology.component.resources.onheap.memory.mb";
    /** A component's off-heap memory hint in MB; recorded, ignored by the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB =
            "topology.component.resources.offheap.memory.mb";
    /** A component's CPU hint in percent of a core; recorded, ignored by the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT = "topology.component.cpu.pcore.percent";
    /**
     * Gale: buckets of the spout's and acker's pending maps. A tree that does not complete is
     * failed between T and T*(1+1/(n-1)) after its emit, T the message timeout. Default 5.
     */
    public static final String GALE_PENDING_BUCKETS = "gale.pending.buckets";
    /**
     * Gale: most milliseconds a spout waits before calling {@code nextTuple} again after calls that
     * emitted nothing. The wait starts at 50 microseconds and doubles while nothing is emitted, so
     * a busy spout is polled at once and an idle one costs almost no CPU. Default 20.
     */
    public static final String GALE_SPOUT_IDLE_MAX_MS = "gale.spout.idle.max.ms";
    /**
     * Gale: whether a spout task's pending limit adapts below max spout pending: halved when
     * trees time out, raised again by one per round of acks, so a bolt slower than the timeout
     * allows still completes trees instead of working only on stale, replayed ones. Default true.
     */
    public static final String GALE_SPOUT_PENDING_ADAPTIVE = "gale.spout.pending.adaptive";

    public Config() {
    }

    public Config(Map<String, Object> conf) {
        super(conf);
    }

    public void setDebug(boolean debug) {
        setDebug(this, debug);
    }

    public static void setDebug(Map<String, Object> conf, boolean debug) {
        conf.put(TOPOLOGY_DEBUG, debug);
    }

    public void setNumWorkers(int workers) {
        setNumWorkers(this, workers);
    }

    public static void setNumWorkers(Map<String, Object> conf, int workers) {
        conf.put(TOPOLOGY_WORKERS, workers);
    }

    public void setNumAckers(int numExecutors) {
        setNumAckers(this, numExecutors);
    }

    public static void setNumAckers(Map<String, Object> conf, int numExecutors) {
        conf.put(TOPOLOGY_ACKER_EXECUTORS, numExecutors);
    }

    public void setMessageTimeoutSecs(int secs) {
        setMessageTimeoutSecs(this, secs);
    }

    public static void setMessageTimeoutSecs(Map<String, Object> conf, int secs) {
        conf.put(TOPOLOGY_MESSAGE_TIMEOUT_SECS, secs);
    }

    public void setMaxSpoutPending(int max) {
        setMaxSpoutPending(this, max);
    }

    public static void setMaxSpoutPending(Map<String, Object> conf, int max) {
        conf.put(TOPOLOGY_MAX_SPOUT_PENDING, max);
    }

    public void setMaxTaskParallelism(int max) {
        setMaxTaskParallelism(this, max);
    }

    public static void setMaxTaskParallelism(Map<String, Object> conf, int max) {
        conf.put(TOPOLOGY_MAX_TASK_PARALLELISM, max);
    }

    public void setTickTupleFreqSecs(int secs) {
        put(TOPOLOGY_TICK_TUPLE_FREQ_SECS, secs);
    }

    /**
     * Registers a class for Kryo serialization, as Storm does: its name is appended to
     * {@link #TOPOLOGY_KRYO_REGISTER}. Gale never serializes tuples (they stay in one JVM), so the
     * registration is only recorded.
     */
    public static void registerSerialization(Map<String, Object> conf, Class<?> klass) {
        registeredSerializations(conf).add(klass.getName());
    }

    /**
     * Registers a class with its Kryo serializer, as Storm does: {@code {class: serializer}} is
     * appended to {@link #TOPOLOGY_KRYO_REGISTER}; only recorded, see above. Storm types the
     * serializer {@code Class<? extends com.esotericsoftware.kryo.Serializer>}; Gale does not
     * depend on Kryo, so it takes any class (same erasure, and every Storm call compiles).
     */
    public static void registerSerialization(Map<String, Object> conf, Class<?> klass, Class<?> serializerClass) {
        Map<String, String> register = new HashMap<>();
        register.put(klass.getName(), serializerClass.getName());
        registeredSerializations(conf).add(register);
    }

    public void registerSerialization(Class<?> klass) {
        registerSerialization(this, klass);
    }

    public void registerSerialization(Class<?> klass, Class<?> serializerClass) {
        registerSerialization(this, klass, serializerClass);
    }

    /** The registration list, copied into a fresh mutable list (the conf may hold an immutable one). */
    private static List<Object> registeredSerializations(Map<String, Object> conf) {
        Object current = conf.get(TOPOLOGY_KRYO_REGISTER);
        List<Object> list = current == null ? new ArrayList<>() : new ArrayList<>((List<?>) current);
        conf.put(TOPOLOGY_KRYO_REGISTER, list);
        return list;
    }
}
