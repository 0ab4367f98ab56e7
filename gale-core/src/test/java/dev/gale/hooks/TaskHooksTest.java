package dev.gale.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.hooks.info.BoltAckInfo;
import dev.gale.hooks.info.BoltExecuteInfo;
import dev.gale.hooks.info.BoltFailInfo;
import dev.gale.hooks.info.EmitInfo;
import dev.gale.hooks.info.SpoutAckInfo;
import dev.gale.hooks.info.SpoutFailInfo;
import dev.gale.stats.ComponentStats;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Task hooks hear of every emit, ack, fail and execute of their task, on its thread, as in Storm. */
class TaskHooksTest {
    private static final Map<String, Queue<String>> EVENTS = new ConcurrentHashMap<>();
    /** Events of hooks created by class name (topology.auto.task.hooks), which cannot be given a key. */
    private static final Queue<String> AUTO_EVENTS = new ConcurrentLinkedQueue<>();

    @BeforeEach
    void clearAutoEvents() {
        AUTO_EVENTS.clear();
    }

    /** Records each event as text: "emit default [ok] -> [3]", "boltAck [ok]", ... */
    static class RecordingHook extends BaseTaskHook {
        private final Queue<String> out;
        private String component;

        RecordingHook(Queue<String> out) {
            this.out = out;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            component = context.getThisComponentId();
            out.add(component + " prepare " + conf.get(Config.TOPOLOGY_NAME));
        }

        @Override
        public void emit(EmitInfo info) {
            out.add(component + " emit " + info.stream + " " + info.values + " -> " + info.outTasks.size() + " task(s)");
        }

        @Override
        public void spoutAck(SpoutAckInfo info) {
            out.add(component + " spoutAck " + info.messageId + " latency " + info.completeLatencyMs);
        }

        @Override
        public void spoutFail(SpoutFailInfo info) {
            out.add(component + " spoutFail " + info.messageId);
        }

        @Override
        public void boltExecute(BoltExecuteInfo info) {
            out.add(component + " boltExecute " + info.tuple.getValues());
        }

        @Override
        public void boltAck(BoltAckInfo info) {
            out.add(component + " boltAck " + info.tuple.getValues());
        }

        @Override
        public void boltFail(BoltFailInfo info) {
            out.add(component + " boltFail " + info.tuple.getValues());
        }

        @Override
        public void cleanup() {
            out.add(component + " cleanup");
        }
    }

    /** Created by name from topology.auto.task.hooks. */
    public static class AutoHook extends RecordingHook {
        public AutoHook() {
            super(AUTO_EVENTS);
        }
    }

    /** Adds a recording hook in prepare; forwards "ok" anchored and acks it, fails anything else. */
    static final class HookedBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        final String key = UUID.randomUUID().toString();
        private transient OutputCollector collector;

        HookedBolt() {
            EVENTS.put(key, new ConcurrentLinkedQueue<>());
        }

        List<String> events() {
            return List.copyOf(EVENTS.get(key));
        }

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            context.addTaskHook(new RecordingHook(EVENTS.get(key)));
        }

        @Override
        public void execute(Tuple input) {
            if ("ok".equals(input.getString(0))) {
                collector.emit(input, new Values("ok"));
                collector.ack(input);
            } else {
                collector.fail(input);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** A no-op bolt that acks. */
    static final class AckingBolt extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void hooksAddedInPrepareAndByConfigurationHearEveryEventOfTheirTask() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        HookedBolt bolt = new HookedBolt();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("mid", bolt).shuffleGrouping("spout");
        b.setBolt("end", new AckingBolt()).shuffleGrouping("mid");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(AutoHook.class.getName()));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("hooks", conf, b.createTopology());
            spout.feed(new Values("ok"), 1);
            cluster.waitForIdle();
            spout.feed(new Values("bad"), 2);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
            assertThat(spout.getFailed()).containsExactly(2);
            cluster.killTopology("hooks");
        }
        assertThat(bolt.events()).containsExactly(
                "mid prepare hooks",
                "mid emit default [ok] -> 1 task(s)", "mid boltAck [ok]", "mid boltExecute [ok]",
                "mid boltFail [bad]", "mid boltExecute [bad]",
                "mid cleanup");
        // Auto hooks run in every task of every component, before open/prepare, with the same events.
        assertThat(AUTO_EVENTS).contains("spout prepare hooks", "mid prepare hooks", "end prepare hooks",
                "spout emit default [ok] -> 1 task(s)", "spout emit default [bad] -> 1 task(s)",
                "spout spoutAck 1 latency 0", "spout spoutFail 2",
                "end boltExecute [ok]", "end boltAck [ok]",
                "spout cleanup", "mid cleanup", "end cleanup");
        assertThat(AUTO_EVENTS).filteredOn(e -> e.startsWith("mid ")).containsSubsequence(
                "mid prepare hooks", "mid emit default [ok] -> 1 task(s)", "mid boltAck [ok]", "mid boltExecute [ok]",
                "mid boltFail [bad]", "mid boltExecute [bad]", "mid cleanup");
    }

    /** Throws on every emit it hears of. */
    public static class ThrowingHook extends BaseTaskHook {
        @Override
        public void emit(EmitInfo info) {
            throw new IllegalStateException("hook broke");
        }
    }

    @Test
    void aHookThatThrowsIsReportedWithItsTaskAndTheTupleGoesOn() {
        FeederSpout spout = new FeederSpout(new Fields("word"));
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("end", new AckingBolt()).shuffleGrouping("spout");
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of(ThrowingHook.class.getName()));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("throwing", conf, b.createTopology());
            spout.feed(new Values("w"), 1);
            cluster.waitForIdle();
            assertThat(spout.getAcked()).containsExactly(1);
            ComponentStats spoutStats = cluster.getTopologyStats("throwing").component("spout").orElseThrow();
            assertThat(spoutStats.lastErrors()).anySatisfy(e ->
                    assertThat(e.message()).contains(ThrowingHook.class.getName()).contains("emit").contains("hook broke"));
        }
    }

    @Test
    void anAutoHookThatCannotBeCreatedFailsTheSubmitNamingTheKey() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of("no.such.Hook"));
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            assertThatThrownBy(() -> cluster.submitTopology("bad-hook", conf, b.createTopology()))
                    .isInstanceOf(InvalidTopologyException.class).hasMessageContaining("no.such.Hook")
                    .hasMessageContaining(Config.TOPOLOGY_AUTO_TASK_HOOKS).hasMessageContaining("spout 'spout'");
        }
    }
}
