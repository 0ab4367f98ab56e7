package dev.gale.examples;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Guaranteed message processing, shown end to end: a word count that loses nothing although a
 * bolt fails a share of the tuples on purpose.
 *
 * <pre>
 *   lines (spout) --shuffle--> split --shuffle--> flaky --fields("word")--> count
 * </pre>
 *
 * <ul>
 *   <li>{@code lines} emits each line of a bundled public-domain text, {@value #PASSES} times over,
 *       with a message id, and re-emits every line whose tuple tree failed.</li>
 *   <li>{@code split} emits one tuple (line id, position, word) per word, anchored to the line.</li>
 *   <li>{@code flaky} fails a fraction ({@value #FAIL_FRACTION}, default 0.05) of the words it
 *       receives, from a seeded random; one failed word fails the whole line, which is replayed.</li>
 *   <li>{@code count} counts each (line id, position) once, so words of a replayed line that were
 *       counted the first time are not counted again (at-least-once delivery, exact counts).</li>
 * </ul>
 *
 * <p>When every line is acked, {@link #counts()} must equal {@link #expectedCounts()}, computed
 * straight from the text. The tasks report what they do (lines emitted, acked, failed, replayed,
 * words counted) to a tally: by default an object in this JVM, one registry entry per instance
 * (tasks run deserialized copies), so build a fresh instance per run and {@link #close()} it
 * afterwards. With {@value #TALLY_DIR} set, each task appends its reports to a file of its own in
 * that directory instead, and {@link #progress()} and {@link #counts()} read them: the same
 * topology then runs, unchanged, on a cluster of several processes (a Storm cluster through
 * gale-storm), where a static registry would be per worker.
 *
 * <p>Thread-safe.
 */
public final class ReliableWordCount implements AutoCloseable {
    /** Fraction of word tuples the flaky bolt fails, in [0, 1). */
    public static final String FAIL_FRACTION = "reliable.fail.fraction";
    /** Seed of the flaky bolt's random choices (each task adds its task id). */
    public static final String SEED = "reliable.seed";
    /** How many times the spout emits the whole text. */
    public static final String PASSES = "reliable.passes";
    /**
     * A directory the tasks report to (one file per task), for runs on several processes; unset:
     * an object in this JVM. It must be empty or new, and reachable by every process.
     */
    public static final String TALLY_DIR = "reliable.tally.dir";
    public static final double DEFAULT_FAIL_FRACTION = 0.05;
    public static final long DEFAULT_SEED = 42;
    public static final int DEFAULT_PASSES = 1;
    /** Max spout pending used unless the configuration sets {@link Config#TOPOLOGY_MAX_SPOUT_PENDING}. */
    public static final int DEFAULT_MAX_SPOUT_PENDING = 500;

    private static final String TEXT_RESOURCE = "reliable-text.txt";
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}']+");
    private static final Map<String, Shared> RUNS = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    private volatile Shared shared;
    /** The tally directory of a run with {@value #TALLY_DIR}, else null. */
    private volatile Path tallyDir;

    /** State shared by the tasks of one run and the code watching it. */
    private static final class Shared {
        final List<String> lines;
        final long total;
        final AtomicLong emitted = new AtomicLong();
        final AtomicLong acked = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong replayed = new AtomicLong();
        final AtomicLong duplicates = new AtomicLong();
        final Map<String, Long> counts = new ConcurrentHashMap<>();

        Shared(List<String> lines, int passes) {
            this.lines = lines;
            this.total = (long) lines.size() * passes;
        }
    }

    /** A snapshot of the run's progress, counted by the spout and the counting bolt. */
    public record Progress(long total, long emitted, long acked, long failed, long replayed, long duplicatesIgnored) {
        /** True once every line (of every pass) has been fully processed. */
        public boolean complete() {
            return acked == total;
        }
    }

    /**
     * Builds the topology for {@code conf}, reading {@value #FAIL_FRACTION}, {@value #SEED} and
     * {@value #PASSES} from it (numbers or numeric strings). Call once per instance.
     *
     * @throws IllegalArgumentException naming the key, if a value is not valid
     */
    public synchronized StormTopology build(Map<String, Object> conf) {
        if (shared != null) {
            throw new IllegalStateException("build() was called already; use a new ReliableWordCount per run");
        }
        double failFraction = doubleConf(conf, FAIL_FRACTION, DEFAULT_FAIL_FRACTION);
        if (!(failFraction >= 0 && failFraction < 1)) {
            throw new IllegalArgumentException(FAIL_FRACTION + " must be at least 0 and below 1, got " + failFraction);
        }
        long seed = (long) doubleConf(conf, SEED, DEFAULT_SEED);
        double passes = doubleConf(conf, PASSES, DEFAULT_PASSES);
        if (passes < 1 || passes != Math.rint(passes) || passes > 1_000_000) {
            throw new IllegalArgumentException(PASSES + " must be a whole number from 1 to 1000000, got "
                    + conf.get(PASSES));
        }
        Shared s = new Shared(text(), (int) passes);
        Tally tally;
        Object dir = conf == null ? null : conf.get(TALLY_DIR);
        if (dir != null) {
            tallyDir = Path.of(dir.toString()).toAbsolutePath();
            try {
                Files.createDirectories(tallyDir);
            } catch (IOException e) {
                throw new UncheckedIOException(TALLY_DIR + " " + tallyDir + " cannot be created: " + e.getMessage(), e);
            }
            tally = new FileTally(tallyDir.toString());
        } else {
            RUNS.put(id, s);
            tally = new JvmTally(id);
        }
        shared = s;

        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("lines", new LineSpout(tally, s.total), 2);
        builder.setBolt("split", new SplitLine(), 2).shuffleGrouping("lines");
        builder.setBolt("flaky", new FlakyBolt(failFraction, seed), 2).shuffleGrouping("split");
        builder.setBolt("count", new CountBolt(tally), 2).fieldsGrouping("flaky", new Fields("word"));
        return builder.createTopology();
    }

    /** The configuration {@link #main} submits with: {@code conf} plus a max spout pending if it has none. */
    public static Config defaultConfig(Map<String, Object> conf) {
        Config c = new Config(conf);
        c.putIfAbsent(Config.TOPOLOGY_MAX_SPOUT_PENDING, DEFAULT_MAX_SPOUT_PENDING);
        return c;
    }

    private Shared shared() {
        Shared s = shared;
        if (s == null) {
            throw new IllegalStateException("build() has not been called");
        }
        return s;
    }

    public Progress progress() {
        Shared s = shared();
        if (tallyDir != null) {
            return readTally(s).progress;
        }
        return new Progress(s.total, s.emitted.get(), s.acked.get(), s.failed.get(), s.replayed.get(),
                s.duplicates.get());
    }

    /** True once every line has been acked. */
    public boolean isComplete() {
        return progress().complete();
    }

    /** The words counted so far, sorted. */
    public Map<String, Long> counts() {
        Shared s = shared();
        if (tallyDir != null) {
            return readTally(s).counts;
        }
        return new TreeMap<>(s.counts);
    }

    /** The word counts computed directly from the text (times the number of passes), sorted. */
    public Map<String, Long> expectedCounts() {
        Shared s = shared();
        long passes = s.total / Math.max(1, s.lines.size());
        Map<String, Long> once = countWords(s.lines);
        Map<String, Long> out = new TreeMap<>();
        once.forEach((w, n) -> out.put(w, n * passes));
        return out;
    }

    /** True when every line was acked and the counts equal those computed from the text. */
    public boolean verify() {
        return isComplete() && counts().equals(expectedCounts());
    }

    /** Forgets the run's shared state. */
    @Override
    public void close() {
        RUNS.remove(id);
    }

    // ---- the tally ----------------------------------------------------------------------------

    /** Where the tasks report what they do; serialized into the components. */
    private interface Tally extends Serializable {
        /** The reports of one task, opened in its open/prepare. */
        TaskTally forTask(String componentId, int taskId);
    }

    /** One task's reports. Used on the task's thread. */
    private interface TaskTally {
        void emitted();

        void acked();

        void failed();

        void replayed();

        void duplicate();

        void counted(String word);
    }

    /** The default: the run's {@link Shared} object, found in this JVM's registry. */
    private record JvmTally(String runId) implements Tally {
        @Override
        public TaskTally forTask(String componentId, int taskId) {
            Shared run = RUNS.get(runId);
            return new TaskTally() {
                @Override
                public void emitted() {
                    if (run != null) {
                        run.emitted.incrementAndGet();
                    }
                }

                @Override
                public void acked() {
                    if (run != null) {
                        run.acked.incrementAndGet();
                    }
                }

                @Override
                public void failed() {
                    if (run != null) {
                        run.failed.incrementAndGet();
                    }
                }

                @Override
                public void replayed() {
                    if (run != null) {
                        run.replayed.incrementAndGet();
                    }
                }

                @Override
                public void duplicate() {
                    if (run != null) {
                        run.duplicates.incrementAndGet();
                    }
                }

                @Override
                public void counted(String word) {
                    if (run != null) {
                        run.counts.merge(word, 1L, Long::sum);
                    }
                }
            };
        }
    }

    /**
     * Reports as lines appended to a file per task ({@code <component>-<task>.tally}): one letter
     * per event, {@code W word} per word counted. Each line is written whole, at once, so a
     * process that dies loses at most the line it had not written.
     */
    private record FileTally(String dir) implements Tally {
        @Override
        public TaskTally forTask(String componentId, int taskId) {
            OutputStream out;
            try {
                out = new FileOutputStream(Path.of(dir, componentId + "-" + taskId + ".tally").toFile(), true);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the tally of " + componentId + " task " + taskId + ": " + e, e);
            }
            return new TaskTally() {
                private void line(String l) {
                    try {
                        out.write((l + "\n").getBytes(StandardCharsets.UTF_8));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void emitted() {
                    line("E");
                }

                @Override
                public void acked() {
                    line("A");
                }

                @Override
                public void failed() {
                    line("F");
                }

                @Override
                public void replayed() {
                    line("R");
                }

                @Override
                public void duplicate() {
                    line("D");
                }

                @Override
                public void counted(String word) {
                    line("W " + word);
                }
            };
        }
    }

    private record TallyFiles(Progress progress, Map<String, Long> counts) {
    }

    /** Everything the task files of the tally directory say so far. */
    private TallyFiles readTally(Shared s) {
        long emitted = 0;
        long acked = 0;
        long failed = 0;
        long replayed = 0;
        long duplicates = 0;
        Map<String, Long> counts = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(tallyDir, "*.tally")) {
            for (Path f : files) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (line.isEmpty()) {
                        continue;
                    }
                    switch (line.charAt(0)) {
                        case 'E' -> emitted++;
                        case 'A' -> acked++;
                        case 'F' -> failed++;
                        case 'R' -> replayed++;
                        case 'D' -> duplicates++;
                        case 'W' -> counts.merge(line.substring(2), 1L, Long::sum);
                        default -> throw new IllegalStateException("unexpected line '" + line + "' in " + f);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tally in " + tallyDir + ": " + e.getMessage(), e);
        }
        return new TallyFiles(new Progress(s.total, emitted, acked, failed, replayed, duplicates), counts);
    }

    // ---- the text ---------------------------------------------------------------------------

    /** The non-blank lines of the bundled text. */
    public static List<String> text() {
        InputStream in = ReliableWordCount.class.getResourceAsStream(TEXT_RESOURCE);
        if (in == null) {
            throw new IllegalStateException("resource " + TEXT_RESOURCE + " is missing from the classpath");
        }
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(lines);
    }

    /** The words of a line: lower case, split on anything but letters, digits and inner apostrophes. */
    public static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        for (String w : NON_WORD.split(line.toLowerCase(Locale.ROOT))) {
            int from = 0;
            int to = w.length();
            while (from < to && w.charAt(from) == '\'') {
                from++;
            }
            while (to > from && w.charAt(to - 1) == '\'') {
                to--;
            }
            if (from < to) {
                out.add(w.substring(from, to));
            }
        }
        return out;
    }

    /** Word counts of some lines, computed directly (no topology). */
    public static Map<String, Long> countWords(List<String> lines) {
        Map<String, Long> out = new TreeMap<>();
        for (String line : lines) {
            for (String w : words(line)) {
                out.merge(w, 1L, Long::sum);
            }
        }
        return out;
    }

    private static double doubleConf(Map<String, Object> conf, String key, double dflt) {
        Object v = conf == null ? null : conf.get(key);
        if (v == null) {
            return dflt;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(v.toString().trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
        }
    }

    // ---- the components ---------------------------------------------------------------------

    /**
     * Emits the lines of the text (task i of n takes the lines i, i + n, ...) as (id, line) with
     * the line's number as message id; re-emits failed lines before new ones.
     */
    public static class LineSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final Tally tally;
        private final long total;
        private transient SpoutOutputCollector collector;
        private transient TaskTally reports;
        private transient List<String> lines;
        private transient ArrayDeque<Long> replay;
        private transient long next;
        private transient int step;

        LineSpout(Tally tally, long total) {
            this.tally = tally;
            this.total = total;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.reports = tally.forTask(context.getThisComponentId(), context.getThisTaskId());
            this.lines = text();
            this.replay = new ArrayDeque<>();
            this.next = context.getThisTaskIndex();
            this.step = context.getThisComponentTasks().size();
        }

        @Override
        public void nextTuple() {
            Long id = replay.poll();
            if (id != null) {
                reports.replayed();
                emit(id);
            } else if (next < total) {
                reports.emitted();
                emit(next);
                next += step;
            }
        }

        private void emit(long id) {
            String line = lines.get((int) (id % lines.size()));
            collector.emit(new Values(id, line), id);
        }

        @Override
        public void ack(Object msgId) {
            reports.acked();
        }

        @Override
        public void fail(Object msgId) {
            reports.failed();
            replay.add((Long) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "line"));
        }
    }

    /** Emits (id, pos, word) for every word of the line, anchored to it; then acks the line. */
    public static class SplitLine extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            long id = input.getLong(0);
            List<String> words = words(input.getString(1));
            for (int pos = 0; pos < words.size(); pos++) {
                collector.emit(input, new Values(id, pos, words.get(pos)));
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "pos", "word"));
        }
    }

    /** Fails a fraction of its input (seeded random per task); passes the rest on, anchored. */
    public static class FlakyBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final double failFraction;
        private final long seed;
        private transient OutputCollector collector;
        private transient Random random;

        FlakyBolt(double failFraction, long seed) {
            this.failFraction = failFraction;
            this.seed = seed;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.random = new Random(seed + context.getThisTaskId());
        }

        @Override
        public void execute(Tuple input) {
            if (random.nextDouble() < failFraction) {
                collector.fail(input);
                return;
            }
            collector.emit(input, input.getValues());
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "pos", "word"));
        }
    }

    /**
     * Counts each (line id, position) once. The fields grouping on "word" sends every occurrence
     * of a word, first delivery and replays alike, to the same task, so a per-task set suffices.
     */
    public static class CountBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final Tally tally;
        private transient OutputCollector collector;
        private transient TaskTally reports;
        private transient Set<Long> seen;

        CountBolt(Tally tally) {
            this.tally = tally;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.reports = tally.forTask(context.getThisComponentId(), context.getThisTaskId());
            this.seen = new HashSet<>();
        }

        @Override
        public void execute(Tuple input) {
            long key = (input.getLong(0) << 20) | input.getInteger(1);
            if (seen.add(key)) {
                reports.counted(input.getString(2));
            } else {
                reports.duplicate();
            }
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    // ---- standalone run -----------------------------------------------------------------------

    public static void main(String[] args) throws Exception {
        Map<String, Object> overrides = new HashMap<>();
        if (args.length > 0) {
            overrides.put(FAIL_FRACTION, args[0]);
        }
        Config conf = defaultConfig(overrides);
        try (ReliableWordCount job = new ReliableWordCount(); LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology("reliable-word-count", conf, job.build(conf));
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!job.isComplete() && System.nanoTime() < deadline) {
                Utils.sleep(100);
            }
            cluster.killTopology("reliable-word-count");
            Progress p = job.progress();
            System.out.printf("%d of %d lines acked; %d failed and replayed; %d replayed words counted once%n",
                    p.acked(), p.total(), p.failed(), p.duplicatesIgnored());
            boolean ok = job.verify();
            System.out.println(ok ? "word counts match the text exactly" : "word counts DIFFER from the text");
            if (!ok) {
                System.exit(1);
            }
        }
    }
}
