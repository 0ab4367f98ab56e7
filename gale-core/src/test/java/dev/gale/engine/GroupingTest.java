package dev.gale.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.generated.GlobalStreamId;
import dev.gale.grouping.CustomStreamGrouping;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.WorkerTopologyContext;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.BoltDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every grouping routes tuples to the tasks its contract names. */
class GroupingTest {

    /** Submits, feeds through {@code feed}, waits for idle, then runs {@code check}. */
    private static void run(TopologyBuilder b, Runnable feed, Consumer<LocalCluster> check) {
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            cluster.submitTopology("grouping", new Config(), b.createTopology());
            feed.run();
            cluster.waitForIdle();
            check.accept(cluster);
        }
    }

    private static void feed(FeederSpout spout, int n, IntFunction<List<Object>> values) {
        for (int i = 0; i < n; i++) {
            spout.feed(values.apply(i), i);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shuffle", "none", "localOrShuffle"})
    void shuffleLikeGroupingsSpreadEvenlyOverTheTasks(String grouping) {
        int tasks = 4;
        int k = 50;
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        BoltDeclarer d = b.setBolt("sink", sink, tasks);
        switch (grouping) {
            case "shuffle" -> d.shuffleGrouping("spout");
            case "none" -> d.noneGrouping("spout");
            default -> d.localOrShuffleGrouping("spout");
        }
        run(b, () -> feed(spout, k * tasks, i -> new Values(i)), cluster -> {
            assertThat(sink.record.componentTasks()).hasSize(tasks);
            assertThat(sink.record.seen()).hasSize(k * tasks);
            Map<Integer, Long> counts = sink.record.countsByTask();
            assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(sink.record.componentTasks());
            assertThat(counts.values()).allSatisfy(c -> assertThat(c).isBetween((long) (k * 0.8), (long) (k * 1.2)));
            // Each tuple went to exactly one task.
            assertThat(sink.record.tasksByValues().values()).allSatisfy(s -> assertThat(s).hasSize(1));
            assertThat(spout.getAcked()).hasSize(k * tasks);
        });
    }

    @Test
    void fieldsGroupingSendsEqualKeysToOneTaskFromEveryEmitter() {
        FeederSpout spout = new FeederSpout(new Fields("a", "b", "seq"));
        Bolts.Forward forward = new Bolts.Forward("a", "b", "seq");
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", forward, 3).shuffleGrouping("spout");
        // Grouping on two fields, named in another order than declared; "seq" differs on every tuple.
        b.setBolt("sink", sink, 4).fieldsGrouping("forward", new Fields("b", "a"));
        int keys = 50;
        int rounds = 6;
        run(b, () -> {
            int seq = 0;
            for (int r = 0; r < rounds; r++) {
                for (int key = 0; key < keys; key++) {
                    // Keys differ in one field only: ("x", 0..24) and ("y", 0..24).
                    spout.feed(new Values(key % 2 == 0 ? "x" : "y", key / 2, seq), seq);
                    seq++;
                }
            }
        }, cluster -> {
            assertThat(sink.record.seen()).hasSize(keys * rounds);
            Map<List<Object>, Set<Integer>> tasksByKey = new HashMap<>();
            Map<List<Object>, Set<Integer>> emittersByKey = new HashMap<>();
            for (Bolts.Seen s : sink.record.seen()) {
                List<Object> key = s.values().subList(0, 2);
                tasksByKey.computeIfAbsent(key, x -> new TreeSet<>()).add(s.task());
                emittersByKey.computeIfAbsent(key, x -> new TreeSet<>()).add(s.sourceTask());
            }
            assertThat(tasksByKey).hasSize(keys);
            assertThat(tasksByKey.values()).allSatisfy(t -> assertThat(t).hasSize(1));
            // The same key came from several emitter tasks and still met in one task.
            assertThat(emittersByKey.values()).allSatisfy(e -> assertThat(e).hasSizeGreaterThan(1));
            assertThat(forward.record.componentTasks()).hasSize(3);
            // Different keys spread over every task.
            Set<Integer> used = new HashSet<>();
            tasksByKey.values().forEach(used::addAll);
            assertThat(used).containsExactlyInAnyOrderElementsOf(sink.record.componentTasks());
            assertThat(spout.getAcked()).hasSize(keys * rounds);
        });
    }

    @Test
    void globalGroupingSendsEverythingToTheLowestTask() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Forward forward = new Bolts.Forward("n");
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("forward", forward, 2).shuffleGrouping("spout");
        b.setBolt("sink", sink, 4).globalGrouping("forward");
        run(b, () -> feed(spout, 100, i -> new Values(i)), cluster -> {
            List<Integer> tasks = sink.record.componentTasks();
            assertThat(tasks).hasSize(4);
            assertThat(sink.record.seen()).hasSize(100);
            assertThat(sink.record.countsByTask()).containsOnlyKeys(Collections.min(tasks));
        });
    }

    /** Storm's globalGrouping is a fields grouping on no fields; code written that way must behave the same. */
    @Test
    void fieldsGroupingOnNoFieldsIsGlobal() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 3).fieldsGrouping("spout", new Fields());
        run(b, () -> feed(spout, 30, i -> new Values(i)), cluster -> {
            assertThat(sink.record.seen()).hasSize(30);
            assertThat(sink.record.countsByTask()).containsOnlyKeys(Collections.min(sink.record.componentTasks()));
            assertThat(sink.record.componentTasks()).hasSize(3);
        });
    }

    @Test
    void allGroupingSendsEveryTupleToEveryTask() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 3).allGrouping("spout");
        run(b, () -> feed(spout, 20, i -> new Values(i)), cluster -> {
            assertThat(sink.record.seen()).hasSize(60);
            Map<List<Object>, Set<Integer>> byValues = sink.record.tasksByValues();
            assertThat(byValues).hasSize(20);
            assertThat(byValues.values()).allSatisfy(t ->
                    assertThat(t).containsExactlyInAnyOrderElementsOf(sink.record.componentTasks()));
            assertThat(spout.getAcked()).hasSize(20);
        });
    }

    @Test
    void emitDirectReachesExactlyTheChosenTask() {
        FeederSpout spout = new FeederSpout(new Fields("index", "n"));
        // Sends (n) to the task at position "index" of the sink's tasks, on its direct stream.
        Bolts.Fn director = new Bolts.Fn((in, collector, context) -> {
            List<Integer> targets = context.getComponentTasks("sink");
            collector.emitDirect(targets.get(in.getInteger(0)), "direct", in, new Values(in.getInteger(1)));
        }).stream("direct", true, "n");
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("director", director, 2).shuffleGrouping("spout");
        b.setBolt("sink", sink, 3).directGrouping("director", "direct");
        run(b, () -> feed(spout, 30, i -> new Values((i * 7) % 3, i)), cluster -> {
            List<Integer> tasks = sink.record.componentTasks();
            assertThat(sink.record.seen()).hasSize(30);
            for (Bolts.Seen s : sink.record.seen()) {
                int n = (Integer) s.values().get(0);
                assertThat(s.task()).as("tuple %d", n).isEqualTo(tasks.get((n * 7) % 3));
                assertThat(s.stream()).isEqualTo("direct");
            }
            assertThat(spout.getAcked()).hasSize(30);
            assertThat(spout.getFailed()).isEmpty();
        });
    }

    @Test
    void plainEmitOnADirectStreamThrowsAClearError() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Notes thrown = new Bolts.Notes();
        Bolts.Fn director = new Bolts.Fn((in, collector, context) -> {
            try {
                collector.emit("direct", in, new Values(in.getInteger(0)));
            } catch (IllegalArgumentException e) {
                thrown.add(e.getMessage());
                throw e;
            }
        }).stream("direct", true, "n");
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("director", director).shuffleGrouping("spout");
        b.setBolt("sink", sink).directGrouping("director", "direct");
        run(b, () -> spout.feed(new Values(1), "m1"), cluster -> {
            assertThat(thrown.all()).singleElement().asString()
                    .contains("'director'", "'direct'", "declared direct", "emitDirect");
            assertThat(sink.record.seen()).isEmpty();
            assertThat(spout.getFailed()).containsExactly("m1");
            List<ErrorInfo> errors = cluster.getTopologyStats("grouping").component("director").orElseThrow().lastErrors();
            assertThat(errors).singleElement().satisfies(e -> assertThat(e.message()).contains("declared direct"));
        });
    }

    @Test
    void partialKeyGroupingSendsEachKeyToAtMostTwoTasks() {
        FeederSpout spout = new FeederSpout(new Fields("key", "seq"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 5).partialKeyGrouping("spout", new Fields("key"));
        int keys = 10;
        int perKey = 40;
        run(b, () -> {
            for (int i = 0; i < keys * perKey; i++) {
                spout.feed(new Values("k" + (i % keys), i), i);
            }
        }, cluster -> {
            assertThat(sink.record.seen()).hasSize(keys * perKey);
            Map<Object, Set<Integer>> tasksByKey = new HashMap<>();
            for (Bolts.Seen s : sink.record.seen()) {
                tasksByKey.computeIfAbsent(s.values().get(0), x -> new TreeSet<>()).add(s.task());
            }
            assertThat(tasksByKey).hasSize(keys);
            assertThat(tasksByKey.values()).allSatisfy(t -> assertThat(t).hasSizeBetween(1, 2));
            // The point of the grouping: hot keys are split over two tasks.
            assertThat(tasksByKey.values()).anySatisfy(t -> assertThat(t).hasSize(2));
        });
    }

    /** Sends value n to target task number n % targets, or to a task that does not exist. */
    static final class ModGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        private final boolean broken;
        private List<Integer> targets;

        ModGrouping(boolean broken) {
            this.broken = broken;
        }

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            this.targets = targetTasks;
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            int n = (Integer) values.get(0);
            return List.of(broken && n == 3 ? 9999 : targets.get(n % targets.size()));
        }
    }

    @Test
    void customGroupingChoiceIsHonoured() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 3).customGrouping("spout", new ModGrouping(false));
        run(b, () -> feed(spout, 30, i -> new Values(i)), cluster -> {
            List<Integer> tasks = sink.record.componentTasks();
            assertThat(sink.record.seen()).hasSize(30);
            for (Bolts.Seen s : sink.record.seen()) {
                int n = (Integer) s.values().get(0);
                assertThat(s.task()).as("tuple %d", n).isEqualTo(tasks.get(n % 3));
            }
        });
    }

    @Test
    void customGroupingChoosingATaskOutsideTheTargetsIsReported() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 3).customGrouping("spout", new ModGrouping(true));
        run(b, () -> feed(spout, 6, i -> new Values(i)), cluster -> {
            // Tuple 3 was refused at the emit; the others went where the grouping said.
            assertThat(sink.record.seen()).extracting(s -> s.values().get(0)).containsExactlyInAnyOrder(0, 1, 2, 4, 5);
            List<ErrorInfo> errors = cluster.getTopologyStats("grouping").component("spout").orElseThrow().lastErrors();
            assertThat(errors).singleElement().satisfies(e -> assertThat(e.message())
                    .contains("'sink'", "task 9999", ModGrouping.class.getName()));
            // The refused emit started no tree, so its message id is failed; the others are acked.
            assertThat(spout.getAcked()).containsExactlyInAnyOrder(0, 1, 2, 4, 5);
            assertThat(spout.getFailed()).containsExactly(3);
        });
    }

    /** Routes n to task n mod the targets, and throws for every tenth n. */
    static final class FlakyGrouping implements CustomStreamGrouping {
        private static final long serialVersionUID = 1L;
        private List<Integer> targets;

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            this.targets = targetTasks;
        }

        @Override
        public List<Integer> chooseTasks(int taskId, List<Object> values) {
            int n = (Integer) values.get(0);
            if (n % 10 == 0) {
                throw new IllegalArgumentException("cannot route " + n);
            }
            return List.of(targets.get(n % targets.size()));
        }
    }

    @Test
    void aCustomGroupingThatThrowsInASpoutsEmitFailsThatMessageIdAndNamesGroupingAndStream() {
        FeederSpout spout = new FeederSpout(new Fields("n"));
        Bolts.Sink sink = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("sink", sink, 3).customGrouping("spout", new FlakyGrouping());
        run(b, () -> feed(spout, 600, i -> new Values(i)), cluster -> {
            List<Object> acked = spout.getAcked();
            List<Object> failed = spout.getFailed();
            // Every id ends acked or failed, exactly once.
            assertThat(acked).doesNotHaveDuplicates();
            assertThat(failed).doesNotHaveDuplicates();
            List<Object> all = new ArrayList<>(acked);
            all.addAll(failed);
            assertThat(all).containsExactlyInAnyOrderElementsOf(IntStream.range(0, 600).boxed().collect(Collectors.toList()));
            assertThat(failed).containsExactlyInAnyOrderElementsOf(
                    IntStream.range(0, 600).filter(i -> i % 10 == 0).boxed().collect(Collectors.toList()));
            assertThat(sink.record.seen()).hasSize(540);
            int spoutTask = sink.record.seen().peek().sourceTask();
            List<ErrorInfo> errors = cluster.getTopologyStats("grouping").component("spout").orElseThrow().lastErrors();
            assertThat(errors).isNotEmpty().allSatisfy(e -> {
                assertThat(e.taskId()).isEqualTo(spoutTask);
                assertThat(e.message()).contains("emit on stream 'default'", "is failed", "bolt 'sink'",
                        "stream 'default' of 'spout'", FlakyGrouping.class.getName(), "chooseTasks", "cannot route");
                assertThat(e.message()).doesNotContain("nextTuple threw");
            });
        });
    }

    @Test
    void subscriptionToANamedStreamGetsOnlyThatStream() {
        FeederSpout spout = new FeederSpout(new Fields("n"), "numbers");
        Bolts.Fn splitter = new Bolts.Fn((in, collector, context) -> {
            int n = in.getInteger(0);
            collector.emit(n % 2 == 0 ? "evens" : "odds", in, new Values(n));
        }).stream("evens", false, "n").stream("odds", false, "n");
        Bolts.Sink evens = new Bolts.Sink();
        Bolts.Sink odds = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("split", splitter, 2).shuffleGrouping("spout", "numbers");
        b.setBolt("evens", evens, 2).shuffleGrouping("split", "evens");
        b.setBolt("odds", odds).globalGrouping("split", "odds");
        run(b, () -> feed(spout, 40, i -> new Values(i)), cluster -> {
            assertThat(splitter.record.seen()).hasSize(40).allSatisfy(s -> assertThat(s.stream()).isEqualTo("numbers"));
            assertThat(evens.record.seen()).extracting(s -> (Integer) s.values().get(0))
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 40).filter(i -> i % 2 == 0).boxed().toList());
            assertThat(evens.record.seen()).allSatisfy(s -> assertThat(s.stream()).isEqualTo("evens"));
            assertThat(odds.record.seen()).extracting(s -> (Integer) s.values().get(0))
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 40).filter(i -> i % 2 == 1).boxed().toList());
            assertThat(odds.record.seen()).allSatisfy(s -> assertThat(s.stream()).isEqualTo("odds"));
            assertThat(spout.getAcked()).hasSize(40);
        });
    }

    @Test
    void oneEmitterFeedsTwoSubscribersWithDifferentGroupings() {
        FeederSpout spout = new FeederSpout(new Fields("key", "seq"));
        Bolts.Sink everyTask = new Bolts.Sink();
        Bolts.Sink byKey = new Bolts.Sink();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("spout", spout);
        b.setBolt("all", everyTask, 2).allGrouping("spout");
        b.setBolt("byKey", byKey, 3).fieldsGrouping("spout", new Fields("key"));
        run(b, () -> feed(spout, 60, i -> new Values("k" + i % 12, i)), cluster -> {
            assertThat(everyTask.record.seen()).hasSize(120);
            assertThat(everyTask.record.tasksByValues().values())
                    .allSatisfy(t -> assertThat(t).containsExactlyInAnyOrderElementsOf(everyTask.record.componentTasks()));
            assertThat(byKey.record.seen()).hasSize(60);
            Map<Object, Set<Integer>> tasksByKey = byKey.record.seen().stream().collect(Collectors.groupingBy(
                    s -> s.values().get(0), Collectors.mapping(Bolts.Seen::task, Collectors.toSet())));
            assertThat(tasksByKey).hasSize(12);
            assertThat(tasksByKey.values()).allSatisfy(t -> assertThat(t).hasSize(1));
            // Each spout tuple went to three tasks; its tree completes once all three acked.
            assertThat(spout.getAcked()).hasSize(60);
            assertThat(cluster.getTopologyStats("grouping").component("spout").orElseThrow().transferred()).isEqualTo(180);
        });
    }
}
