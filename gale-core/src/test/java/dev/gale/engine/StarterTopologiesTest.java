package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.IRichSpout;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's ExclamationTopology and WordCountTopology, ported by changing imports from
 * org.apache.storm to dev.gale, run on fixed input to exact results.
 */
class StarterTopologiesTest {

    // ---- storm-starter ExclamationTopology (component code as in storm-starter) ---------------

    /** storm-starter's ExclamationBolt, unchanged. */
    public static class ExclamationBolt extends BaseRichBolt {
        OutputCollector _collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            _collector = collector;
        }

        @Override
        public void execute(Tuple tuple) {
            _collector.emit(tuple, new Values(tuple.getString(0) + "!!!"));
            _collector.ack(tuple);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** The topology of ExclamationTopology.run, with a sink added after "exclaim2" to collect the output. */
    static StormTopology exclamationTopology(IRichSpout wordSpout, Bolts.Sink collect) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("word", wordSpout, 10);
        builder.setBolt("exclaim1", new ExclamationBolt(), 3).shuffleGrouping("word");
        builder.setBolt("exclaim2", new ExclamationBolt(), 2).shuffleGrouping("exclaim1");
        builder.setBolt("collect", collect).shuffleGrouping("exclaim2");
        return builder.createTopology();
    }

    /**
     * Like storm-starter's TestWordSpout (same words and output field) but deterministic and
     * finite: each task emits the word list once, in order, tracked by message id, then nothing.
     */
    public static class FixedWordSpout extends BaseRichSpout {
        static final String[] WORDS = new String[] {"nathan", "mike", "jackson", "golda", "bertels"};
        final Bolts.Notes acked = new Bolts.Notes();
        SpoutOutputCollector _collector;
        int next;
        int task;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            _collector = collector;
            task = context.getThisTaskId();
        }

        @Override
        public void nextTuple() {
            if (next < WORDS.length) {
                _collector.emit(new Values(WORDS[next]), task + ":" + next);
                next++;
            }
        }

        @Override
        public void ack(Object msgId) {
            acked.add((String) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    @Test
    void exclamationTopologyAddsSixExclamationMarksToEveryWord() {
        FixedWordSpout spout = new FixedWordSpout();
        Bolts.Sink collect = new Bolts.Sink();
        int expected = 10 * FixedWordSpout.WORDS.length;
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("exclamation", new Config(), exclamationTopology(spout, collect));
            cluster.waitForIdle();
            assertThat(spout.acked.all()).hasSizeGreaterThanOrEqualTo(expected);

            Map<Object, Long> outputs = collect.record.seen().stream()
                    .collect(Collectors.groupingBy(s -> s.values().get(0), Collectors.counting()));
            Map<Object, Long> wanted = Arrays.stream(FixedWordSpout.WORDS)
                    .collect(Collectors.toMap(w -> w + "!!!!!!", w -> 10L));
            assertThat(outputs).isEqualTo(wanted);
            assertThat(spout.acked.all()).hasSize(expected).doesNotHaveDuplicates();
            assertThat(collect.record.seen()).allSatisfy(s -> assertThat(s.sourceComponent()).isEqualTo("exclaim2"));
        }
    }

    // ---- storm-starter WordCountTopology ----------------------------------------------------

    /**
     * The Java SplitSentence of Storm's tutorial (storm-starter's WordCountTopology runs a Python
     * one through ShellBolt, which gale-examples runs as it is).
     */
    public static class SplitSentence extends BaseBasicBolt {
        @Override
        public void execute(Tuple tuple, BasicOutputCollector collector) {
            String sentence = tuple.getString(0);
            for (String word : sentence.split(" ")) {
                collector.emit(new Values(word));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** storm-starter's WordCount, unchanged. */
    public static class WordCount extends BaseBasicBolt {
        Map<String, Integer> counts = new HashMap<String, Integer>();

        @Override
        public void execute(Tuple tuple, BasicOutputCollector collector) {
            String word = tuple.getString(0);
            Integer count = counts.get(word);
            if (count == null) {
                count = 0;
            }
            count++;
            counts.put(word, count);
            collector.emit(new Values(word, count));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    /** The topology of WordCountTopology.run (same ids and parallelism), plus a sink collecting the counts. */
    static StormTopology wordCountTopology(IRichSpout sentenceSpout, Bolts.Sink collect) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", sentenceSpout, 5);
        builder.setBolt("split", new SplitSentence(), 8).shuffleGrouping("spout");
        builder.setBolt("count", new WordCount(), 12).fieldsGrouping("split", new Fields("word"));
        builder.setBolt("collect", collect).shuffleGrouping("count");
        return builder.createTopology();
    }

    /** RandomSentenceSpout's sentences. */
    private static final String[] SENTENCES = new String[] {"the cow jumped over the moon",
        "an apple a day keeps the doctor away", "four score and seven years ago", "snow white and the seven dwarfs",
        "i am at two with nature"};

    @Test
    void wordCountTopologyCountsEveryWordExactly() {
        runWordCount(new Config(), 12);
    }

    /** storm-starter's local mode runs WordCountTopology with conf.setMaxTaskParallelism(3). */
    @Test
    void wordCountTopologyInStarterLocalModeCapsEveryComponentAtThreeTasks() {
        Config conf = new Config();
        conf.setMaxTaskParallelism(3);
        runWordCount(conf, 3);
    }

    private void runWordCount(Config conf, int countTasks) {
        FeederSpout spout = new FeederSpout(new Fields("sentence"));
        Bolts.Sink collect = new Bolts.Sink();
        // Sentence i is fed 3 * (i + 1) times, interleaved.
        List<String> input = new ArrayList<>();
        for (int round = 0; round < 15; round++) {
            for (int i = 0; i < SENTENCES.length; i++) {
                if (round < 3 * (i + 1)) {
                    input.add(SENTENCES[i]);
                }
            }
        }
        Map<String, Integer> expected = new TreeMap<>();
        for (String sentence : input) {
            for (String word : sentence.split(" ")) {
                expected.merge(word, 1, Integer::sum);
            }
        }
        int totalWords = expected.values().stream().mapToInt(Integer::intValue).sum();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("word-count", conf, wordCountTopology(spout, collect));
            for (int i = 0; i < input.size(); i++) {
                spout.feed(new Values(input.get(i)), i);
            }
            cluster.waitForIdle();

            assertThat(spout.getAcked()).containsExactlyInAnyOrderElementsOf(
                    IntStream.range(0, input.size()).boxed().toList());
            assertThat(spout.getFailed()).isEmpty();
            assertThat(collect.record.seen()).hasSize(totalWords);
            // Each word was counted by one task: its emitted counts are exactly 1..n.
            Map<String, List<Integer>> countsByWord = collect.record.seen().stream().collect(Collectors.groupingBy(
                    s -> (String) s.values().get(0), TreeMap::new,
                    Collectors.mapping(s -> (Integer) s.values().get(1), Collectors.toList())));
            assertThat(countsByWord.keySet()).containsExactlyElementsOf(expected.keySet());
            expected.forEach((word, n) -> assertThat(countsByWord.get(word)).as(word)
                    .containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, n).boxed().toList()));
            assertThat(cluster.getTopologyStats("word-count").component("count").orElseThrow().tasks())
                    .hasSize(countTasks);
            assertThat(expected).containsEntry("the", 3 * 2 + 6 * 1 + 12 * 1).containsEntry("seven", 9 + 12);
        }
    }
}
