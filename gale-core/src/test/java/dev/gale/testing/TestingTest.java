package dev.gale.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.StormTopology;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class TestingTest {

    /** A spout that would emit forever: mocked sources replace it. */
    static class EndlessSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            collector.emit(new Values("never mocked"));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
            declarer.declareStream("control", new Fields("command"));
        }
    }

    static class Split extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            for (String w : input.getString(0).split(" ")) {
                collector.emit(new Values(w));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    static class Count extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient Map<String, Integer> counts;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context) {
            counts = new HashMap<>();
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            String w = input.getString(0);
            int c = counts.merge(w, 1, Integer::sum);
            collector.emit(new Values(w, c));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
        }
    }

    private static StormTopology wordCount() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new EndlessSpout(), 3);
        b.setBolt("split", new Split(), 2).shuffleGrouping("sentences");
        b.setBolt("count", new Count(), 3).fieldsGrouping("split", new Fields("word"));
        return b.createTopology();
    }

    @Test
    void completesAWordCountOnMockedSentencesAndReturnsEveryEmit() {
        long start = System.nanoTime();
        CompletedTopology result = Testing.completeTopology(wordCount(), new MockedSources()
                .withMockData("sentences", new Values("the cat"), new Values("the dog"), new Values("a cat")));
        assertThat(Testing.readTuples(result, "sentences"))
                .containsExactly(List.of("the cat"), List.of("the dog"), List.of("a cat"));
        assertThat(result.emitted("split")).containsExactlyInAnyOrder(
                List.of("the"), List.of("cat"), List.of("the"), List.of("dog"), List.of("a"), List.of("cat"));
        assertThat(result.emitted("count")).contains(List.of("the", 2), List.of("cat", 2), List.of("dog", 1), List.of("a", 1))
                .hasSize(6);
        assertThat(result.acked("sentences")).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(result.failed("sentences")).isEmpty();
        assertThat(result.simulatedTime()).isZero();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void mockedTuplesOnANamedStream() {
        CompletedTopology result = Testing.completeTopology(wordCount(), new MockedSources()
                .withMockData("sentences", "control", new Values("stop")));
        assertThat(result.emitted("sentences", "control")).containsExactly(List.of("stop"));
        assertThat(result.emitted("split")).isEmpty();
    }

    /** Never acks: only a timeout ends its trees. */
    static class BlackHole extends BaseRichBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        }

        @Override
        public void execute(Tuple input) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void treesThatCannotCompleteAreTimedOutOnSimulatedTime() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new EndlessSpout());
        b.setBolt("split", new Split()).shuffleGrouping("sentences");
        b.setBolt("hole", new BlackHole()).shuffleGrouping("split");
        Config conf = new Config();
        conf.setMessageTimeoutSecs(20);
        long start = System.nanoTime();
        CompleteTopologyParam param = new CompleteTopologyParam();
        param.setStormConf(conf);
        param.setMockedSources(new MockedSources().withMockData("sentences", new Values("x y"), new Values("z")));
        CompletedTopology result = Testing.completeTopology(b.createTopology(), param);
        assertThat(result.failed("sentences")).containsExactlyInAnyOrder(0, 1);
        assertThat(result.acked("sentences")).isEmpty();
        assertThat(result.simulatedTime()).isBetween(Duration.ofSeconds(20), Duration.ofSeconds(25));
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void mockingASpoutTheTopologyDoesNotHaveIsAClearError() {
        assertThatThrownBy(() -> Testing.completeTopology(wordCount(),
                new MockedSources().withMockData("sentence", new Values("x"))))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("'sentence'").hasMessageContaining("sentences");
        assertThatThrownBy(() -> Testing.completeTopology(wordCount(),
                new MockedSources().withMockData("sentences", "nope", new Values("x"))))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("'nope'").hasMessageContaining("[default, control]");
    }

    @Test
    void anUnmockedSpoutThatCannotSayItIsDoneIsRejectedBeforeTheRun() {
        assertThatThrownBy(() -> Testing.completeTopology(wordCount(), new CompleteTopologyParam()))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContaining("spout 'sentences'").hasMessageContaining("EndlessSpout")
                .hasMessageContaining("CompletableSpout");
    }

    /** Emits {@code count} tracked tuples per task from its own (per-copy) state, then is exhausted. */
    static class CountdownSpout extends BaseRichSpout implements CompletableSpout {
        private static final long serialVersionUID = 1L;
        static final Map<String, Integer> STARTUPS = new ConcurrentHashMap<>();
        static final Map<String, Integer> CLEANS = new ConcurrentHashMap<>();
        private final String name;
        private final int count;
        private volatile int emitted;
        private transient SpoutOutputCollector collector;
        private transient int taskId;

        CountdownSpout(String name, int count) {
            this.name = name;
            this.count = count;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.taskId = context.getThisTaskId();
        }

        @Override
        public void nextTuple() {
            if (emitted < count) {
                collector.emit(new Values("w" + emitted + " x"), taskId * 1000 + emitted);
                emitted++;
            }
        }

        @Override
        public boolean isExhausted() {
            return emitted >= count;
        }

        @Override
        public void startup() {
            STARTUPS.merge(name, 1, Integer::sum);
        }

        @Override
        public void clean() {
            CLEANS.merge(name, 1, Integer::sum);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    @Test
    void anUnmockedCompletableSpoutRunsUntilItIsExhaustedAndEveryTreeIsDone() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new CountdownSpout("countdown", 5), 2);
        b.setBolt("split", new Split(), 2).shuffleGrouping("sentences");
        b.setBolt("count", new Count(), 3).fieldsGrouping("split", new Fields("word"));
        CompletedTopology result = Testing.completeTopology(b.createTopology(), new CompleteTopologyParam());
        assertThat(result.emitted("sentences")).hasSize(10);
        assertThat(result.emitted("split")).hasSize(20).filteredOn(t -> t.equals(List.of("x"))).hasSize(10);
        assertThat(result.acked("sentences")).hasSize(10).doesNotHaveDuplicates();
        assertThat(result.failed("sentences")).isEmpty();
        assertThat(result.simulatedTime()).isZero();
        assertThat(CountdownSpout.STARTUPS).containsEntry("countdown", 1);
        assertThat(CountdownSpout.CLEANS).containsEntry("countdown", 1);
    }

    /** Waits for input that never comes. */
    static class WaitingSpout extends CountdownSpout {
        private static final long serialVersionUID = 1L;

        WaitingSpout() {
            super("never", 0);
        }

        @Override
        public boolean isExhausted() {
            return false;
        }
    }

    @Test
    void aCompletableSpoutThatIsNeverExhaustedEndsWithAClearErrorAtTheLimit() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("sentences", new WaitingSpout());
        b.setBolt("split", new Split()).shuffleGrouping("sentences");
        assertThatThrownBy(() -> Testing.completeTopology(b.createTopology(), new CompleteTopologyParam()
                .setSimulatedTimeLimit(Duration.ofMinutes(2))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("did not complete")
                .hasMessageContaining("PT2M").hasMessageContaining("not exhausted [sentences]");
        assertThat(CountdownSpout.CLEANS).containsEntry("never", 1);
    }
}
