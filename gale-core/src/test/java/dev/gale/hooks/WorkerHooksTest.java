package dev.gale.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.StormTopology;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.task.WorkerUserContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import dev.gale.utils.Utils;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** Worker hooks start before any task and stop after all of them; what they publish, tasks read. */
class WorkerHooksTest {
    private static final Map<String, Queue<String>> EVENTS = new ConcurrentHashMap<>();

    /** Publishes a resource at start; records start and shutdown. */
    static final class ResourceHook extends BaseWorkerHook {
        private static final long serialVersionUID = 1L;
        private final String key;

        ResourceHook(String key) {
            this.key = key;
        }

        @Override
        public void start(Map<String, Object> topoConf, WorkerUserContext context) {
            context.setResource("greeting", "hello from " + topoConf.get(Config.TOPOLOGY_NAME));
            EVENTS.get(key).add("start, tasks " + context.getThisWorkerTasks().size());
        }

        @Override
        public void shutdown() {
            EVENTS.get(key).add("shutdown");
        }
    }

    /** Records the resource it reads in prepare, and its cleanup. */
    static final class ReadingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final String key;
        private transient OutputCollector collector;

        ReadingBolt(String key) {
            this.key = key;
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            EVENTS.get(key).add("prepare read " + context.getResource("greeting"));
        }

        @Override
        public void execute(Tuple input) {
            collector.ack(input);
        }

        @Override
        public void cleanup() {
            EVENTS.get(key).add("cleanup");
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aWorkerHookStartsFirstPublishesResourcesForTasksAndShutsDownLast() {
        String key = UUID.randomUUID().toString();
        EVENTS.put(key, new ConcurrentLinkedQueue<>());
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("bolt", new ReadingBolt(key)).shuffleGrouping("spout");
        b.addWorkerHook(new ResourceHook(key));
        StormTopology topology = b.createTopology();
        assertThat(topology.get_worker_hooks()).hasSize(1);
        assertThat(Utils.javaDeserialize(topology.get_worker_hooks().get(0).array(), IWorkerHook.class))
                .isInstanceOf(ResourceHook.class);
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("worker-hooks", new Config(), topology);
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
            cluster.killTopology("worker-hooks");
        }
        assertThat(List.copyOf(EVENTS.get(key))).containsExactly(
                "start, tasks 3", // spout, bolt and acker: one worker runs them all
                "prepare read hello from worker-hooks",
                "cleanup",
                "shutdown");
    }

    @Test
    void aNullWorkerHookIsRefused() {
        assertThatThrownBy(() -> new TopologyBuilder().addWorkerHook(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
