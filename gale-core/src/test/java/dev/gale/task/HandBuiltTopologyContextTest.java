package dev.gale.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.StormTopology;
import dev.gale.metric.api.CountMetric;
import dev.gale.metric.api.IMetric;
import dev.gale.metrics2.StormMetricRegistry;
import dev.gale.testing.FeederSpout;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Contexts built with Storm's public constructors, as Storm's own tests and projects' test doubles
 * build them, answer from the topology and maps they were given.
 */
class HandBuiltTopologyContextTest {

    /** Declares one stream of {@code fields}; its behaviour does not matter here. */
    static final class Declaring extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private final Fields fields;

        Declaring(Fields fields) {
            this.fields = fields;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(fields);
        }
    }

    private StormTopology topology;
    private final Map<String, Object> conf = new HashMap<>();
    private final Map<Integer, String> taskToComponent = new HashMap<>();
    private final Map<String, List<Integer>> componentTasks = new HashMap<>();
    private final Map<String, Map<String, Fields>> componentFields = new HashMap<>();

    @BeforeEach
    void topologyAndMaps() {
        TopologyBuilder wordCount = new TopologyBuilder();
        wordCount.setSpout("words", new FeederSpout(new Fields("word")));
        wordCount.setBolt("count", new Declaring(new Fields("word", "count")), 2).shuffleGrouping("words");
        wordCount.setBolt("sink", new Declaring(new Fields("line")), 1).fieldsGrouping("count", new Fields("word"));
        topology = wordCount.createTopology();
        conf.put(Config.TOPOLOGY_MESSAGE_TIMEOUT_SECS, 45);
        taskToComponent.putAll(Map.of(1, "words", 2, "count", 3, "count", 4, "sink"));
        componentTasks.putAll(Map.of("words", List.of(1), "count", List.of(2, 3), "sink", List.of(4)));
        componentFields.put("words", Map.of("default", new Fields("word"), "control", new Fields("cmd")));
        componentFields.put("count", Map.of("default", new Fields("word", "count")));
        componentFields.put("sink", Map.of("default", new Fields("line")));
    }

    private TopologyContext taskContext(int taskId, Map<Integer, Map<Integer, Map<String, IMetric>>> metricsV1,
                                        AtomicBoolean opened, StormMetricRegistry registry) {
        return new TopologyContext(topology, conf, taskToComponent, componentTasks, componentFields, new HashMap<>(),
                "words-1-1700000000", "/srv/storm/code", "/srv/storm/pids", taskId, 6703, List.of(1, 2, 3, 4),
                new HashMap<>(), new HashMap<>(), new HashMap<>(), metricsV1, opened, registry);
    }

    @Test
    void aTaskContextAnswersFromTheMapsAndTheTopology() {
        TopologyContext context = taskContext(3, new HashMap<>(), new AtomicBoolean(), new StormMetricRegistry());

        assertThat(context.getThisTaskId()).isEqualTo(3);
        assertThat(context.getThisComponentId()).isEqualTo("count");
        assertThat(context.getThisTaskIndex()).isEqualTo(1);
        assertThat(context.getComponentTasks("count")).containsExactly(2, 3);
        assertThat(context.getComponentTasks("nobody")).isEmpty();
        assertThat(context.getComponentId(-1)).isEqualTo("__system");
        assertThat(context.getStormId()).isEqualTo("words-1-1700000000");
        assertThat(context.getConf()).isSameAs(conf);
        assertThat(context.getRawTopology()).isSameAs(topology);
        assertThat(context.getThisStreams()).containsExactly("default");
        assertThat(context.getComponentStreams("words")).containsExactlyInAnyOrder("default", "control");
        assertThat(context.getComponentOutputFields("words", "control").toList()).containsExactly("cmd");
        assertThat(context.getComponentOutputFields(new GlobalStreamId("count", "default")).toList())
                .containsExactly("word", "count");
        assertThat(context.getThisSources()).containsOnlyKeys(new GlobalStreamId("words", "default"));
        assertThat(context.getThisTargets()).containsOnlyKeys("default");
        assertThat(context.getThisTargets().get("default")).containsOnlyKeys("sink");
        assertThat(context.getTargets("words").get("default")).containsOnlyKeys("count");
        assertThat(context.getComponentIds()).contains("words", "count", "sink");
        assertThat(context.maxTopologyMessageTimeout()).isEqualTo(45);
        assertThat(context.getThisWorkerTasks()).containsExactly(1, 2, 3, 4);
        assertThat(context.getThisWorkerPort()).isEqualTo(6703);
        assertThat(context.getCodeDir()).isEqualTo("/srv/storm/code");
        assertThat(context.getPIDDir()).isEqualTo("/srv/storm/pids");
        assertThat(context.getBlobToLastKnownVersion()).isEmpty();
        assertThatThrownBy(() -> context.getComponentOutputFields("count", "nope"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("count:nope");
    }

    @Test
    void inputAndOutputFieldsAreListedByComponentAndStream() {
        TopologyContext counter = taskContext(2, null, null, null);

        assertThat(counter.getThisOutputFieldsForStreams()).isEqualTo(Map.of("default", List.of("word", "count")));
        assertThat(counter.getThisInputFields()).isEqualTo(
                Map.of("words", Map.of("default", List.of("word"), "control", List.of("cmd"))));
        assertThat(taskContext(1, null, null, null).getThisInputFields()).isEmpty();
    }

    @Test
    void metricsGoWhereTheCallerSaid() {
        Map<Integer, Map<Integer, Map<String, IMetric>>> metricsV1 = new HashMap<>();
        AtomicBoolean opened = new AtomicBoolean();
        StormMetricRegistry registry = new StormMetricRegistry();
        TopologyContext context = taskContext(4, metricsV1, opened, registry);

        CountMetric emitted = context.registerMetric("emitted", new CountMetric(), 10);
        context.registerCounter("lines").inc(3);

        assertThat(metricsV1.get(10).get(4)).containsEntry("emitted", emitted);
        assertThat(context.getRegisteredMetricByName("emitted")).isSameAs(emitted);
        assertThat(registry.getTaskCounters(4).get("lines").getCount()).isEqualTo(3);
        opened.set(true);
        assertThatThrownBy(() -> context.registerMetric("late", new CountMetric(), 10))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sink");
    }

    @Test
    void aGeneralContextFollowsMapsFilledAfterItWasBuilt() {
        Map<Integer, String> tasks = new HashMap<>();
        GeneralTopologyContext context = new GeneralTopologyContext(topology, null, tasks, componentTasks,
                componentFields, "later");
        tasks.put(7, "sink");

        assertThat(context.getComponentId(7)).isEqualTo("sink");
        assertThat(context.getTaskToComponent()).containsEntry(7, "sink");
        assertThat(context.maxTopologyMessageTimeout()).isEqualTo(30);
        assertThat(context.getSources("sink")).containsOnlyKeys(new GlobalStreamId("count", "default"));
    }

    @Test
    void aWorkerContextReportsWhatItWasGiven() {
        WorkerTopologyContext worker = new WorkerTopologyContext(topology, conf, taskToComponent, componentTasks,
                componentFields, "w", null, null, null, List.of(2, 3), null, null);

        assertThat(worker.getThisWorkerTasks()).containsExactly(2, 3);
        assertThat(worker.getThisWorkerPort()).isNull();
        assertThat(worker.getCodeDir()).isNull();
        assertThat(worker.getResource("anything")).isNull();
        assertThat(worker.getConf()).isSameAs(conf);
    }
}
