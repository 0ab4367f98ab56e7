package dev.gale.benchmarks.soak.eo;

import dev.gale.kafka.embedded.EmbeddedKafkaBroker;
import dev.gale.state.KeyValueState;
import dev.gale.state.StateFactory;
import dev.gale.state.StateNamespaces;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The exactly-once fault soak: records flow from a topic (an embedded broker, 4 partitions, 10 keys)
 * through {@link SoakTopology} in a child JVM, which is killed with SIGKILL at random moments and
 * started again on the same state; its flaky bolt fails or throws on records' first delivery; the
 * acker count changes between runs (which must not matter), and once something was committed, runs
 * ask for another parallelism of the counter and of the spout (which must be refused at submit,
 * naming it), then now and then again; with Redis
 * state, redis-server is killed and restarted too. A producer keeps a backlog ahead of the counting.
 * At the end, once every record is counted and committed, each key's committed count must equal
 * the input's exactly. Without faults, one child counts the records once: the baseline of records/s.
 *
 * <p>Usage: {@code ExactlyOnceSoak [--store rocksdb|redis] [--records N] [--minutes M] [--kills K]
 * [--faults true|false] [--seed S] [--dir D]}. Prints a {@code RESULT} line. Not thread-safe.
 */
public final class ExactlyOnceSoak {
    private static final int PARTITIONS = 4;
    private static final int KEYS = 10;
    private static final int SPOUT_TASKS = 2;
    private static final int COUNTERS = 2;
    private static final int FAIL_EVERY = 500;
    private static final int THROW_EVERY = 2000;
    private static final int BACKLOG = 200_000;
    private static final int BATCH = 10_000;
    private static final Duration FINISH_TIMEOUT = Duration.ofMinutes(10);

    /** What to run. */
    public record Settings(String store, long records, double minutes, int kills, boolean faults, long seed, Path dir) {
    }

    /**
     * What happened, and whether every key's committed count was exact. A racing failure is a tuple
     * failure that reached the checkpoint spout while a checkpoint step was in flight; a spoiled
     * prepare, a checkpoint that such a failure (or a bolt's) kept from being committed.
     */
    public record Result(Settings settings, long records, double seconds, int kills, int refusals, int redisKills,
                         long injectedFails, long injectedThrows, long racingFailures, long spoiledPrepares,
                         Map<String, Long> expected,
                         Map<String, Long> committed) {
        public boolean exact() {
            return expected.equals(committed);
        }

        public double recordsPerSecond() {
            return records / seconds;
        }

        @Override
        public String toString() {
            return String.format("RESULT store=%s faults=%s exact=%s records=%d seconds=%.1f records/s=%.0f kills=%d"
                            + " refused=%d redis-kills=%d injected-fails=%d injected-throws=%d racing-failures=%d"
                            + " spoiled-prepares=%d%s",
                    settings.store(), settings.faults(), exact(), records, seconds, recordsPerSecond(), kills, refusals,
                    redisKills, injectedFails, injectedThrows, racingFailures, spoiledPrepares,
                    exact() ? "" : " expected=" + expected + " committed=" + committed);
        }
    }

    private final Settings settings;
    private final Random random;
    private final Path logs;
    private final AtomicLong produced = new AtomicLong();
    /** The running child's counted total (prepared, not necessarily committed): the producer's pace. */
    private final AtomicLong counted = new AtomicLong();
    private volatile long produceUpTo;
    private int runs;
    private int kills;
    private int refusals;
    private int redisKills;
    private long injectedFails;
    private long injectedThrows;
    private long racingFailures;
    private long spoiledPrepares;
    private boolean committedOnce;

    private ExactlyOnceSoak(Settings settings) {
        this.settings = settings;
        this.random = new Random(settings.seed());
        this.logs = settings.dir().resolve("logs");
    }

    public static void main(String[] args) throws Exception {
        String store = "rocksdb";
        long records = 1_000_000;
        double minutes = 10;
        int kills = 20;
        boolean faults = true;
        long seed = System.nanoTime();
        Path dir = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String v = args[i + 1];
            switch (args[i]) {
                case "--store" -> store = v;
                case "--records" -> records = Long.parseLong(v);
                case "--minutes" -> minutes = Double.parseDouble(v);
                case "--kills" -> kills = Integer.parseInt(v);
                case "--faults" -> faults = Boolean.parseBoolean(v);
                case "--seed" -> seed = Long.parseLong(v);
                case "--dir" -> dir = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (dir == null) {
            dir = Files.createTempDirectory("gale-soak-");
        }
        Result r = run(new Settings(store, records, minutes, kills, faults, seed, dir));
        System.out.println(r);
        System.exit(r.exact() ? 0 : 1);
    }

    /** Runs the soak as {@code settings} say. */
    public static Result run(Settings settings) throws Exception {
        return new ExactlyOnceSoak(settings).run();
    }

    private Result run() throws Exception {
        Files.createDirectories(settings.dir());
        String topic = "soak-" + UUID.randomUUID();
        RedisProcess redis = null;
        String location = settings.dir().resolve("state").toString();
        try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start()) {
            broker.createTopic(topic, PARTITIONS);
            if (settings.store().equals("redis")) {
                redis = new RedisProcess(freePort(), settings.dir().resolve("redis"));
                redis.start();
                location = Integer.toString(redis.port());
            }
            long start = System.nanoTime();
            produceUpTo = settings.faults() && settings.minutes() > 0 ? Long.MAX_VALUE : settings.records();
            Thread producer = new Thread(() -> produce(broker.bootstrapServers(), topic), "soak-producer");
            producer.setDaemon(true);
            producer.start();
            if (settings.faults()) {
                while (!doneFaulting(start)) {
                    faultyRun(broker.bootstrapServers(), topic, location, redis);
                }
            }
            produceUpTo = Math.max(settings.records(), produced.get());
            finalRun(broker.bootstrapServers(), topic, location);
            producer.join();
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Long> committed = committedCounts(location);
            return new Result(settings, produced.get(), seconds, kills, refusals, redisKills, injectedFails, injectedThrows,
                    racingFailures, spoiledPrepares, expected(produced.get()), committed);
        } finally {
            if (redis != null) {
                redis.close();
            }
        }
    }

    private boolean doneFaulting(long start) {
        double minutes = (System.nanoTime() - start) / 60e9;
        if (minutes >= settings.minutes() && produceUpTo == Long.MAX_VALUE) {
            produceUpTo = Math.max(settings.records(), produced.get());
        }
        return minutes >= settings.minutes() && produced.get() >= settings.records() && kills >= settings.kills()
                && refusals >= 2;
    }

    /** One run of the child that is killed at a random moment, perhaps after a refused one, perhaps with Redis killed. */
    private void faultyRun(String bootstrap, String topic, String location, RedisProcess redis) throws Exception {
        if (committedOnce && (refusals < 2 || random.nextDouble() < 0.15)) {
            boolean spout = refusals < 2 ? refusals == 1 : random.nextBoolean(); // the counter first, then the spout
            expectRefused(bootstrap, topic, location, spout ? SPOUT_TASKS + 1 : SPOUT_TASKS,
                    spout ? COUNTERS : COUNTERS + 1, spout ? "kafka" : "count");
        }
        try (ChildJvm child = start(bootstrap, topic, location, SPOUT_TASKS, COUNTERS, 1 + random.nextInt(3), true)) {
            awaitStarted(child);
            long lifeNanos = TimeUnit.MILLISECONDS.toNanos(500 + random.nextInt(3500));
            if (redis != null && (redisKills == 0 || random.nextDouble() < 0.35)) {
                watch(child, random.nextLong(lifeNanos));
                redis.kill();
                redisKills++;
                watch(child, TimeUnit.MILLISECONDS.toNanos(200 + random.nextInt(1500)));
                redis.start();
            }
            watch(child, lifeNanos);
            child.kill();
            kills++;
            tally(child);
        }
    }

    /** A run with another parallelism must be refused at submit, naming the component, once anything was committed. */
    private void expectRefused(String bootstrap, String topic, String location, int spoutTasks, int counters,
                               String component) throws Exception {
        try (ChildJvm child = start(bootstrap, topic, location, spoutTasks, counters, 1, false)) {
            int exit = child.awaitExit(120);
            List<String> refused = child.lines().stream().filter(l -> l.startsWith(Lines.REFUSED)).toList();
            int now = component.equals("kafka") ? spoutTasks : counters;
            int was = component.equals("kafka") ? SPOUT_TASKS : COUNTERS;
            String expected = "component '" + component + "' has parallelism " + now + " and its state was committed with "
                    + was;
            if (exit != 2 || refused.isEmpty() || !refused.get(0).contains(expected)) {
                throw new IllegalStateException("a run with " + component + " at parallelism " + now + " was not refused"
                        + " with \"" + expected + "\": " + child.describe());
            }
            refusals++;
        }
    }

    /** The last run: no kill, until every record produced is counted and committed. */
    private void finalRun(String bootstrap, String topic, String location) throws Exception {
        try (ChildJvm child = start(bootstrap, topic, location, SPOUT_TASKS, COUNTERS, 1 + random.nextInt(3),
                settings.faults())) {
            awaitStarted(child);
            long deadline = System.nanoTime() + FINISH_TIMEOUT.toNanos();
            // The producer keeps its backlog ahead of this run's counting until it has produced them all.
            while (produced.get() < produceUpTo || total(child) < produced.get()) {
                watch(child, TimeUnit.MILLISECONDS.toNanos(100));
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("not all " + produced.get() + " records counted within "
                            + FINISH_TIMEOUT + ": " + child.describe());
                }
            }
            // Two more prepares of every task: the second comes only once the first is committed everywhere.
            Map<Integer, Long> seen = lastTxids(child);
            while (!seen.keySet().stream().allMatch(i -> lastTxids(child).getOrDefault(i, -1L) >= seen.get(i) + 2)) {
                watch(child, TimeUnit.MILLISECONDS.toNanos(50));
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no two more checkpoints: " + child.describe());
                }
            }
            child.kill();
            tally(child);
        }
    }

    private ChildJvm start(String bootstrap, String topic, String location, int spoutTasks, int counters, int ackers,
                           boolean faults) throws Exception {
        List<String> args = List.of(bootstrap, topic, settings.store(), location, Integer.toString(spoutTasks),
                Integer.toString(counters), Integer.toString(ackers),
                Integer.toString(faults && settings.faults() ? FAIL_EVERY : 0),
                Integer.toString(faults && settings.faults() ? THROW_EVERY : 0));
        counted.set(0);
        return ChildJvm.start(logs, "run-" + (runs++), args);
    }

    private static void awaitStarted(ChildJvm child) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (child.lines().stream().noneMatch(l -> l.startsWith(Lines.STARTED))) {
            if (!child.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("the child did not start: " + child.describe());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    /** Lets the child run for {@code nanos}, keeping the producer's pace; it must not stop on its own. */
    private void watch(ChildJvm child, long nanos) {
        long until = System.nanoTime() + nanos;
        do {
            if (!child.isAlive()) {
                throw new IllegalStateException("the child stopped on its own: " + child.describe());
            }
            counted.set(total(child));
            LockSupport.parkNanos(Math.min(TimeUnit.MILLISECONDS.toNanos(100), Math.max(0, until - System.nanoTime())));
        } while (System.nanoTime() < until);
    }

    /** What a run did: its injected failures, its spoiled checkpoints, whether anything was committed. */
    private void tally(ChildJvm child) {
        List<String> out = child.lines();
        injectedFails += Lines.count(out, Lines.INJECTED + " fail");
        injectedThrows += Lines.count(out, Lines.INJECTED + " throw");
        List<String> err = child.errLines();
        racingFailures += err.stream().filter(l -> l.contains("was in flight")).count();
        spoiledPrepares += err.stream().filter(l -> l.contains("an input failed since the last checkpoint")
                || l.contains("spoiled by a failed tuple")).count();
        committedOnce |= out.stream().map(Lines::prepare).anyMatch(p -> p != null && p.txid() >= 1);
    }

    /** The sum of each counter task's latest total. */
    private static long total(ChildJvm child) {
        Map<Integer, Long> latest = new HashMap<>();
        for (String l : child.lines()) {
            Lines.Prepare p = Lines.prepare(l);
            if (p != null) {
                latest.put(p.index(), p.total());
            }
        }
        return latest.values().stream().mapToLong(Long::longValue).sum();
    }

    private static Map<Integer, Long> lastTxids(ChildJvm child) {
        Map<Integer, Long> latest = new HashMap<>();
        for (String l : child.lines()) {
            Lines.Prepare p = Lines.prepare(l);
            if (p != null) {
                latest.put(p.index(), p.txid());
            }
        }
        return latest;
    }

    /** Keeps a backlog of records ahead of the counting, up to {@link #produceUpTo}. */
    private void produce(String bootstrap, String topic) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            while (produced.get() < produceUpTo) {
                if (produced.get() - counted.get() >= BACKLOG) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
                    continue;
                }
                long from = produced.get();
                long to = Math.min(from + BATCH, produceUpTo);
                for (long i = from; i < to; i++) {
                    producer.send(new ProducerRecord<>(topic, "key-" + (i % KEYS), Long.toString(i)));
                }
                producer.flush();
                produced.set(to);
            }
        }
    }

    /** Each key's count among records 0..n-1. */
    private static Map<String, Long> expected(long n) {
        Map<String, Long> out = new TreeMap<>();
        for (int k = 0; k < KEYS; k++) {
            out.put("key-" + k, n / KEYS + (k < n % KEYS ? 1 : 0));
        }
        return out;
    }

    /** The committed counts of every counter task, merged, read as a restart would. */
    private Map<String, Long> committedCounts(String location) {
        Map<String, Object> conf = SoakTopology.stateConf(settings.store(), location);
        Map<String, Long> out = new TreeMap<>();
        for (int i = 0; i < COUNTERS; i++) {
            @SuppressWarnings("unchecked")
            KeyValueState<String, Long> s = (KeyValueState<String, Long>) StateFactory.getState(
                    StateNamespaces.of(SoakTopology.NAME, "count", i), conf, null);
            s.rollback(); // only what is committed
            s.forEach(e -> {
                if (!e.getKey().equals(SoakTopology.TOTAL)) {
                    out.merge(e.getKey(), e.getValue(), Long::sum);
                }
            });
        }
        return out;
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
