package dev.gale.examples;

import dev.gale.Config;
import dev.gale.examples.bolt.WordCountBolt;
import dev.gale.examples.spout.SentenceSpout;
import dev.gale.generated.StormTopology;
import dev.gale.metric.LoggingMetricsConsumer;
import dev.gale.metric.api.IMetric;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Word count whose splitter does its work on threads of its own: "split" hands each sentence to a
 * small pool, whose threads emit the words (anchored to the sentence) and ack the sentence, all
 * through the bolt's {@link OutputCollector}, which may be called from any thread. The splitter
 * also reports a metric v1, the words its pool emitted each second, which the registered
 * {@link LoggingMetricsConsumer} logs.
 *
 * <p>Run it with {@code gale run multithread-wordcount}.
 */
public final class ThreadPoolWordCount {
    private ThreadPoolWordCount() {
    }

    /**
     * Splits sentences on a pool of two threads of its own. The collector is shared with the pool's
     * threads; the counter behind its metric is atomic, as the pool and the metrics tick both use it.
     */
    public static class PooledSplitBolt extends BaseRichBolt {
        private static final long serialVersionUID = 3307717925521367088L;
        private transient OutputCollector collector;
        private transient ExecutorService pool;
        private transient AtomicLong wordsThisBucket;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.pool = Executors.newFixedThreadPool(2, r -> {
                Thread t = new Thread(r, "split-pool-" + context.getThisTaskId());
                t.setDaemon(true);
                return t;
            });
            this.wordsThisBucket = new AtomicLong();
            context.registerMetric("words-from-pool", (IMetric) () -> wordsThisBucket.getAndSet(0), 1);
        }

        @Override
        public void execute(Tuple sentence) {
            pool.execute(() -> {
                for (String word : Words.of(sentence.getStringByField("sentence"))) {
                    collector.emit(sentence, new Values(word));
                    wordsThisBucket.incrementAndGet();
                }
                collector.ack(sentence);
            });
        }

        @Override
        public void cleanup() {
            pool.shutdown();
            try {
                pool.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Used by {@code gale run multithread-wordcount}: "sentences" -> "split" (pooled) -> "count". */
    public static StormTopology createTopology(Map<String, Object> conf) {
        Config.registerMetricsConsumer(conf, LoggingMetricsConsumer.class);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("sentences", new SentenceSpout());
        builder.setBolt("split", new PooledSplitBolt()).shuffleGrouping("sentences");
        builder.setBolt("count", new WordCountBolt(), 2).fieldsGrouping("split", new Fields("word"));
        return builder.createTopology();
    }
}
