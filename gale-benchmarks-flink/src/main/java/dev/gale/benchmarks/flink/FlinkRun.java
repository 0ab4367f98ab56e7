package dev.gale.benchmarks.flink;

import com.sun.management.OperatingSystemMXBean;
import dev.gale.benchmarks.compare.Meter;
import dev.gale.benchmarks.compare.Sentences;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * One Flink run of the topology comparison in its own JVM, speaking the child protocol of Gale's and
 * Storm's {@code TopologyRun}: {@code FlinkRun <scenario> <warmupSecs> <measureSecs>}, one
 * {@code RESULT key=value ...} line on stdout, then halt. The job runs in a local environment
 * (parallelism 2, at-least-once checkpoints every second, hashmap state backend).
 *
 * <p>Scenarios: {@code wordcount} (sentences -> split, chained to the source -> keyBy word -> count in
 * keyed state; {@link Sentences#sources()} sources, 2 by default, so the split is chained to each;
 * with any other number the sentences are rebalanced over the 2 splits); {@code acked_per_s} is
 * sentences/s through the source, {@code confirmed_per_s} those
 * covered by checkpoints completed in the window, and the {@code lat_*} figures the time from a
 * sentence's emission to the completion of the checkpoint covering it. {@code pass-through-chained}
 * and {@code pass-through-unfused} (source -> map -> map -> discarding sink, with Flink's default
 * operator chaining or with chaining disabled): {@code sink_per_s} records/s.
 */
public final class FlinkRun {
    /** Prefix of the one line the comparison driver reads (the same as TopologyRun's). */
    public static final String RESULT_PREFIX = "RESULT ";
    /** The local environment's parallelism: two subtasks of each operator, as the bolts have two tasks. */
    private static final int PARALLELISM = 2;
    private static final long FIRST_TUPLE_TIMEOUT_NANOS = 120_000_000_000L;
    private static final List<AtomicLong> SOURCE_COUNTERS = new CopyOnWriteArrayList<>();

    private FlinkRun() {
    }

    /** A counter of records at a source subtask, which that subtask alone writes. */
    static AtomicLong sourceCounter() {
        AtomicLong c = new AtomicLong();
        SOURCE_COUNTERS.add(c);
        return c;
    }

    private static long sourceRecords() {
        long n = 0;
        for (AtomicLong c : SOURCE_COUNTERS) {
            n += c.get();
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        // Flink logs every checkpoint at INFO; only its warnings belong in the child's log.
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        if (args.length != 3) {
            System.err.println("usage: FlinkRun <wordcount|pass-through-chained|pass-through-unfused>"
                    + " <warmupSecs> <measureSecs>");
            System.exit(2);
        }
        String scenario = args[0];
        double warmupSecs = Double.parseDouble(args[1]);
        double measureSecs = Double.parseDouble(args[2]);
        boolean wordcount = scenario.equals("wordcount");
        if (!wordcount && !scenario.equals("pass-through-chained") && !scenario.equals("pass-through-unfused")) {
            throw new IllegalArgumentException("unknown scenario " + scenario);
        }

        OperatingSystemMXBean os =
                (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Meter.init();
        long clusterStart = System.nanoTime();
        Configuration conf = new Configuration();
        conf.set(StateBackendOptions.STATE_BACKEND, "hashmap");
        conf.set(CheckpointingOptions.CHECKPOINT_STORAGE, "jobmanager");
        // Any free port for the local cluster's REST endpoint: the machine is shared, 8081 may be taken.
        conf.set(RestOptions.BIND_PORT, "0");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(PARALLELISM, conf);
        env.enableCheckpointing(1000, CheckpointingMode.AT_LEAST_ONCE);
        if (scenario.equals("pass-through-unfused")) {
            env.disableOperatorChaining();
        }
        if (wordcount) {
            sentences(env)
                    .flatMap(new StampedSplit()).name("split")
                    .keyBy(w -> w, Types.STRING)
                    .flatMap(new CountWords()).name("count")
                    .sinkTo(new DiscardingSink<>());
        } else {
            source(env, seq -> "some data")
                    .map(new Identity()).name("id-1")
                    .map(new Identity()).name("id-2")
                    .sinkTo(new CountingSink<>()).name("sink");
        }
        // executeAsync starts the local cluster (MiniCluster) and submits: its time is submit_call_ms.
        long submitNanos = System.nanoTime();
        JobClient job = env.executeAsync("bench-" + scenario);
        long submitReturned = System.nanoTime();

        while (Meter.FIRST_SINK_NANOS.get() == 0) {
            if (System.nanoTime() - submitNanos > FIRST_TUPLE_TIMEOUT_NANOS) {
                throw new IllegalStateException("no record reached the sink within 120 s of submit");
            }
            JobStatus status = job.getJobStatus().get();
            if (status.isGloballyTerminalState()) {
                throw new IllegalStateException("job ended before its first record: " + status);
            }
            Thread.sleep(0, 100_000);
        }
        long firstNanos = Meter.FIRST_SINK_NANOS.get();
        System.err.printf(Locale.ROOT, "progress: first record at sink %.0f ms after submit%n",
                (firstNanos - submitNanos) / 1e6);
        sleepReporting(wordcount, "warm-up", warmupSecs, null);

        Meter.takeLatencies(); // drop the warm-up's latencies
        Histogram lat = new Histogram(Meter.MAX_LATENCY_NANOS, 3);
        long confirmed0 = Meter.acked();
        long source0 = sourceRecords();
        long sink0 = Meter.sinkTuples();
        long gc0 = gcMillis();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        sleepReporting(wordcount, "measure", measureSecs, lat);
        long t1 = System.nanoTime();
        long cpu1 = os.getProcessCpuTime();
        long gc1 = gcMillis();
        long confirmed = Meter.acked() - confirmed0;
        long sentences = sourceRecords() - source0;
        long sink = Meter.sinkTuples() - sink0;
        lat.add(Meter.takeLatencies());
        JobStatus status = job.getJobStatus().get();
        if (status != JobStatus.RUNNING) {
            throw new IllegalStateException("job is " + status + " at the end of the window");
        }

        double secs = (t1 - t0) / 1e9;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("scenario", scenario);
        r.put("engine", "flink");
        r.put("measure_s", secs);
        r.put("cluster_start_ms", (submitNanos - clusterStart) / 1e6);
        r.put("submit_call_ms", (submitReturned - submitNanos) / 1e6);
        r.put("first_ms", (firstNanos - submitNanos) / 1e6);
        r.put("sink_tuples", sink);
        r.put("sink_per_s", sink / secs);
        if (wordcount) {
            long firstCheckpoint = Meter.FIRST_ACK_NANOS.get();
            if (firstCheckpoint != 0) {
                r.put("first_confirm_ms", (firstCheckpoint - submitNanos) / 1e6);
            }
            r.put("acked", sentences);
            r.put("acked_per_s", sentences / secs);
            r.put("confirmed", confirmed);
            r.put("confirmed_per_s", confirmed / secs);
            if (lat.getTotalCount() > 0) {
                r.put("lat_mean_ms", lat.getMean() / 1e6);
                r.put("lat_p50_ms", lat.getValueAtPercentile(50) / 1e6);
                r.put("lat_p99_ms", lat.getValueAtPercentile(99) / 1e6);
                r.put("lat_p999_ms", lat.getValueAtPercentile(99.9) / 1e6);
                r.put("lat_max_ms", lat.getMaxValue() / 1e6);
            }
        }
        r.put("cpu_cores", (cpu1 - cpu0) / (double) (t1 - t0));
        long done = wordcount ? sentences : sink;
        if (done > 0) {
            r.put("cpu_us_per_tuple", (cpu1 - cpu0) / 1e3 / done);
        }
        r.put("gc_ms", gc1 - gc0);
        r.put("threads", ManagementFactory.getThreadMXBean().getThreadCount());
        r.put("peak_rss_mb", procStatusKb("VmHWM") / 1024.0);
        r.put("rss_mb", procStatusKb("VmRSS") / 1024.0);

        StringBuilder line = new StringBuilder(RESULT_PREFIX);
        r.forEach((k, v) -> line.append(k).append('=').append(v instanceof Double d
                ? String.format(Locale.ROOT, "%.6g", d) : v).append(' '));
        System.out.println(line.toString().trim());
        System.out.flush();
        // No shutdown: cancelling the job and stopping the MiniCluster is not part of the benchmark.
        Runtime.getRuntime().halt(0);
    }

    /**
     * The word count's sentences from {@link Sentences#sources()} sources: at the job's
     * parallelism the split is chained to each, at any other they are rebalanced over the splits,
     * as a shuffle grouping spreads one spout's sentences over Gale's and Storm's.
     */
    private static DataStream<String> sentences(StreamExecutionEnvironment env) {
        int sources = Sentences.sources();
        DataStreamSource<String> s = source(env, Sentences::of);
        if (sources == PARALLELISM) {
            return s;
        }
        return s.setParallelism(sources).rebalance();
    }

    /** An unbounded source of {@code values}, no rate limit, no watermarks, at the job's parallelism. */
    private static DataStreamSource<String> source(StreamExecutionEnvironment env,
                                                   GeneratorFunction<Long, String> values) {
        DataGeneratorSource<String> gen =
                new DataGeneratorSource<>(values, Long.MAX_VALUE, RateLimiterStrategy.noOp(), Types.STRING);
        return env.fromSource(gen, WatermarkStrategy.noWatermarks(), "source");
    }

    /**
     * Sleeps, printing the per-second rate to stderr (the child's log); takes the latency recorder's
     * interval every second in both phases, as TopologyRun does, adding it to {@code latencies} if given.
     */
    private static void sleepReporting(boolean wordcount, String phase, double secs, Histogram latencies)
            throws InterruptedException {
        long end = System.nanoTime() + (long) (secs * 1e9);
        long last = wordcount ? sourceRecords() : Meter.sinkTuples();
        long lastT = System.nanoTime();
        for (long now = lastT; now < end; now = System.nanoTime()) {
            Thread.sleep(Math.max(1, Math.min(1000, (end - now) / 1_000_000)));
            long c = wordcount ? sourceRecords() : Meter.sinkTuples();
            long t = System.nanoTime();
            org.HdrHistogram.Histogram interval = Meter.takeLatencies();
            if (latencies != null) {
                latencies.add(interval);
            }
            System.err.printf(Locale.ROOT, "progress: %s %,.0f %s/s, %,d confirmed by checkpoints so far%n", phase,
                    (c - last) * 1e9 / (t - lastT), wordcount ? "sentences" : "records at sink", Meter.acked());
            last = c;
            lastT = t;
        }
    }

    private static long gcMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** A "kB" field of /proc/self/status (Linux), or -1 where there is none. */
    private static long procStatusKb(String field) {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith(field + ":")) {
                    return Long.parseLong(l.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
