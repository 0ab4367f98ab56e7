package dev.gale.benchmarks.stormadapter;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.topology.BasicBoltExecutor;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.tuple.Tuple;

/**
 * The adapter's own work per tree, without Storm's executors, queues or acker: one thread drives
 * the word count's components as Storm's executors would call them (the spout's nextTuple and
 * ack, the split's and the count's execute), Gale's through gale-storm's wrappers and Storm's as
 * Storm runs them (a basic bolt in Storm's {@link BasicBoltExecutor}), into a collector that only
 * counts. Batches of each side alternate; prints nanoseconds per tree (the best and the median
 * batch) and the difference, which is what the adapter adds to every tree. Single-threaded, so
 * steadier than {@link AdapterOverhead} on a busy machine, but it leaves out what the adapter
 * changes in Storm's threads (allocation, inlining). Run by
 * {@code bench/adapter-overhead.sh --hot-path}.
 */
public final class AdapterHotPath {
    private AdapterHotPath() {
    }

    /** Counts what reaches it, so that nothing the components do can be optimized away. */
    static final class Sink implements IOutputCollector, ISpoutOutputCollector {
        long emits;
        long acks;

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            emits += tuple.size() + (anchors == null ? 0 : anchors.size());
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            emits++;
        }

        @Override
        public void ack(Tuple input) {
            acks++;
        }

        @Override
        public void fail(Tuple input) {
            throw new IllegalStateException("failed: " + input);
        }

        @Override
        public void resetTimeout(Tuple input) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
            throw new IllegalStateException("reported: " + error, error);
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            emits += tuple.size();
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            emits++;
        }

        @Override
        public long getPendingCount() {
            return 0;
        }
    }

    /** One side's components, prepared as Storm prepares them, and the tuples they are given. */
    static final class Side {
        final String name;
        final IRichSpout spout;
        final IRichBolt split;
        final IRichBolt count;
        final Sink sink = new Sink();
        final Tuple[] sentences;
        final Tuple[] words;

        Side(String name, HandDrivenTask task, IRichSpout spout, IRichBolt split, IRichBolt count) {
            this.name = name;
            this.spout = spout;
            this.split = split;
            this.count = count;
            Map<String, Object> conf = task.conf;
            spout.open(conf, task.context("sentences"), new SpoutOutputCollector(sink));
            split.prepare(conf, task.context("split"), new OutputCollector(sink));
            count.prepare(conf, task.context("count"), new OutputCollector(sink));
            sentences = new Tuple[5];
            for (int i = 0; i < sentences.length; i++) {
                sentences[i] = task.tuple("sentences", Probe.sentence(i));
            }
            words = Arrays.stream(Probe.sentence(0).split(" ")).map(w -> task.tuple("split", w)).toArray(Tuple[]::new);
        }

        /** {@code trees} trees: a sentence emitted and acked, split, and its words counted. */
        void trees(long trees) {
            for (long i = 0; i < trees; i++) {
                spout.nextTuple();
                spout.ack(i);
                split.execute(sentences[(int) (i % sentences.length)]);
                for (Tuple w : words) {
                    count.execute(w);
                }
            }
        }
    }

    public static void main(String[] args) {
        int batches = 20;
        long perBatch = 200_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--batches" -> batches = Integer.parseInt(args[++i]);
                case "--trees" -> perBatch = Long.parseLong(args[++i]);
                case "--quick" -> {
                    batches = 4;
                    perBatch = 50_000;
                }
                default -> throw new IllegalArgumentException("AdapterHotPath takes --batches N, --trees N (per batch)"
                        + " or --quick, not '" + args[i] + "'");
            }
        }
        HandDrivenTask task = new HandDrivenTask(GaleWordCount.conf(1, 1000), GaleWordCount.topology(1, 1, 1));
        Side gale = new Side("gale", task, (IRichSpout) task.component("sentences"), (IRichBolt) task.component("split"),
                (IRichBolt) task.component("count"));
        Side storm = new Side("storm", task, new StormWordCount.Sentences(), new BasicBoltExecutor(new StormWordCount.Split()),
                new BasicBoltExecutor(new StormWordCount.Count()));
        // Warm-up, both sides, before anything is timed.
        for (int i = 0; i < 3; i++) {
            gale.trees(perBatch);
            storm.trees(perBatch);
        }
        double[] g = new double[batches];
        double[] s = new double[batches];
        for (int b = 0; b < batches; b++) {
            g[b] = time(gale, perBatch);
            s[b] = time(storm, perBatch);
        }
        if (gale.sink.emits != storm.sink.emits || gale.sink.acks != storm.sink.acks) {
            throw new IllegalStateException("the two sides did different work: gale " + gale.sink.emits + " emits, "
                    + gale.sink.acks + " acks; storm " + storm.sink.emits + " emits, " + storm.sink.acks + " acks");
        }
        Arrays.sort(g);
        Arrays.sort(s);
        System.out.printf(Locale.ROOT, "hot path, ns per tree (1 sentence emitted and acked, split, %d words counted), %d batches of %,d trees:%n",
                storm.words.length, batches, perBatch);
        System.out.printf(Locale.ROOT, "  gale through the adapter: best %7.1f  median %7.1f%n", g[0], g[batches / 2]);
        System.out.printf(Locale.ROOT, "  storm's API:              best %7.1f  median %7.1f%n", s[0], s[batches / 2]);
        System.out.printf(Locale.ROOT, "  the adapter adds          best %+7.1f  median %+7.1f ns per tree%n", g[0] - s[0],
                g[batches / 2] - s[batches / 2]);
    }

    private static double time(Side side, long trees) {
        long t0 = System.nanoTime();
        side.trees(trees);
        return (System.nanoTime() - t0) / (double) trees;
    }
}
