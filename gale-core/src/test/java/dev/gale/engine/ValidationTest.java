package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.AlreadyAliveException;
import dev.gale.generated.GlobalStreamId;
import dev.gale.generated.InvalidTopologyException;
import dev.gale.generated.NotAliveException;
import dev.gale.generated.StormTopology;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.impl.topology.ComponentDef;
import dev.gale.impl.topology.TopologyPlan;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Invalid topologies and configurations are refused with messages naming what is wrong. */
class ValidationTest {
    private LocalCluster cluster;

    @BeforeEach
    void startCluster() {
        cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build();
    }

    @AfterEach
    void stopCluster() {
        cluster.close();
    }

    /** A builder with a spout "spout" declaring ("word") on the default stream and ("n") on the direct stream "direct". */
    private static TopologyBuilder builder() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", new FeederSpout(new Fields("word")));
        b.setBolt("director", new Bolts.Fn((in, c, ctx) -> { }).stream("direct", true, "n")
                .stream("plain", false, "n")).shuffleGrouping("spout");
        return b;
    }

    private void assertRefused(TopologyBuilder b, String... fragments) {
        assertRefused(b, new Config(), fragments);
    }

    private void assertRefused(TopologyBuilder b, Config conf, String... fragments) {
        assertThatThrownBy(() -> cluster.submitTopology("invalid", conf, b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContainingAll(fragments);
        assertThat(cluster.getTopologyNames()).isEmpty();
    }

    @Test
    void unknownComponentInAGroupingIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("count", new Bolts.Sink()).shuffleGrouping("spuot");
        assertRefused(b, "'count'", "'spuot'", "'default'", "no component");
    }

    @Test
    void unknownStreamOfAKnownComponentIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("count", new Bolts.Sink()).shuffleGrouping("spout", "words");
        assertRefused(b, "'count'", "'spout'", "'words'", "[default]");
    }

    @Test
    void fieldsGroupingOnAnUndeclaredFieldIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("count", new Bolts.Sink()).fieldsGrouping("spout", new Fields("wrod"));
        assertRefused(b, "'count'", "'spout'", "'default'", "'wrod'", "[word]");
    }

    @Test
    void partialKeyGroupingOnAnUndeclaredFieldIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("count", new Bolts.Sink()).partialKeyGrouping("spout", new Fields("key"));
        assertRefused(b, "'count'", "'spout'", "'default'", "'key'");
    }

    @Test
    void directGroupingOnANonDirectStreamIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("sink", new Bolts.Sink()).directGrouping("director", "plain");
        assertRefused(b, "'sink'", "'director'", "'plain'", "not declared direct");
    }

    @Test
    void nonDirectGroupingOnADirectStreamIsRefused() {
        TopologyBuilder b = builder();
        b.setBolt("sink", new Bolts.Sink()).shuffleGrouping("director", "direct");
        assertRefused(b, "'sink'", "'director'", "'direct'", "declared direct", "directGrouping");
    }

    @Test
    void duplicateComponentIdsAreRefusedByTheBuilder() {
        TopologyBuilder b = builder();
        assertThatThrownBy(() -> b.setBolt("director", new Bolts.Sink()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'director'");
        assertThatThrownBy(() -> b.setBolt("spout", new Bolts.Sink()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'spout'");
        assertThatThrownBy(() -> b.setSpout("director", new FeederSpout(new Fields("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'director'");
    }

    @Test
    void parallelismAndTaskCountsBelowOneAreRefusedByTheBuilder() {
        TopologyBuilder b = builder();
        assertThatThrownBy(() -> b.setBolt("zero", new Bolts.Sink(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("'zero'", "parallelism", "0");
        assertThatThrownBy(() -> b.setSpout("negative", new FeederSpout(new Fields("x")), -2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("'negative'", "-2");
        assertThatThrownBy(() -> b.setBolt("fraction", new Bolts.Sink(), 1.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("'fraction'", "1.5");
        assertThatThrownBy(() -> b.setBolt("tasks", new Bolts.Sink(), 2).setNumTasks(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContainingAll("'tasks'", "tasks", "0");
    }

    /**
     * The builder refuses these before a topology exists, so through the API they never reach
     * submit; a topology not made by this builder (hand-made or deserialized) is checked again.
     */
    @Test
    void aTopologyWithParallelismOrTasksBelowOneThatBypassedTheBuilderIsRefusedAtSubmit() {
        StormTopology built = builder().createTopology();
        ComponentDef director = built.components().get("director");
        for (int[] executorsAndTasks : new int[][] {{0, 1}, {1, 0}, {-1, -1}}) {
            Map<String, ComponentDef> defs = new LinkedHashMap<>(built.components());
            defs.put("director", new ComponentDef(director.id(), director.kind(), director.component(),
                    executorsAndTasks[0], executorsAndTasks[1], director.conf(), director.outputs(), director.inputs()));
            assertThatThrownBy(() -> cluster.submitTopology("invalid", new Config(), new StormTopology(defs)))
                    .isInstanceOf(InvalidTopologyException.class)
                    .hasMessageContainingAll("'director'", "parallelism " + executorsAndTasks[0],
                            executorsAndTasks[1] + " tasks", "at least 1");
            assertThat(cluster.getTopologyNames()).isEmpty();
        }
    }

    @Test
    void reservedOrEmptyIdsAreRefusedByTheBuilder() {
        TopologyBuilder b = builder();
        assertThatThrownBy(() -> b.setBolt("__acker", new Bolts.Sink()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'__acker'");
        assertThatThrownBy(() -> b.setBolt("", new Bolts.Sink())).isInstanceOf(IllegalArgumentException.class);
    }

    /** Holds a field that cannot be serialized. */
    static final class Unserializable extends Bolts.Sink {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("unused")
        private final Object lock = new Object();
    }

    @Test
    void aComponentThatCannotBeSerializedIsRefusedAtSubmit() {
        TopologyBuilder b = builder();
        b.setBolt("holder", new Unserializable()).shuffleGrouping("spout");
        assertRefused(b, "'holder'", Unserializable.class.getName(), "Serializable");
    }

    /** A custom grouping with a field that cannot be serialized. */
    static final class UnserializableGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings("unused")
        private final Object lock = new Object();

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            return List.of();
        }
    }

    @Test
    void aCustomGroupingThatCannotBeSerializedIsRefusedAtSubmit() {
        TopologyBuilder b = builder();
        b.setBolt("sink", new Bolts.Sink()).customGrouping("spout", new UnserializableGrouping());
        assertRefused(b, "'sink'", "'spout'", UnserializableGrouping.class.getName());
    }

    @Test
    void badConfigurationValuesAreRefusedNamingTheKey() {
        Config pending = new Config();
        pending.put(Config.TOPOLOGY_MAX_SPOUT_PENDING, "abc");
        assertRefused(builder(), pending, "'topology.max.spout.pending'", "'abc'");

        Config zeroPending = new Config();
        zeroPending.setMaxSpoutPending(0);
        assertRefused(builder(), zeroPending, "'topology.max.spout.pending'", "0");

        Config timeout = new Config();
        timeout.setMessageTimeoutSecs(0);
        assertRefused(builder(), timeout, "'topology.message.timeout.secs'", "0");

        Config ackers = new Config();
        ackers.put(Config.TOPOLOGY_ACKER_EXECUTORS, -1);
        assertRefused(builder(), ackers, "'topology.acker.executors'", "-1");

        Config maxTasks = new Config();
        maxTasks.put(Config.TOPOLOGY_MAX_TASK_PARALLELISM, "many");
        assertRefused(builder(), maxTasks, "'topology.max.task.parallelism'", "'many'");

        Config debug = new Config();
        debug.put(Config.TOPOLOGY_DEBUG, "yes");
        assertRefused(builder(), debug, "'topology.debug'", "'yes'");
    }

    @Test
    void badComponentConfigurationIsRefusedNamingComponentAndKey() {
        TopologyBuilder b = builder();
        b.setBolt("ticker", new Bolts.Sink()).shuffleGrouping("spout")
                .addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, "often");
        assertRefused(b, "'ticker'", "'topology.tick.tuple.freq.secs'", "'often'");

        TopologyBuilder b2 = builder();
        b2.setBolt("ticker", new Bolts.Sink(Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, -5))).shuffleGrouping("spout");
        assertRefused(b2, "'ticker'", "'topology.tick.tuple.freq.secs'", "-5");

        TopologyBuilder b3 = builder();
        b3.setBolt("capped", new Bolts.Sink()).shuffleGrouping("spout").setMaxTaskParallelism(0);
        assertRefused(b3, "'capped'", "'topology.max.task.parallelism'", "0");
    }

    /** A sink whose declareOutputFields throws, as a bug in user code would. */
    static final class BadDeclarer extends Bolts.Sink {
        private static final long serialVersionUID = 1L;

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            throw new IllegalStateException("no fields today");
        }
    }

    /**
     * Storm calls declareOutputFields in createTopology and lets the exception escape raw; Gale
     * fails at the same call (its signature stays Storm's) with an IllegalArgumentException
     * naming the component, the user's exception as its cause.
     */
    @Test
    void declareOutputFieldsThrowingFailsCreateTopologyNamingTheComponent() {
        TopologyBuilder b = builder();
        b.setBolt("declarer", new BadDeclarer()).shuffleGrouping("spout");
        assertThatThrownBy(b::createTopology)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("bolt 'declarer'", "declareOutputFields", "no fields today",
                        BadDeclarer.class.getName())
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    /** A custom grouping whose prepare throws. */
    static final class ThrowingPrepareGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            throw new IllegalStateException("not ready");
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            return targetTasksNeverReached();
        }

        private static List<Integer> targetTasksNeverReached() {
            throw new AssertionError("prepare failed, chooseTasks must not be called");
        }
    }

    @Test
    void aCustomGroupingWhosePrepareThrowsIsRefusedAtSubmit() {
        TopologyBuilder b = builder();
        b.setBolt("sink", new Bolts.Sink()).customGrouping("spout", new ThrowingPrepareGrouping());
        assertThatThrownBy(() -> cluster.submitTopology("invalid", new Config(), b.createTopology()))
                .isInstanceOf(InvalidTopologyException.class)
                .hasMessageContainingAll("bolt 'sink'", "stream 'default' of 'spout'",
                        ThrowingPrepareGrouping.class.getName(), "prepare", "not ready")
                .hasCauseInstanceOf(IllegalStateException.class);
        assertThat(cluster.getTopologyNames()).isEmpty();
    }

    @Test
    void nullFieldsOrGroupingsAreRefusedByTheBuilder() {
        TopologyBuilder b = builder();
        assertThatThrownBy(() -> b.setBolt("count", new Bolts.Sink()).fieldsGrouping("spout", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("bolt 'count'", "fieldsGrouping", "stream 'default'", "'spout'", "null Fields");
        assertThatThrownBy(() -> b.setBolt("keyed", new Bolts.Sink()).partialKeyGrouping("spout", "s", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("bolt 'keyed'", "partialKeyGrouping", "stream 's'", "'spout'", "null Fields");
        assertThatThrownBy(() -> b.setBolt("custom", new Bolts.Sink()).customGrouping("spout", null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("bolt 'custom'", "customGrouping", "'spout'", "null CustomStreamGrouping");
        assertThatThrownBy(() -> b.setBolt("raw", new Bolts.Sink()).grouping(new GlobalStreamId("spout", "default"), null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll("bolt 'raw'", "'spout'", "null Grouping");
    }

    /**
     * Storm 2.8 accepts both (its submit checks only that subscriptions name existing components,
     * streams and fields; a bolt with no inputs may still act on tick tuples), so Gale runs them
     * too and warns, naming the component.
     */
    @Test
    void aBoltWithNoInputsAndATopologyWithNoSpoutAreAcceptedWithAWarning() {
        TopologyBuilder idle = builder();
        idle.setBolt("orphan", new Bolts.Sink());
        idle.setBolt("ticking", new Bolts.Sink()).addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 5);
        StormTopology withOrphan = idle.createTopology();
        assertThat(TopologyPlan.warnings(withOrphan, Map.of())).containsExactly(
                "bolt 'orphan' subscribes to no stream, so it will never execute: subscribe it with a grouping,"
                        + " e.g. setBolt(\"orphan\", bolt).shuffleGrouping(\"some-spout\")",
                "bolt 'ticking' subscribes to no stream, so it will only ever see tick tuples: subscribe it with a"
                        + " grouping, e.g. setBolt(\"ticking\", bolt).shuffleGrouping(\"some-spout\")");
        cluster.submitTopology("orphan", new Config(), withOrphan);

        TopologyBuilder noSpout = new TopologyBuilder();
        noSpout.setBolt("first", new Bolts.Fn((in, c, ctx) -> { }).stream("default", false, "x"));
        noSpout.setBolt("second", new Bolts.Sink()).shuffleGrouping("first");
        StormTopology spoutless = noSpout.createTopology();
        assertThat(TopologyPlan.warnings(spoutless, Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1))).containsExactly(
                "bolt 'first' subscribes to no stream, so it will only ever see tick tuples: subscribe it with a"
                        + " grouping, e.g. setBolt(\"first\", bolt).shuffleGrouping(\"some-spout\")",
                "the topology has no spout, so no tuple enters it (components: [first, second]): add one with setSpout");
        cluster.submitTopology("spoutless", new Config(), spoutless);
        assertThat(cluster.getTopologyNames()).containsExactlyInAnyOrder("orphan", "spoutless");

        assertThat(TopologyPlan.warnings(builder().createTopology(), Map.of())).isEmpty();
    }

    /** The warning reads the tick frequency as the runtime resolves it: the component's own over the topology's. */
    @Test
    void whetherAnIdleBoltTicksIsResolvedAsTheRuntimeResolvesIt() {
        TopologyBuilder b = builder();
        b.setBolt("text", new Bolts.Sink()).addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, "2");
        b.setBolt("off", new Bolts.Sink()).addConfiguration(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 0);
        StormTopology t = b.createTopology();
        assertThat(TopologyPlan.warnings(t, Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1)))
                .anySatisfy(w -> assertThat(w).startsWith("bolt 'text' subscribes to no stream, so it will only ever"
                        + " see tick tuples"))
                .anySatisfy(w -> assertThat(w).startsWith("bolt 'off' subscribes to no stream, so it will never"
                        + " execute"));
    }

    @Test
    void aSecondTopologyWithARunningNameIsRefused() {
        cluster.submitTopology("twice", new Config(), builder().createTopology());
        assertThatThrownBy(() -> cluster.submitTopology("twice", new Config(), builder().createTopology()))
                .isInstanceOf(AlreadyAliveException.class).hasMessageContaining("'twice'");
        assertThat(cluster.getTopologyNames()).containsExactly("twice");
        // Once killed, the name is free again.
        cluster.killTopology("twice");
        cluster.submitTopology("twice", new Config(), builder().createTopology());
        assertThat(cluster.getTopologyNames()).containsExactly("twice");
    }

    @Test
    void killingAnUnknownTopologyIsRefused() {
        cluster.submitTopology("running", new Config(), builder().createTopology());
        assertThatThrownBy(() -> cluster.killTopology("ghost"))
                .isInstanceOf(NotAliveException.class).hasMessageContainingAll("'ghost'", "running");
        cluster.killTopology("running");
        assertThatThrownBy(() -> cluster.killTopology("running"))
                .isInstanceOf(NotAliveException.class).hasMessageContaining("'running'");
        assertThatThrownBy(() -> cluster.getTopologyStats("running")).isInstanceOf(NotAliveException.class);
    }
}
