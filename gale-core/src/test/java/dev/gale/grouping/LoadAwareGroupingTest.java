package dev.gale.grouping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.Internals;
import dev.gale.LocalCluster;
import dev.gale.generated.GlobalStreamId;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** Load-aware and Storm's public groupings are accepted by customGrouping and route in a running topology. */
class LoadAwareGroupingTest {
    private static final Queue<String> REFRESHES = new ConcurrentLinkedQueue<>();
    private static final Queue<Integer> EXECUTED_BY = new ConcurrentLinkedQueue<>();

    /** Sends everything to the target with the lowest load, the first one on a tie. */
    static final class LeastLoaded implements LoadAwareCustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        private List<Integer> targets;
        private LoadMapping load;

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            targets = new ArrayList<>(targetTasks);
        }

        @Override
        public void refreshLoad(LoadMapping loadMapping) {
            load = loadMapping;
            List<Double> loads = new ArrayList<>();
            for (int t : targets) {
                loads.add(loadMapping.get(t));
            }
            REFRESHES.add(loads.toString());
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            int best = targets.get(0);
            for (int t : targets) {
                if (load.get(t) < load.get(best)) {
                    best = t;
                }
            }
            return List.of(best);
        }
    }

    /** Records which task executed each input. */
    static final class TaskRecordingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;
        private transient int task;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            this.task = context.getThisTaskId();
        }

        @Override
        public void execute(Tuple input) {
            EXECUTED_BY.add(task);
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aLoadAwareGroupingIsRefreshedOnceWithEveryTargetAlikeAndRoutes() {
        REFRESHES.clear();
        EXECUTED_BY.clear();
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("bolt", new TaskRecordingBolt(), 3).customGrouping("spout", new LeastLoaded());
        b.setBolt("shuffled", new TaskRecordingBolt(), 2).customGrouping("spout", new ShuffleGrouping());
        b.setBolt("pkg", new TaskRecordingBolt(), 2).customGrouping("spout", new PartialKeyGrouping(new Fields("word")));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("load-aware", new Config(), b.createTopology());
            for (int i = 0; i < 4; i++) {
                spout.feed(new Values("w"), i);
            }
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactlyInAnyOrder(0, 1, 2, 3);
            List<Integer> boltTasks = Internals.running(cluster, "load-aware").plan().tasksOf("bolt");
            List<Integer> shuffledTasks = Internals.running(cluster, "load-aware").plan().tasksOf("shuffled");
            List<Integer> pkgTasks = Internals.running(cluster, "load-aware").plan().tasksOf("pkg");
            assertThat(REFRESHES).containsExactly("[1.0, 1.0, 1.0]");
            assertThat(EXECUTED_BY).filteredOn(boltTasks::contains).containsOnly(boltTasks.get(0)).hasSize(4);
            // Round-robin over two tasks, and one hot key alternated over both of its candidates.
            assertThat(EXECUTED_BY).filteredOn(shuffledTasks::contains).hasSize(4)
                    .containsAll(shuffledTasks);
            assertThat(EXECUTED_BY).filteredOn(pkgTasks::contains).hasSize(4).containsAll(pkgTasks);
        }
    }
}
