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

    /** Honoured: seconds a tuple tree may take to complete before the spout's {@code fail} runs. Default 30. */
    public static final String TOPOLOGY_MESSAGE_TIMEOUT_SECS = "topology.message.timeout.secs";
    /**
     * Honoured: the most tracked tuples a spout task may have pending. Set, a fixed cap, as in Storm. Unset
     * (Storm: no limit), Gale adapts the limit to the topology while ackers run: it starts at
     * 1000, halves when trees wait in queues for more than half the message timeout, and doubles
     * while they do not, up to 65536. See {@link #GALE_SPOUT_PENDING_ADAPTIVE}.
     */
    public static final String TOPOLOGY_MAX_SPOUT_PENDING = "topology.max.spout.pending";
    /** Honoured: number of acker executors; 0 disables tracking (message-id emits are acked at once). Default 1. */
    public static final String TOPOLOGY_ACKER_EXECUTORS = "topology.acker.executors";
    /** Honoured: seconds between tick tuples sent to a component's tasks; unset means none. */
    public static final String TOPOLOGY_TICK_TUPLE_FREQ_SECS = "topology.tick.tuple.freq.secs";
    /** Honoured: logs every emitted tuple at INFO when true. */
    public static final String TOPOLOGY_DEBUG = "topology.debug";
    /** Ignored: accepted for compatibility; an embedded topology runs in one process, as one worker. */
    public static final String TOPOLOGY_WORKERS = "topology.workers";
    /** Honoured: caps the parallelism of a component. */
    public static final String TOPOLOGY_MAX_TASK_PARALLELISM = "topology.max.task.parallelism";
    /** Honoured: capacity of each executor's receive queue (rounded up to a power of two). Default 1024. */
    public static final String TOPOLOGY_EXECUTOR_RECEIVE_BUFFER_SIZE = "topology.executor.receive.buffer.size";
    /** Honoured: the topology's name; the engine sets it at submit. */
    public static final String TOPOLOGY_NAME = "topology.name";
    /**
     * Classes registered for Kryo serialization, as {@link #registerSerialization} records them.
     * Ignored: tuples move between tasks inside one JVM and are never serialized.
     */
    public static final String TOPOLOGY_KRYO_REGISTER = "topology.kryo.register";
    /** A component's on-heap memory hint in MB. Ignored: recorded, no effect in the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB =
            "topology.component.resources.onheap.memory.mb";
    /** A component's off-heap memory hint in MB. Ignored: recorded, no effect in the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB =
            "topology.component.resources.offheap.memory.mb";
    /** A component's CPU hint in percent of a core. Ignored: recorded, no effect in the embedded engine. */
    public static final String TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT = "topology.component.cpu.pcore.percent";
    /**
     * Gale: buckets of the spout's and acker's pending maps. A tree that does not complete is
     * failed between T and T*(1+1/(n-1)) after its emit, T the message timeout. Between 2 and
     * 126; default 5.
     */
    public static final String GALE_PENDING_BUCKETS = "gale.pending.buckets";
    /**
     * Gale: most milliseconds a spout waits before calling {@code nextTuple} again after calls that
     * emitted nothing. The wait starts at 50 microseconds and doubles while nothing is emitted, so
     * a busy spout is polled at once and an idle one costs almost no CPU; from a millisecond on,
     * idle spouts poll together, on multiples of their wait. It is also the longest an idle spout
     * may take to notice new input: lower it for sources that must answer faster after a quiet
     * spell, at the cost of more wake-ups while idle. Default 40.
     */
    public static final String GALE_SPOUT_IDLE_MAX_MS = "gale.spout.idle.max.ms";
    /**
     * Gale: whether a spout task's pending limit adapts to congestion: halved when trees wait in
     * queues for more than half the message timeout (or stop completing at all), doubled after a
     * round of acks without that, so a bolt slower than the timeout allows still completes trees
     * instead of working only on stale, replayed ones, while trees lost at random (dropped, never
     * acked) do not shrink it. Default: true when {@link #TOPOLOGY_MAX_SPOUT_PENDING} is unset
     * (the limit adapts between 1 and 65536, starting at 1000), false when it is set (a fixed cap,
     * as in Storm; true makes it the ceiling of an adaptive limit).
     */
    public static final String GALE_SPOUT_PENDING_ADAPTIVE = "gale.spout.pending.adaptive";
    /**
     * Gale: how many threads run a topology's executors, which share them cooperatively. Default:
     * the number of cores ({@code Runtime.availableProcessors()}); 0 gives every executor a thread
     * of its own, as Storm does.
     */
    public static final String GALE_SCHEDULER_THREADS = "gale.scheduler.threads";
    /**
     * Gale: what a scheduler thread does when its executors have nothing to do: {@code backoff}
     * (spin, yield, then park until woken; the default), {@code spin}, {@code yield} or {@code park}.
     */
    public static final String GALE_SCHEDULER_IDLE = "gale.scheduler.idle";
    /**
     * Gale: milliseconds a call into user code may run before the executors sharing its thread
     * move to another thread, leaving the blocking executor alone on its own. Default 100; 0
     * turns the watchdog off. After an idle spell, when the watchdog looks less often, a blocking
     * call may be noticed up to 200 ms later. On Linux, time the thread spends waiting for a CPU
     * (an overloaded machine) does not count.
     */
    public static final String GALE_SCHEDULER_BLOCKED_MS = "gale.scheduler.blocked.ms";
    /**
     * Gale: on the step scheduler (simulated time), 0 visits the executors in a fixed order on
     * every pass; any other value shuffles the order per pass with this seed, to look for and
     * replay interleaving bugs. Default 0.
     */
    public static final String GALE_SCHEDULER_STEP_SEED = "gale.scheduler.step.seed";
    /**
     * Gale: how executors are dealt to the scheduler's threads: {@code round-robin} (the default)
     * or {@code pipeline} (the n-th executor of every component on the same thread, so a pipeline's
     * hand-offs stay on one thread).
     */
    public static final String GALE_SCHEDULER_PLACEMENT = "gale.scheduler.placement";
    /**
     * Gale: the longest wait, in ms of the topology's clock, between two tries of a checkpoint step
     * that keeps failing (a store that is down, an {@code initState} that throws). The first retry
     * is immediate, then 100 ms, doubling up to this. Default 30000.
     */
    public static final String GALE_STATE_CHECKPOINT_RETRY_MAX_MS = "gale.state.checkpoint.retry.max.ms";
    /**
     * Gale: whether the scheduler moves executors between its threads while the topology runs,
     * trying one move at a time and keeping it only if the topology measured faster with it, while
     * the busiest thread is near a whole core. Default true; not with
     * {@link #GALE_SCHEDULER_PLACEMENT} pipeline, which is kept as placed.
     */
    public static final String GALE_SCHEDULER_BALANCE = "gale.scheduler.balance";
    /**
     * Gale, for tests of a topology under constant re-placement: every this many milliseconds the
     * scheduler moves one executor, picked at random, to another of its shared threads, whatever
     * the load. Default 0: never. Costs throughput; not for production.
     */
    public static final String GALE_SCHEDULER_SHUFFLE_MS = "gale.scheduler.shuffle.ms";
    /**
     * Gale: whether an executor hands a tuple to an executor on the same thread directly, without
     * the queue, when that keeps every ordering guarantee (fusion). Default false: it halves the
     * latency of a single pipeline but costs parallelism when the fused thread becomes the
     * bottleneck; see docs/performance.md. Best with {@link #GALE_SCHEDULER_PLACEMENT} pipeline.
     */
    public static final String GALE_SCHEDULER_INLINE = "gale.scheduler.inline";
    /**
     * Gale, per component ({@code addConfiguration}): true gives each of the component's executors
     * a thread of its own, for user code that blocks (sleeps, waits on I/O). Such a bolt also sends
     * each tuple as soon as it is emitted: other bolts batch the tuples they send to executors on
     * other threads, and a batch may wait until the bolt's next execute returns. Default false.
     */
    public static final String GALE_EXECUTOR_OWN_THREAD = "gale.executor.own.thread";
    /**
     * Gale, per windowed bolt ({@code BaseWindowedBolt.withMaxEventsInMemory}): the most tuples a
     * task's window holds. While full, new input is failed instead of added (its spout may replay
     * it) and taken again once tuples have left the window. Unset: no bound but the window's length.
     */
    public static final String GALE_WINDOW_MAX_EVENTS_IN_MEMORY = "gale.window.max.events.in.memory";
    /**
     * Gale: sampled tree tracing. N traces one tuple tree in N: the engine follows which task holds
     * each of its tuples until it acks it, so a traced tree that times out tells its spout
     * ({@link dev.gale.spout.FailureAware}) which components and tasks held it up. 0 (the default)
     * turns tracing off, at no cost; see docs/failures.md for the cost when on.
     */
    public static final String GALE_TRACE_SAMPLE = "gale.trace.sample";
    /**
     * Gale, per {@code KafkaSpout} task: how often, in milliseconds of the topology's clock, the
     * spout refreshes its {@code kafkaOffset} metrics (end offsets, lag, oldest uncommitted record,
     * stuck partitions; see docs/metrics.md). End offsets come from the consumer's last fetch, or
     * from one request per period for partitions not being fetched. Default 10000.
     */
    public static final String GALE_KAFKA_SPOUT_OFFSET_METRICS_PERIOD_MS = "gale.kafka.spout.offset.metrics.period.ms";
    /**
     * Gale: whether the durable state providers' default serializer
     * ({@link dev.gale.state.DefaultStateSerializer}) may write a key with Java serialization.
     * Default false: a key must be a String, a boxed primitive, {@code byte[]}, an enum or an
     * Optional of one, or the state needs a {@code keySerializerClass}; any other key fails the
     * checkpoint naming its class. A store finds a key by its bytes, and Java serialization writes
     * different bytes for equal keys (a HashMap or HashSet inside, a class that gained a field), so
     * such a key may silently find nothing. True keeps the behaviour of earlier versions, with that
     * risk. See docs/state.md.
     */
    public static final String GALE_STATE_KEYS_JAVA_SERIALIZATION = "gale.state.keys.java.serialization";
    /**
     * Gale: classes the durable state providers' default serializer may read back with Java
     * deserialization, besides its defaults ({@code java.lang}, {@code java.util} with
     * {@code java.util.concurrent} and its {@code atomic} and {@code locks}, {@code java.time.**},
     * {@code java.math}, and Gale's {@code dev.gale.**}): a string of patterns in the syntax of
     * {@link java.io.ObjectInputFilter.Config#createFilter} separated by {@code ;}, or a list of
     * them, such as {@code "com.example.model.**"}. These patterns are checked before the defaults,
     * so a {@code !} pattern can also refuse a default; limits ({@code maxdepth=}, {@code maxrefs=},
     * {@code maxarray=}, {@code maxbytes=}) replace the defaults (100, 10000000, 10000000,
     * 268435456). Any other class is refused, when written and when read, naming the class and
     * this key: whoever can write to the store could otherwise run code in this JVM. See
     * docs/state.md.
     */
    public static final String GALE_STATE_DESERIALIZATION_ALLOW = "gale.state.deserialization.allow";
    /**
     * Gale: the most bytes one message of a multilang subprocess may have (its JSON, for the
     * default serializer). A longer one is refused once that many bytes are read, without reading
     * the rest; the subprocess is killed and reported, naming the component and this key, and its
     * pending tuples are failed. Default 16777216 (16 MiB).
     */
    public static final String GALE_MULTILANG_MESSAGE_MAX_BYTES = "gale.multilang.message.max.bytes";
    /**
     * Gale: the most bytes of one stderr line of a multilang subprocess that Gale holds and logs;
     * the rest of a longer line is skipped without being held, and the cut is reported as an error
     * of the component. The subprocess goes on. Default 65536.
     */
    public static final String GALE_MULTILANG_STDERR_LINE_MAX_BYTES = "gale.multilang.stderr.line.max.bytes";
    /**
     * Gale: milliseconds a multilang subprocess and its descendants have to exit after SIGTERM
     * (when it fails, at restart, when the task is cleaned up or closed) before they get SIGKILL.
     * Default 1000.
     */
    public static final String GALE_MULTILANG_KILL_GRACE_MS = "gale.multilang.kill.grace.ms";

    // ---- Every other key of Storm 2.8's Config: accepted so Storm code compiles. What Gale does
    // ---- with each is in docs/storm-config.md (most are meaningless in one JVM and ignored). Each
    // ---- Javadoc says Honoured or Ignored as the doc does (Gale's keys: a Javadoc starting "Gale");
    // ---- ConfigDocsTest checks it.

    /** Storm's {@code topology.tuple.serializer}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_TUPLE_SERIALIZER = "topology.tuple.serializer";

    /**
     * Storm's {@code topology.disable.loadaware.messaging}, default false. Honoured: as in Storm, shuffle
     * groupings are load- and locality-aware unless this is true: Gale's closest scope is the
     * scheduler thread (tuples go to the targets on the emitter's thread while their queues are not
     * overloaded and every target's thread also runs an emitter). True gives an exact round robin
     * over every target task.
     */
    public static final String TOPOLOGY_DISABLE_LOADAWARE_MESSAGING = "topology.disable.loadaware.messaging";

    /**
     * Storm's {@code topology.localityaware.higher.bound}, default 0.8. Honoured: once the average queue fill
     * of the targets on a shuffle's own thread reaches it, the shuffle spreads over every target.
     */
    public static final String TOPOLOGY_LOCALITYAWARE_HIGHER_BOUND = "topology.localityaware.higher.bound";

    /**
     * Storm's {@code topology.localityaware.lower.bound}, default 0.2. Honoured: a shuffle spread over every
     * target returns to the targets on its own thread once their average queue fill is below it.
     */
    public static final String TOPOLOGY_LOCALITYAWARE_LOWER_BOUND = "topology.localityaware.lower.bound";

    /** Storm's {@code topology.testing.always.try.serialize}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_TESTING_ALWAYS_TRY_SERIALIZE = "topology.testing.always.try.serialize";

    /** Storm's {@code topology.blobstore.map}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_BLOBSTORE_MAP = "topology.blobstore.map";

    /** Storm's {@code worker.log.level.reset.poll.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_LOG_LEVEL_RESET_POLL_SECS = "worker.log.level.reset.poll.secs";

    /** Storm's {@code task.credentials.poll.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TASK_CREDENTIALS_POLL_SECS = "task.credentials.poll.secs";

    /** Storm's {@code topology.backpressure.enable}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    @Deprecated
    public static final String TOPOLOGY_BACKPRESSURE_ENABLE = "topology.backpressure.enable";

    /** Storm's {@code topology.users}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_USERS = "topology.users";

    /** Storm's {@code topology.groups}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_GROUPS = "topology.groups";

    /** Storm's {@code topology.readonly.users}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_READONLY_USERS = "topology.readonly.users";

    /** Storm's {@code topology.readonly.groups}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_READONLY_GROUPS = "topology.readonly.groups";

    /** Storm's {@code topology.enable.message.timeouts}. Honoured: false never times trees out (they complete or fail only). */
    public static final String TOPOLOGY_ENABLE_MESSAGE_TIMEOUTS = "topology.enable.message.timeouts";

    /** Storm's {@code topology.version}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_VERSION = "topology.version";

    /** Storm's {@code topology.multilang.log.handler}. Honoured: the {@code ShellLogHandler} of multilang components. */
    public static final String TOPOLOGY_MULTILANG_LOG_HANDLER = "topology.multilang.log.handler";

    /** Storm's {@code topology.multilang.serializer}. Honoured: the wire format of multilang components ({@code JsonSerializer}). */
    public static final String TOPOLOGY_MULTILANG_SERIALIZER = "topology.multilang.serializer";

    /** Storm's {@code topology.tasks}. Honoured: tasks of a component (component or topology level); executors stay the parallelism hint. */
    public static final String TOPOLOGY_TASKS = "topology.tasks";

    /** Storm's {@code topology.component.resources.map}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_COMPONENT_RESOURCES_MAP = "topology.component.resources.map";

    /** Storm's {@code topology.acker.resources.onheap.memory.mb}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_ACKER_RESOURCES_ONHEAP_MEMORY_MB = "topology.acker.resources.onheap.memory.mb";

    /** Storm's {@code topology.acker.resources.offheap.memory.mb}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_ACKER_RESOURCES_OFFHEAP_MEMORY_MB = "topology.acker.resources.offheap.memory.mb";

    /** Storm's {@code topology.acker.cpu.pcore.percent}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_ACKER_CPU_PCORE_PERCENT = "topology.acker.cpu.pcore.percent";

    /** Storm's {@code topology.metrics.consumer.resources.onheap.memory.mb}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_METRICS_CONSUMER_RESOURCES_ONHEAP_MEMORY_MB = "topology.metrics.consumer.resources.onheap.memory.mb";

    /** Storm's {@code topology.metrics.consumer.resources.offheap.memory.mb}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_METRICS_CONSUMER_RESOURCES_OFFHEAP_MEMORY_MB = "topology.metrics.consumer.resources.offheap.memory.mb";

    /** Storm's {@code topology.metrics.consumer.cpu.pcore.percent}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_METRICS_CONSUMER_CPU_PCORE_PERCENT = "topology.metrics.consumer.cpu.pcore.percent";

    /** Storm's {@code topology.enable.v2.metrics.tick}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_ENABLE_V2_METRICS_TICK = "topology.enable.v2.metrics.tick";

    /** Storm's {@code topology.v2.metrics.tick.interval.seconds}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_V2_METRICS_TICK_INTERVAL_SECONDS = "topology.v2.metrics.tick.interval.seconds";

    /** Storm's {@code topology.enable.send.iconnection.metrics}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_ENABLE_SEND_ICONNECTION_METRICS = "topology.enable.send.iconnection.metrics";

    /**
     * Storm's {@code topology.state.provider}. Honoured: the {@code StateProvider} class of stateful
     * bolts' state (and the checkpoint spout's); unset, state is kept in memory. Storm's class names
     * are read as Gale's. See docs/state.md.
     */
    public static final String TOPOLOGY_STATE_PROVIDER = "topology.state.provider";

    /**
     * Storm's {@code topology.state.provider.config}. Honoured: the state provider's configuration,
     * a JSON string as in Storm (or a Map). See docs/state.md.
     */
    public static final String TOPOLOGY_STATE_PROVIDER_CONFIG = "topology.state.provider.config";

    /**
     * Storm's {@code topology.state.checkpoint.interval.ms}. Honoured: how often, in ms of the
     * topology's clock (at least 100), the checkpoint spout starts a checkpoint of the stateful bolts.
     */
    public static final String TOPOLOGY_STATE_CHECKPOINT_INTERVAL = "topology.state.checkpoint.interval.ms";

    /** Storm's {@code topology.worker.max.heap.size.mb}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_MAX_HEAP_SIZE_MB = "topology.worker.max.heap.size.mb";

    /** Storm's {@code topology.scheduler.strategy}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_SCHEDULER_STRATEGY = "topology.scheduler.strategy";

    /** Storm's {@code topology.ras.order.executors.by.proximity.needs}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_ORDER_EXECUTORS_BY_PROXIMITY_NEEDS = "topology.ras.order.executors.by.proximity.needs";

    /** Storm's {@code topology.ras.constraints}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_CONSTRAINTS = "topology.ras.constraints";

    /** Storm's {@code topology.spread.components}. Ignored: scheduling and worker processes do not exist in one JVM. */
    @Deprecated
    public static final String TOPOLOGY_SPREAD_COMPONENTS = "topology.spread.components";

    /** Storm's {@code topology.ras.constraint.max.state.search}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_CONSTRAINT_MAX_STATE_SEARCH = "topology.ras.constraint.max.state.search";

    /** Storm's {@code topology.ras.one.executor.per.worker}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_ONE_EXECUTOR_PER_WORKER = "topology.ras.one.executor.per.worker";

    /** Storm's {@code topology.ras.one.component.per.worker}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_ONE_COMPONENT_PER_WORKER = "topology.ras.one.component.per.worker";

    /** Storm's {@code topology.ras.constraint.max.time.secs}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_CONSTRAINT_MAX_TIME_SECS = "topology.ras.constraint.max.time.secs";

    /** Storm's {@code topology.scheduler.favored.nodes}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_SCHEDULER_FAVORED_NODES = "topology.scheduler.favored.nodes";

    /** Storm's {@code topology.scheduler.unfavored.nodes}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_SCHEDULER_UNFAVORED_NODES = "topology.scheduler.unfavored.nodes";

    /** Storm's {@code topology.ras.acker.executors.per.worker}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_RAS_ACKER_EXECUTORS_PER_WORKER = "topology.ras.acker.executors.per.worker";

    /** Storm's {@code topology.event.logger.register}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_EVENT_LOGGER_REGISTER = "topology.event.logger.register";

    /** Storm's {@code topology.eventlogger.executors}. Ignored: Gale has no event logger (no UI event inspection), so no executor is started. */
    public static final String TOPOLOGY_EVENTLOGGER_EXECUTORS = "topology.eventlogger.executors";

    /**
     * Storm's {@code topology.eventlogger.rotation.size.mb} (new in Storm 2.8.5): the size in MB at
     * which Storm's file event logger starts a new file (100 when unset). Ignored: Gale has no
     * event logger.
     */
    public static final String TOPOLOGY_EVENTLOGGER_ROTATION_SIZE_MB = "topology.eventlogger.rotation.size.mb";

    /**
     * Storm's {@code topology.eventlogger.max.retained.files} (new in Storm 2.8.5): how many rotated
     * event logger files Storm keeps (5 when unset). Ignored: Gale has no event logger.
     */
    public static final String TOPOLOGY_EVENTLOGGER_MAX_RETAINED_FILES = "topology.eventlogger.max.retained.files";

    /** Storm's {@code topology.kryo.decorators}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_KRYO_DECORATORS = "topology.kryo.decorators";

    /** Storm's {@code topology.kryo.factory}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_KRYO_FACTORY = "topology.kryo.factory";

    /** Storm's {@code topology.skip.missing.kryo.registrations}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_SKIP_MISSING_KRYO_REGISTRATIONS = "topology.skip.missing.kryo.registrations";

    /**
     * Storm's {@code topology.state.kryo.register}. Ignored: state is written by
     * {@link dev.gale.state.DefaultStateSerializer}, which needs no registration.
     */
    public static final String TOPOLOGY_STATE_KRYO_REGISTER = "topology.state.kryo.register";

    /**
     * Storm's {@code topology.metrics.consumer.register}. Honoured: the metrics consumers of the topology, a
     * list of maps ({@code class}, {@code parallelism.hint}, {@code argument}, {@code whitelist} or
     * {@code blacklist}, {@code expandMapType}, {@code metricNameSeparator}), as
     * {@link #registerMetricsConsumer} writes them. Each runs in a bolt of its own and receives every
     * task's metrics v1 at the end of each time bucket; {@code max.retain.metric.tuples} is accepted
     * and has no effect (Gale drops no data point).
     */
    public static final String TOPOLOGY_METRICS_CONSUMER_REGISTER = "topology.metrics.consumer.register";

    /** Storm's {@code topology.serialized.message.size.metrics}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_SERIALIZED_MESSAGE_SIZE_METRICS = "topology.serialized.message.size.metrics";

    /** Storm's {@code topology.worker.metrics}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_METRICS = "topology.worker.metrics";

    /** Storm's {@code worker.metrics}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_METRICS = "worker.metrics";

    /** Storm's {@code topology.sleep.spout.wait.strategy.time.ms}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SLEEP_SPOUT_WAIT_STRATEGY_TIME_MS = "topology.sleep.spout.wait.strategy.time.ms";

    /** Storm's {@code topology.state.synchronization.timeout.secs}. Ignored: Storm's Trident state uses it, and Gale has no Trident. */
    public static final String TOPOLOGY_STATE_SYNCHRONIZATION_TIMEOUT_SECS = "topology.state.synchronization.timeout.secs";

    /** Storm's {@code topology.stats.sample.rate}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_STATS_SAMPLE_RATE = "topology.stats.sample.rate";

    /** Storm's {@code topology.builtin.metrics.bucket.size.secs}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_BUILTIN_METRICS_BUCKET_SIZE_SECS = "topology.builtin.metrics.bucket.size.secs";

    /** Storm's {@code topology.fall.back.on.java.serialization}. Ignored: tuples stay in one JVM and are never serialized. */
    public static final String TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION = "topology.fall.back.on.java.serialization";

    /** Storm's {@code topology.worker.childopts}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_CHILDOPTS = "topology.worker.childopts";

    /** Storm's {@code topology.worker.gc.childopts}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_GC_CHILDOPTS = "topology.worker.gc.childopts";

    /** Storm's {@code topology.worker.logwriter.childopts}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_LOGWRITER_CHILDOPTS = "topology.worker.logwriter.childopts";

    /** Storm's {@code topology.classpath}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_CLASSPATH = "topology.classpath";

    /** Storm's {@code topology.classpath.beginning}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_CLASSPATH_BEGINNING = "topology.classpath.beginning";

    /** Storm's {@code topology.environment}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_ENVIRONMENT = "topology.environment";

    /** Storm's {@code topology.bolts.window.length.count}. Honoured: a windowed bolt's length in tuples; see docs/windows.md. */
    public static final String TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT = "topology.bolts.window.length.count";

    /** Storm's {@code topology.bolts.window.length.duration.ms}. Honoured: a windowed bolt's length in time. */
    public static final String TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS = "topology.bolts.window.length.duration.ms";

    /** Storm's {@code topology.bolts.window.sliding.interval.count}. Honoured: a windowed bolt's sliding interval in tuples. */
    public static final String TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT = "topology.bolts.window.sliding.interval.count";

    /** Storm's {@code topology.bolts.window.sliding.interval.duration.ms}. Honoured: a windowed bolt's sliding interval in time. */
    public static final String TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS = "topology.bolts.window.sliding.interval.duration.ms";

    /** Storm's {@code topology.bolts.late.tuple.stream}. Honoured: by event time, the stream late tuples go to. */
    public static final String TOPOLOGY_BOLTS_LATE_TUPLE_STREAM = "topology.bolts.late.tuple.stream";

    /** Storm's {@code topology.bolts.tuple.timestamp.max.lag.ms}. Honoured: by event time, how far behind the latest timestamps the watermark stays. */
    public static final String TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS = "topology.bolts.tuple.timestamp.max.lag.ms";

    /** Storm's {@code topology.bolts.watermark.event.interval.ms}. Honoured: by event time, how often the watermark moves on (default 1000). */
    public static final String TOPOLOGY_BOLTS_WATERMARK_EVENT_INTERVAL_MS = "topology.bolts.watermark.event.interval.ms";

    /**
     * Storm's {@code topology.bolts.message.id.field.name}. Honoured: the field holding a tuple's
     * message id, which stateful windowed bolts kept in memory ({@code withMessageIdField}) read to
     * skip windows already evaluated.
     */
    public static final String TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME = "topology.bolts.message.id.field.name";

    /** Storm's {@code topology.transactional.id}. Ignored: Storm's transactional and Trident topologies use it, and Gale has neither. */
    public static final String TOPOLOGY_TRANSACTIONAL_ID = "topology.transactional.id";

    /** Storm's {@code topology.auto.task.hooks}. Honoured: class names of ITaskHooks added to every task before open/prepare. */
    public static final String TOPOLOGY_AUTO_TASK_HOOKS = "topology.auto.task.hooks";

    /** Storm's {@code topology.transfer.buffer.size}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_TRANSFER_BUFFER_SIZE = "topology.transfer.buffer.size";

    /** Storm's {@code topology.transfer.batch.size}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_TRANSFER_BATCH_SIZE = "topology.transfer.batch.size";

    /** Storm's {@code topology.producer.batch.size}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_PRODUCER_BATCH_SIZE = "topology.producer.batch.size";

    /** Storm's {@code topology.executor.overflow.limit}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_EXECUTOR_OVERFLOW_LIMIT = "topology.executor.overflow.limit";

    /** Storm's {@code topology.backpressure.check.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_CHECK_MILLIS = "topology.backpressure.check.millis";

    /** Storm's {@code topology.batch.flush.interval.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BATCH_FLUSH_INTERVAL_MILLIS = "topology.batch.flush.interval.millis";

    /** Storm's {@code topology.worker.shared.thread.pool.size}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_SHARED_THREAD_POOL_SIZE = "topology.worker.shared.thread.pool.size";

    /** Storm's {@code topology.error.throttle.interval.secs}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_ERROR_THROTTLE_INTERVAL_SECS = "topology.error.throttle.interval.secs";

    /** Storm's {@code topology.max.error.report.per.interval}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_MAX_ERROR_REPORT_PER_INTERVAL = "topology.max.error.report.per.interval";

    /** Storm's {@code topology.trident.batch.emit.interval.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_TRIDENT_BATCH_EMIT_INTERVAL_MILLIS = "topology.trident.batch.emit.interval.millis";

    /** Storm's {@code topology.trident.windowing.cache.tuple.limit}. Ignored: Gale has no Trident. */
    public static final String TOPOLOGY_TRIDENT_WINDOWING_INMEMORY_CACHE_LIMIT = "topology.trident.windowing.cache.tuple.limit";

    /** Storm's {@code storm.id}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ID = "storm.id";

    /** Storm's {@code topology.submitter.principal}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_SUBMITTER_PRINCIPAL = "topology.submitter.principal";

    /** Storm's {@code topology.submitter.user}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_SUBMITTER_USER = "topology.submitter.user";

    /** Storm's {@code topology.auto-credentials}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_AUTO_CREDENTIALS = "topology.auto-credentials";

    /** Storm's {@code topology.shellbolt.max.pending}. Ignored: Gale's ShellBolt writes each tuple at once and waits for its answer. */
    public static final String TOPOLOGY_SHELLBOLT_MAX_PENDING = "topology.shellbolt.max.pending";

    /** Storm's {@code topology.subprocess.timeout.secs}. Honoured: how long a multilang component waits for its subprocess before killing it. */
    public static final String TOPOLOGY_SUBPROCESS_TIMEOUT_SECS = "topology.subprocess.timeout.secs";

    /** Storm's {@code topology.logging.sensitivity}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_LOGGING_SENSITIVITY = "topology.logging.sensitivity";

    /** Storm's {@code topology.logging.config}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_LOGGING_CONFIG_FILE = "topology.logging.config";

    /** Storm's {@code topology.priority}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_PRIORITY = "topology.priority";

    /** Storm's {@code transactional.zookeeper.root}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TRANSACTIONAL_ZOOKEEPER_ROOT = "transactional.zookeeper.root";

    /** Storm's {@code transactional.zookeeper.servers}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TRANSACTIONAL_ZOOKEEPER_SERVERS = "transactional.zookeeper.servers";

    /** Storm's {@code transactional.zookeeper.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TRANSACTIONAL_ZOOKEEPER_PORT = "transactional.zookeeper.port";

    /** Storm's {@code storm.doAsUser}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_DO_AS_USER = "storm.doAsUser";

    /** Storm's {@code topology.isolate.machines}. Ignored: accepted for compatibility; no effect in the embedded engine. */
    public static final String TOPOLOGY_ISOLATED_MACHINES = "topology.isolate.machines";

    /** Storm's {@code topology.spout.wait.strategy}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_WAIT_STRATEGY = "topology.spout.wait.strategy";

    /** Storm's {@code topology.spout.wait.park.microsec}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_WAIT_PARK_MICROSEC = "topology.spout.wait.park.microsec";

    /** Storm's {@code topology.spout.wait.progressive.level1.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_WAIT_PROGRESSIVE_LEVEL1_COUNT = "topology.spout.wait.progressive.level1.count";

    /** Storm's {@code topology.spout.wait.progressive.level2.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_WAIT_PROGRESSIVE_LEVEL2_COUNT = "topology.spout.wait.progressive.level2.count";

    /** Storm's {@code topology.spout.wait.progressive.level3.sleep.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS = "topology.spout.wait.progressive.level3.sleep.millis";

    /** Storm's {@code topology.bolt.wait.strategy}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BOLT_WAIT_STRATEGY = "topology.bolt.wait.strategy";

    /** Storm's {@code topology.bolt.wait.park.microsec}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BOLT_WAIT_PARK_MICROSEC = "topology.bolt.wait.park.microsec";

    /** Storm's {@code topology.bolt.wait.progressive.level1.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL1_COUNT = "topology.bolt.wait.progressive.level1.count";

    /** Storm's {@code topology.bolt.wait.progressive.level2.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL2_COUNT = "topology.bolt.wait.progressive.level2.count";

    /** Storm's {@code topology.bolt.wait.progressive.level3.sleep.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS = "topology.bolt.wait.progressive.level3.sleep.millis";

    /** Storm's {@code topology.backpressure.wait.strategy}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_WAIT_STRATEGY = "topology.backpressure.wait.strategy";

    /** Storm's {@code topology.backpressure.wait.park.microsec}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_WAIT_PARK_MICROSEC = "topology.backpressure.wait.park.microsec";

    /** Storm's {@code topology.backpressure.wait.progressive.level3.sleep.millis}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_WAIT_PROGRESSIVE_LEVEL3_SLEEP_MILLIS =
            "topology.backpressure.wait.progressive.level3.sleep.millis";

    /** Storm's {@code topology.backpressure.wait.progressive.level1.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_WAIT_PROGRESSIVE_LEVEL1_COUNT = "topology.backpressure.wait.progressive.level1.count";

    /** Storm's {@code topology.backpressure.wait.progressive.level2.count}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_BACKPRESSURE_WAIT_PROGRESSIVE_LEVEL2_COUNT = "topology.backpressure.wait.progressive.level2.count";

    /** Storm's {@code topology.spout.recvq.skips}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_SPOUT_RECVQ_SKIPS = "topology.spout.recvq.skips";

    /** Storm's {@code topology.min.replication.count}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_MIN_REPLICATION_COUNT = "topology.min.replication.count";

    /** Storm's {@code topology.max.replication.wait.time.sec}. Ignored: Gale has its own queues, batching, backpressure and idle strategy. */
    public static final String TOPOLOGY_MAX_REPLICATION_WAIT_TIME_SEC = "topology.max.replication.wait.time.sec";

    /** Storm's {@code pacemaker.servers}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String PACEMAKER_SERVERS = "pacemaker.servers";

    /** Storm's {@code pacemaker.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String PACEMAKER_PORT = "pacemaker.port";

    /** Storm's {@code pacemaker.client.max.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String PACEMAKER_CLIENT_MAX_THREADS = "pacemaker.client.max.threads";

    /** Storm's {@code pacemaker.auth.method}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String PACEMAKER_AUTH_METHOD = "pacemaker.auth.method";

    /** Storm's {@code pacemaker.thrift.message.size.max}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String PACEMAKER_THRIFT_MESSAGE_SIZE_MAX = "pacemaker.thrift.message.size.max";

    /** Storm's {@code storm.group.mapping.service.cache.duration.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_GROUP_MAPPING_SERVICE_CACHE_DURATION_SECS = "storm.group.mapping.service.cache.duration.secs";

    /** Storm's {@code drpc.servers}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_SERVERS = "drpc.servers";

    /** Storm's {@code drpc.invocations.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_INVOCATIONS_PORT = "drpc.invocations.port";

    /** Storm's {@code storm.nimbus.retry.times}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_NIMBUS_RETRY_TIMES = "storm.nimbus.retry.times";

    /** Storm's {@code storm.nimbus.retry.interval.millis}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_NIMBUS_RETRY_INTERVAL = "storm.nimbus.retry.interval.millis";

    /** Storm's {@code storm.nimbus.retry.intervalceiling.millis}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_NIMBUS_RETRY_INTERVAL_CEILING = "storm.nimbus.retry.intervalceiling.millis";

    /** Storm's {@code nimbus.thrift.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TRANSPORT_PLUGIN = "nimbus.thrift.transport";

    /** Storm's {@code nimbus.thrift.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_PORT = "nimbus.thrift.port";

    /** Storm's {@code nimbus.queue.size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_QUEUE_SIZE = "nimbus.queue.size";

    /** Storm's {@code nimbus.local.assignments.backend.class}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_LOCAL_ASSIGNMENTS_BACKEND_CLASS = "nimbus.local.assignments.backend.class";

    /** Storm's {@code nimbus.thrift.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_THREADS = "nimbus.thrift.threads";

    /** Storm's {@code nimbus.thrift.max_buffer_size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_MAX_BUFFER_SIZE = "nimbus.thrift.max_buffer_size";

    /** Storm's {@code storm.thrift.socket.timeout.ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_THRIFT_SOCKET_TIMEOUT_MS = "storm.thrift.socket.timeout.ms";

    /** Storm's {@code nimbus.thrift.tls.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_PORT = "nimbus.thrift.tls.port";

    /** Storm's {@code nimbus.thrift.tls.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_TRANSPORT_PLUGIN = "nimbus.thrift.tls.transport";

    /** Storm's {@code nimbus.thrift.tls.client.auth.required}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_AUTH_REQUIRED = "nimbus.thrift.tls.client.auth.required";

    /** Storm's {@code nimbus.thrift.tls.server.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_SERVER_KEYSTORE_PATH = "nimbus.thrift.tls.server.keystore.path";

    /** Storm's {@code nimbus.thrift.tls.server.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_SERVER_KEYSTORE_PASSWORD = "nimbus.thrift.tls.server.keystore.password";

    /** Storm's {@code nimbus.thrift.tls.server.only}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_SERVER_ONLY = "nimbus.thrift.tls.server.only";

    /** Storm's {@code nimbus.thrift.tls.server.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_SERVER_TRUSTSTORE_PATH = "nimbus.thrift.tls.server.truststore.path";

    /** Storm's {@code nimbus.thrift.tls.server.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_SERVER_TRUSTSTORE_PASSWORD = "nimbus.thrift.tls.server.truststore.password";

    /** Storm's {@code nimbus.thrift.tls.client.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_KEYSTORE_PATH = "nimbus.thrift.tls.client.keystore.path";

    /** Storm's {@code nimbus.thrift.tls.client.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_KEYSTORE_PASSWORD = "nimbus.thrift.tls.client.keystore.password";

    /** Storm's {@code nimbus.thrift.tls.client.key.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_KEY_PATH = "nimbus.thrift.tls.client.key.path";

    /** Storm's {@code nimbus.thrift.tls.client.cert.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_CERT_PATH = "nimbus.thrift.tls.client.cert.path";

    /** Storm's {@code nimbus.thrift.tls.client.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_TRUSTSTORE_PATH = "nimbus.thrift.tls.client.truststore.path";

    /** Storm's {@code nimbus.thrift.tls.client.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_CLIENT_TRUSTSTORE_PASSWORD = "nimbus.thrift.tls.client.truststore.password";

    /** Storm's {@code nimbus.thrift.tls.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_THREADS = "nimbus.thrift.tls.threads";

    /** Storm's {@code nimbus.thrift.tls.max_buffer_size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_TLS_MAX_BUFFER_SIZE = "nimbus.thrift.tls.max_buffer_size";

    /** Storm's {@code storm.thrift.tls.socket.timeout.ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_THRIFT_TLS_SOCKET_TIMEOUT_MS = "storm.thrift.tls.socket.timeout.ms";

    /** Storm's {@code topology.worker.nimbus.thrift.client.use.tls}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_NIMBUS_THRIFT_CLIENT_USE_TLS = "topology.worker.nimbus.thrift.client.use.tls";

    /** Storm's {@code nimbus.thrift.client.use.tls}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_THRIFT_CLIENT_USE_TLS = "nimbus.thrift.client.use.tls";

    /** Storm's {@code supervisor.thrift.tls.client.auth.required}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_AUTH_REQUIRED = "supervisor.thrift.tls.client.auth.required";

    /** Storm's {@code supervisor.thrift.tls.server.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_SERVER_KEYSTORE_PATH = "supervisor.thrift.tls.server.keystore.path";

    /** Storm's {@code supervisor.thrift.tls.server.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_SERVER_KEYSTORE_PASSWORD = "supervisor.thrift.tls.server.keystore.password";

    /** Storm's {@code supervisor.thrift.tls.server.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_SERVER_TRUSTSTORE_PATH = "supervisor.thrift.tls.server.truststore.path";

    /** Storm's {@code supervisor.thrift.tls.server.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_SERVER_TRUSTSTORE_PASSWORD = "supervisor.thrift.tls.server.truststore.password";

    /** Storm's {@code supervisor.thrift.tls.client.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_KEYSTORE_PATH = "supervisor.thrift.tls.client.keystore.path";

    /** Storm's {@code supervisor.thrift.tls.client.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_KEYSTORE_PASSWORD = "supervisor.thrift.tls.client.keystore.password";

    /** Storm's {@code supervisor.thrift.tls.client.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_TRUSTSTORE_PATH = "supervisor.thrift.tls.client.truststore.path";

    /** Storm's {@code supervisor.thrift.tls.client.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_TRUSTSTORE_PASSWORD = "supervisor.thrift.tls.client.truststore.password";

    /** Storm's {@code supervisor.thrift.tls.client.key.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_KEY_PATH = "supervisor.thrift.tls.client.key.path";

    /** Storm's {@code supervisor.thrift.tls.client.cert.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TLS_CLIENT_CERT_PATH = "supervisor.thrift.tls.client.cert.path";

    /** Storm's {@code supervisor.thrift.client.use.tls}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_CLIENT_USE_TLS = "supervisor.thrift.client.use.tls";

    /** Storm's {@code drpc.thrift.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_THRIFT_TRANSPORT_PLUGIN = "drpc.thrift.transport";

    /** Storm's {@code drpc.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_PORT = "drpc.port";

    /** Storm's {@code drpc.queue.size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_QUEUE_SIZE = "drpc.queue.size";

    /** Storm's {@code drpc.worker.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_WORKER_THREADS = "drpc.worker.threads";

    /** Storm's {@code drpc.max_buffer_size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_MAX_BUFFER_SIZE = "drpc.max_buffer_size";

    /** Storm's {@code drpc.invocations.thrift.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_INVOCATIONS_THRIFT_TRANSPORT_PLUGIN = "drpc.invocations.thrift.transport";

    /** Storm's {@code drpc.invocations.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_INVOCATIONS_THREADS = "drpc.invocations.threads";

    /** Storm's {@code storm.group.mapping.service.params}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_GROUP_MAPPING_SERVICE_PARAMS = "storm.group.mapping.service.params";

    /** Storm's {@code storm.thrift.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_THRIFT_TRANSPORT_PLUGIN = "storm.thrift.transport";

    /** Storm's {@code supervisor.worker.timeout.secs}. Honoured: the multilang subprocess timeout when {@code topology.subprocess.timeout.secs} is unset. */
    public static final String SUPERVISOR_WORKER_TIMEOUT_SECS = "supervisor.worker.timeout.secs";

    /** Storm's {@code worker.max.timeout.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_MAX_TIMEOUT_SECS = "worker.max.timeout.secs";

    /** Storm's {@code topology.worker.timeout.secs}. Ignored: scheduling and worker processes do not exist in one JVM. */
    public static final String TOPOLOGY_WORKER_TIMEOUT_SECS = "topology.worker.timeout.secs";

    /** Storm's {@code supervisor.worker.shutdown.sleep.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_SHUTDOWN_SLEEP_SECS = "supervisor.worker.shutdown.sleep.secs";

    /** Storm's {@code storm.zookeeper.servers}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SERVERS = "storm.zookeeper.servers";

    /** Storm's {@code storm.zookeeper.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_PORT = "storm.zookeeper.port";

    /** Storm's {@code storm.zookeeper.superACL}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SUPERACL = "storm.zookeeper.superACL";

    /** Storm's {@code storm.zookeeper.drpcACL}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_DRPC_ACL = "storm.zookeeper.drpcACL";

    /** Storm's {@code storm.zookeeper.topology.auth.scheme}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_TOPOLOGY_AUTH_SCHEME = "storm.zookeeper.topology.auth.scheme";

    /** Storm's {@code storm.zookeeper.ssl.enable}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String ZK_SSL_ENABLE = "storm.zookeeper.ssl.enable";

    /** Storm's {@code storm.zookeeper.ssl.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SSL_KEYSTORE_PATH = "storm.zookeeper.ssl.keystore.path";

    /** Storm's {@code storm.zookeeper.ssl.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SSL_KEYSTORE_PASSWORD = "storm.zookeeper.ssl.keystore.password";

    /** Storm's {@code storm.zookeeper.ssl.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SSL_TRUSTSTORE_PATH = "storm.zookeeper.ssl.truststore.path";

    /** Storm's {@code storm.zookeeper.ssl.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SSL_TRUSTSTORE_PASSWORD = "storm.zookeeper.ssl.truststore.password";

    /** Storm's {@code storm.zookeeper.ssl.hostnameVerification}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SSL_HOSTNAME_VERIFICATION = "storm.zookeeper.ssl.hostnameVerification";

    /** Storm's {@code storm.meta.serialization.delegate}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_META_SERIALIZATION_DELEGATE = "storm.meta.serialization.delegate";

    /** Storm's {@code topology.metrics.reporters}. Ignored: Gale reports its own stats (LocalCluster.getTopologyStats). */
    public static final String TOPOLOGY_METRICS_REPORTERS = "topology.metrics.reporters";

    /** Storm's {@code storm.topology.metrics.system.reporters}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_TOPOLOGY_METRICS_SYSTEM_REPORTERS = "storm.topology.metrics.system.reporters";

    /** Storm's {@code storm.metrics.reporters}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    @Deprecated
    public static final String STORM_METRICS_REPORTERS = "storm.metrics.reporters";

    /** Storm's {@code client.blobstore.class}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String CLIENT_BLOBSTORE = "client.blobstore.class";

    /** Storm's {@code blobstore.dir}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String BLOBSTORE_DIR = "blobstore.dir";

    /** Storm's {@code blobstore.cleanup.enable}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String BLOBSTORE_CLEANUP_ENABLE = "blobstore.cleanup.enable";

    /** Storm's {@code blobstore.hdfs.principal}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    @Deprecated
    public static final String BLOBSTORE_HDFS_PRINCIPAL = "blobstore.hdfs.principal";

    /** Storm's {@code blobstore.hdfs.keytab}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    @Deprecated
    public static final String BLOBSTORE_HDFS_KEYTAB = "blobstore.hdfs.keytab";

    /** Storm's {@code storm.blobstore.replication.factor}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_BLOBSTORE_REPLICATION_FACTOR = "storm.blobstore.replication.factor";

    /** Storm's {@code storm.hdfs.login.principal}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_HDFS_LOGIN_PRINCIPAL = "storm.hdfs.login.principal";

    /** Storm's {@code storm.hdfs.login.keytab}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_HDFS_LOGIN_KEYTAB = "storm.hdfs.login.keytab";

    /** Storm's {@code storm.local.hostname}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_LOCAL_HOSTNAME = "storm.local.hostname";

    /** Storm's {@code nimbus.seeds}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_SEEDS = "nimbus.seeds";

    /** Storm's {@code nimbus.users}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_USERS = "nimbus.users";

    /** Storm's {@code nimbus.groups}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_GROUPS = "nimbus.groups";

    /** Storm's {@code storm.cluster.mode}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_CLUSTER_MODE = "storm.cluster.mode";

    /** Storm's {@code storm.zookeeper.root}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_ROOT = "storm.zookeeper.root";

    /** Storm's {@code storm.zookeeper.topology.auth.payload}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_TOPOLOGY_AUTH_PAYLOAD = "storm.zookeeper.topology.auth.payload";

    /** Storm's {@code storm.zookeeper.auth.scheme}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_AUTH_SCHEME = "storm.zookeeper.auth.scheme";

    /** Storm's {@code storm.zookeeper.auth.payload}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_AUTH_PAYLOAD = "storm.zookeeper.auth.payload";

    /** Storm's {@code storm.network.topography.plugin}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_NETWORK_TOPOGRAPHY_PLUGIN = "storm.network.topography.plugin";

    /** Storm's {@code worker.gc.childopts}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_GC_CHILDOPTS = "worker.gc.childopts";

    /** Storm's {@code worker.childopts}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_CHILDOPTS = "worker.childopts";

    /** Storm's {@code worker.heap.memory.mb}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_HEAP_MEMORY_MB = "worker.heap.memory.mb";

    /** Storm's {@code supervisor.memory.capacity.mb}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_MEMORY_CAPACITY_MB = "supervisor.memory.capacity.mb";

    /** Storm's {@code supervisor.cpu.capacity}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_CPU_CAPACITY = "supervisor.cpu.capacity";

    /** Storm's {@code supervisor.thrift.port}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_PORT = "supervisor.thrift.port";

    /** Storm's {@code supervisor.thrift.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_TRANSPORT_PLUGIN = "supervisor.thrift.transport";

    /** Storm's {@code supervisor.queue.size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_QUEUE_SIZE = "supervisor.queue.size";

    /** Storm's {@code supervisor.thrift.threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_THREADS = "supervisor.thrift.threads";

    /** Storm's {@code supervisor.thrift.max_buffer_size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_MAX_BUFFER_SIZE = "supervisor.thrift.max_buffer_size";

    /** Storm's {@code supervisor.thrift.socket.timeout.ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_THRIFT_SOCKET_TIMEOUT_MS = "supervisor.thrift.socket.timeout.ms";

    /** Storm's {@code supervisor.resources.map}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_RESOURCES_MAP = "supervisor.resources.map";

    /** Storm's {@code storm.local.mode.zmq}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_LOCAL_MODE_ZMQ = "storm.local.mode.zmq";

    /** Storm's {@code storm.messaging.transport}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_TRANSPORT = "storm.messaging.transport";

    /** Storm's {@code storm.messaging.netty.authentication}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_AUTHENTICATION = "storm.messaging.netty.authentication";

    /** Storm's {@code storm.messaging.netty.buffer_size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_BUFFER_SIZE = "storm.messaging.netty.buffer_size";

    /** Storm's {@code storm.messaging.netty.buffer.high.watermark}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_BUFFER_HIGH_WATERMARK = "storm.messaging.netty.buffer.high.watermark";

    /** Storm's {@code storm.messaging.netty.buffer.low.watermark}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_BUFFER_LOW_WATERMARK = "storm.messaging.netty.buffer.low.watermark";

    /** Storm's {@code storm.messaging.netty.socket.backlog}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_SOCKET_BACKLOG = "storm.messaging.netty.socket.backlog";

    /** Storm's {@code storm.messaging.netty.server_worker_threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_SERVER_WORKER_THREADS = "storm.messaging.netty.server_worker_threads";

    /** Storm's {@code storm.messaging.netty.transfer.batch.size}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_NETTY_MESSAGE_BATCH_SIZE = "storm.messaging.netty.transfer.batch.size";

    /** Storm's {@code storm.messaging.netty.min_wait_ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_MIN_SLEEP_MS = "storm.messaging.netty.min_wait_ms";

    /** Storm's {@code storm.messaging.netty.max_wait_ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_MAX_SLEEP_MS = "storm.messaging.netty.max_wait_ms";

    /** Storm's {@code storm.messaging.netty.client_worker_threads}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_CLIENT_WORKER_THREADS = "storm.messaging.netty.client_worker_threads";

    /** Storm's {@code storm.messaging.netty.tls.enable}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_ENABLE = "storm.messaging.netty.tls.enable";

    /** Storm's {@code storm.messaging.netty.tls.require.open.ssl}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_REQUIRE_OPEN_SSL = "storm.messaging.netty.tls.require.open.ssl";

    /** Storm's {@code storm.messaging.netty.tls.ciphers}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_CIPHERS = "storm.messaging.netty.tls.ciphers";

    /** Storm's {@code storm.messaging.netty.tls.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_TRUSTSTORE_PATH = "storm.messaging.netty.tls.truststore.path";

    /** Storm's {@code storm.messaging.netty.tls.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_TRUSTSTORE_PASSWORD = "storm.messaging.netty.tls.truststore.password";

    /** Storm's {@code storm.messaging.netty.tls.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_KEYSTORE_PATH = "storm.messaging.netty.tls.keystore.path";

    /** Storm's {@code storm.messaging.netty.tls.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_KEYSTORE_PASSWORD = "storm.messaging.netty.tls.keystore.password";

    /** Storm's {@code storm.messaging.netty.tls.client.truststore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_CLIENT_TRUSTSTORE_PATH = "storm.messaging.netty.tls.client.truststore.path";

    /** Storm's {@code storm.messaging.netty.tls.client.truststore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_CLIENT_TRUSTSTORE_PASSWORD = "storm.messaging.netty.tls.client.truststore.password";

    /** Storm's {@code storm.messaging.netty.tls.client.keystore.path}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_CLIENT_KEYSTORE_PATH = "storm.messaging.netty.tls.client.keystore.path";

    /** Storm's {@code storm.messaging.netty.tls.client.keystore.password}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_CLIENT_KEYSTORE_PASSWORD = "storm.messaging.netty.tls.client.keystore.password";

    /** Storm's {@code storm.messaging.netty.tls.ssl.protocols}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_TLS_SSL_PROTOCOLS = "storm.messaging.netty.tls.ssl.protocols";

    /** Storm's {@code storm.messaging.netty.flush_timeout_ms}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_MESSAGING_NETTY_FLUSH_TIMEOUT_MS = "storm.messaging.netty.flush_timeout_ms";

    /** Storm's {@code supervisor.run.worker.as.user}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_RUN_WORKER_AS_USER = "supervisor.run.worker.as.user";

    /** Storm's {@code supervisor.worker.heartbeats.max.timeout.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_HEARTBEATS_MAX_TIMEOUT_SECS = "supervisor.worker.heartbeats.max.timeout.secs";

    /** Storm's {@code storm.disable.symlinks}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DISABLE_SYMLINKS = "storm.disable.symlinks";

    /** Storm's {@code storm.principal.tolocal}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_PRINCIPAL_TO_LOCAL_PLUGIN = "storm.principal.tolocal";

    /** Storm's {@code storm.group.mapping.service}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_GROUP_MAPPING_SERVICE_PROVIDER_PLUGIN = "storm.group.mapping.service";

    /** Storm's {@code nimbus.credential.renewers.classes}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_CREDENTIAL_RENEWERS = "nimbus.credential.renewers.classes";

    /** Storm's {@code nimbus.autocredential.plugins.classes}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_AUTO_CRED_PLUGINS = "nimbus.autocredential.plugins.classes";

    /** Storm's {@code nimbus.supervisor.users}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_SUPERVISOR_USERS = "nimbus.supervisor.users";

    /** Storm's {@code nimbus.daemon.users}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_DAEMON_USERS = "nimbus.daemon.users";

    /** Storm's {@code nimbus.admins}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_ADMINS = "nimbus.admins";

    /** Storm's {@code nimbus.admins.groups}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_ADMINS_GROUPS = "nimbus.admins.groups";

    /** Storm's {@code storm.blobstore.acl.validation.enabled}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_BLOBSTORE_ACL_VALIDATION_ENABLED = "storm.blobstore.acl.validation.enabled";

    /** Storm's {@code storm.blobstore.inputstream.buffer.size.bytes}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_BLOBSTORE_INPUTSTREAM_BUFFER_SIZE_BYTES = "storm.blobstore.inputstream.buffer.size.bytes";

    /** Storm's {@code storm.blobstore.dependency.jar.upload.chunk.size.bytes}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_BLOBSTORE_DEPENDENCY_JAR_UPLOAD_CHUNK_SIZE_BYTES = "storm.blobstore.dependency.jar.upload.chunk.size.bytes";

    /**
     * Storm's {@code storm.topology.submission.notifier.plugin.class}. Honoured: the
     * {@link ISubmitterHook} class {@link StormSubmitter} tells of each topology it has submitted
     * (LocalCluster's submits do not call it, as in Storm).
     */
    public static final String STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN = "storm.topology.submission.notifier.plugin.class";

    /** Storm's {@code nimbus.impersonation.acl}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_IMPERSONATION_ACL = "nimbus.impersonation.acl";

    /** Storm's {@code nimbus.scheduler.strategy.class.whitelist}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NIMBUS_SCHEDULER_STRATEGY_CLASS_WHITELIST = "nimbus.scheduler.strategy.class.whitelist";

    /** Storm's {@code supervisor.worker.launcher}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_LAUNCHER = "supervisor.worker.launcher";

    /** Storm's {@code supervisor.worker.version.classpath.map}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_VERSION_CLASSPATH_MAP = "supervisor.worker.version.classpath.map";

    /** Storm's {@code supervisor.worker.version.main.map}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_VERSION_MAIN_MAP = "supervisor.worker.version.main.map";

    /** Storm's {@code supervisor.worker.version.logwriter.map}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_VERSION_LOGWRITER_MAP = "supervisor.worker.version.logwriter.map";

    /** Storm's {@code supervisor.worker.default.version}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String SUPERVISOR_WORKER_DEFAULT_VERSION = "supervisor.worker.default.version";

    /** Storm's {@code storm.local.dir}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_LOCAL_DIR = "storm.local.dir";

    /** Storm's {@code storm.workers.artifacts.dir}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_WORKERS_ARTIFACTS_DIR = "storm.workers.artifacts.dir";

    /** Storm's {@code storm.zookeeper.connection.timeout}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_CONNECTION_TIMEOUT = "storm.zookeeper.connection.timeout";

    /** Storm's {@code storm.zookeeper.session.timeout}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_SESSION_TIMEOUT = "storm.zookeeper.session.timeout";

    /** Storm's {@code storm.zookeeper.retry.interval}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_RETRY_INTERVAL = "storm.zookeeper.retry.interval";

    /** Storm's {@code storm.zookeeper.retry.intervalceiling.millis}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_RETRY_INTERVAL_CEILING = "storm.zookeeper.retry.intervalceiling.millis";

    /** Storm's {@code storm.zookeeper.retry.times}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_ZOOKEEPER_RETRY_TIMES = "storm.zookeeper.retry.times";

    /** Storm's {@code storm.cluster.state.store}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_CLUSTER_STATE_STORE = "storm.cluster.state.store";

    /** Storm's {@code worker.heartbeat.frequency.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_HEARTBEAT_FREQUENCY_SECS = "worker.heartbeat.frequency.secs";

    /** Storm's {@code executor.metrics.frequency.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String EXECUTOR_METRICS_FREQUENCY_SECS = "executor.metrics.frequency.secs";

    /** Storm's {@code task.heartbeat.frequency.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TASK_HEARTBEAT_FREQUENCY_SECS = "task.heartbeat.frequency.secs";

    /** Storm's {@code task.refresh.poll.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String TASK_REFRESH_POLL_SECS = "task.refresh.poll.secs";

    /** Storm's {@code drpc.authorizer.acl}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_AUTHORIZER_ACL = "drpc.authorizer.acl";

    /** Storm's {@code drpc.authorizer.acl.filename}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_AUTHORIZER_ACL_FILENAME = "drpc.authorizer.acl.filename";

    /** Storm's {@code drpc.authorizer.acl.strict}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String DRPC_AUTHORIZER_ACL_STRICT = "drpc.authorizer.acl.strict";

    /** Storm's {@code storm.cgroup.hierarchy.dir}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_CGROUP_HIERARCHY_DIR = "storm.cgroup.hierarchy.dir";

    /** Storm's {@code num.stat.buckets}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String NUM_STAT_BUCKETS = "num.stat.buckets";

    /** Storm's {@code worker.blob.update.poll.interval.secs}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String WORKER_BLOB_UPDATE_POLL_INTERVAL_SECS = "worker.blob.update.poll.interval.secs";

    /** Storm's {@code storm.daemon.metrics.reporter.plugin.locale}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_DAEMON_METRICS_REPORTER_PLUGIN_LOCALE = "storm.daemon.metrics.reporter.plugin.locale";

    /** Storm's {@code storm.daemon.metrics.reporter.plugin.rate.unit}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_DAEMON_METRICS_REPORTER_PLUGIN_RATE_UNIT = "storm.daemon.metrics.reporter.plugin.rate.unit";

    /** Storm's {@code storm.daemon.metrics.reporter.plugin.duration.unit}. Ignored: a cluster or daemon setting, meaningless in one embedded JVM. */
    public static final String STORM_DAEMON_METRICS_REPORTER_PLUGIN_DURATION_UNIT = "storm.daemon.metrics.reporter.plugin.duration.unit";

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
        registeredSerializations(conf).add(new HashMap<>(Map.of(klass.getName(), serializerClass.getName())));
    }

    public void registerSerialization(Class<?> klass) {
        registerSerialization(this, klass);
    }

    public void registerSerialization(Class<?> klass, Class<?> serializerClass) {
        registerSerialization(this, klass, serializerClass);
    }

    public void setClasspath(String cp) {
        setClasspath(this, cp);
    }

    public static void setClasspath(Map<String, Object> conf, String cp) {
        conf.put(TOPOLOGY_CLASSPATH, cp);
    }

    public void setEnvironment(Map<String, Object> env) {
        setEnvironment(this, env);
    }

    public static void setEnvironment(Map<String, Object> conf, Map<String, Object> env) {
        conf.put(TOPOLOGY_ENVIRONMENT, env);
    }

    public void setTopologyVersion(String version) {
        setTopologyVersion(this, version);
    }

    public static void setTopologyVersion(Map<String, Object> conf, String version) {
        conf.put(TOPOLOGY_VERSION, version);
    }

    /** Recorded only: Gale has no event logger. */
    public void setNumEventLoggers(int numExecutors) {
        setNumEventLoggers(this, numExecutors);
    }

    public static void setNumEventLoggers(Map<String, Object> conf, int numExecutors) {
        conf.put(TOPOLOGY_EVENTLOGGER_EXECUTORS, numExecutors);
    }

    /**
     * Records an event logger as Storm does ({@code {class, arguments}} appended to
     * {@link #TOPOLOGY_EVENT_LOGGER_REGISTER}); Gale has no event logger, so it is never started.
     * Storm types the class {@code Class<? extends IEventLogger>}; any class is accepted here.
     */
    public static void registerEventLogger(Map<String, Object> conf, Class<?> klass, Map<String, Object> argument) {
        Map<String, Object> logger = registrationOf(klass);
        logger.put("arguments", argument);
        appendTo(conf, TOPOLOGY_EVENT_LOGGER_REGISTER, logger);
    }

    public static void registerEventLogger(Map<String, Object> conf, Class<?> klass) {
        registerEventLogger(conf, klass, null);
    }

    public void registerEventLogger(Class<?> klass, Map<String, Object> argument) {
        registerEventLogger(this, klass, argument);
    }

    public void registerEventLogger(Class<?> klass) {
        registerEventLogger(this, klass, null);
    }

    /**
     * Registers a metrics consumer as Storm does ({@code {class, parallelism.hint, argument}} appended
     * to {@link #TOPOLOGY_METRICS_CONSUMER_REGISTER}): at submit it becomes a bolt of
     * {@code parallelismHint} tasks that receives every task's metrics v1 per time bucket
     * ({@code TopologyContext.registerMetric}).
     */
    public static void registerMetricsConsumer(Map<String, Object> conf, Class<?> klass, Object argument,
                                               long parallelismHint) {
        Map<String, Object> consumer = registrationOf(klass);
        consumer.put("parallelism.hint", parallelismHint);
        consumer.put("argument", argument);
        appendTo(conf, TOPOLOGY_METRICS_CONSUMER_REGISTER, consumer);
    }

    /**
     * A mutable registration entry naming {@code klass} by its canonical name, as Storm's readers of
     * the event logger and metrics consumer registers expect; the caller adds the rest.
     */
    private static Map<String, Object> registrationOf(Class<?> klass) {
        Map<String, Object> entry = new HashMap<>();
        entry.put("class", klass.getCanonicalName());
        return entry;
    }

    public static void registerMetricsConsumer(Map<String, Object> conf, Class<?> klass, long parallelismHint) {
        registerMetricsConsumer(conf, klass, null, parallelismHint);
    }

    public static void registerMetricsConsumer(Map<String, Object> conf, Class<?> klass) {
        registerMetricsConsumer(conf, klass, null, 1L);
    }

    public void registerMetricsConsumer(Class<?> klass, Object argument, long parallelismHint) {
        registerMetricsConsumer(this, klass, argument, parallelismHint);
    }

    public void registerMetricsConsumer(Class<?> klass, long parallelismHint) {
        registerMetricsConsumer(this, klass, parallelismHint);
    }

    public void registerMetricsConsumer(Class<?> klass) {
        registerMetricsConsumer(this, klass);
    }

    /** Recorded only (Kryo is not used); Storm types it {@code Class<? extends IKryoDecorator>}. */
    public static void registerDecorator(Map<String, Object> conf, Class<?> klass) {
        appendTo(conf, TOPOLOGY_KRYO_DECORATORS, klass.getName());
    }

    public void registerDecorator(Class<?> klass) {
        registerDecorator(this, klass);
    }

    /** Recorded only (Kryo is not used); Storm types it {@code Class<? extends IKryoFactory>}. */
    public static void setKryoFactory(Map<String, Object> conf, Class<?> klass) {
        conf.put(TOPOLOGY_KRYO_FACTORY, klass.getName());
    }

    public void setKryoFactory(Class<?> klass) {
        setKryoFactory(this, klass);
    }

    public static void setSkipMissingKryoRegistrations(Map<String, Object> conf, boolean skip) {
        conf.put(TOPOLOGY_SKIP_MISSING_KRYO_REGISTRATIONS, skip);
    }

    public void setSkipMissingKryoRegistrations(boolean skip) {
        setSkipMissingKryoRegistrations(this, skip);
    }

    public static void setStatsSampleRate(Map<String, Object> conf, double rate) {
        conf.put(TOPOLOGY_STATS_SAMPLE_RATE, rate);
    }

    public void setStatsSampleRate(double rate) {
        setStatsSampleRate(this, rate);
    }

    public static void setFallBackOnJavaSerialization(Map<String, Object> conf, boolean fallback) {
        conf.put(TOPOLOGY_FALL_BACK_ON_JAVA_SERIALIZATION, fallback);
    }

    public void setFallBackOnJavaSerialization(boolean fallback) {
        setFallBackOnJavaSerialization(this, fallback);
    }

    public void setTopologyWorkerMaxHeapSize(Number size) {
        if (size != null) {
            put(TOPOLOGY_WORKER_MAX_HEAP_SIZE_MB, size);
        }
    }

    /** Recorded only: there is one worker, so no constraint between components applies. */
    public void setTopologyComponentWorkerConstraints(String component1, String component2) {
        if (component1 == null || component2 == null) {
            return; // as Storm: a pair with a missing side is not recorded
        }
        appendTo(this, TOPOLOGY_RAS_CONSTRAINTS, new ArrayList<>(List.of(component1, component2)));
    }

    public void setTopologyConstraintsMaxStateSearch(int numStates) {
        put(TOPOLOGY_RAS_CONSTRAINT_MAX_STATE_SEARCH, numStates);
    }

    public void setTopologyPriority(int priority) {
        put(TOPOLOGY_PRIORITY, priority);
    }

    public void setTopologyStrategy(String strategy) {
        if (strategy != null) {
            put(TOPOLOGY_SCHEDULER_STRATEGY, strategy);
        }
    }

    /** The registration list, copied into a fresh mutable list (the conf may hold an immutable one). */
    private static List<Object> registeredSerializations(Map<String, Object> conf) {
        return listAt(conf, TOPOLOGY_KRYO_REGISTER);
    }

    private static void appendTo(Map<String, Object> conf, String key, Object value) {
        listAt(conf, key).add(value);
    }

    /** The list at {@code key}, copied into a fresh mutable list (the conf may hold an immutable one). */
    private static List<Object> listAt(Map<String, Object> conf, String key) {
        Object current = conf.get(key);
        List<Object> list = current == null ? new ArrayList<>() : new ArrayList<>((List<?>) current);
        conf.put(key, list);
        return list;
    }
}
