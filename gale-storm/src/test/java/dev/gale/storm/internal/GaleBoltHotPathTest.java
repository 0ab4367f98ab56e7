package dev.gale.storm.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.storm.FakeStormTask;
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
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.storm.task.IOutputCollector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the adapter's hot path leaves out must not change what a bolt sees or what Storm is told:
 * a bolt's {@code execute} runs without the task's lock until the bolt takes its task timer, and
 * under it from then on (also for the rest of the {@code execute} that took it); a basic bolt's
 * emits are anchored to the input being executed, a rich bolt's to the tuple it names, also when
 * it emits from a thread of its own.
 */
class GaleBoltHotPathTest {
    /** What the test bolts do in {@code execute} (one JVM here: a static hook will do). */
    static volatile Consumer<BoltCall> onExecute = c -> { };
    /** What a test bolt saw in prepare. */
    static volatile Prepared prepared;

    record BoltCall(Tuple input, TopologyContext context, OutputCollector rich, BasicOutputCollector basic) {
    }

    record Prepared(TopologyContext context, OutputCollector collector) {
    }

    @AfterEach
    void reset() {
        onExecute = c -> { };
        prepared = null;
    }

    static final class Source extends BaseRichSpout {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("sentence"));
        }
    }

    /** A rich bolt; takes its task timer in prepare when {@code timerInPrepare}. */
    static final class Rich extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private final boolean timerInPrepare;
        private transient TopologyContext context;
        private transient OutputCollector collector;

        Rich(boolean timerInPrepare) {
            this.timerInPrepare = timerInPrepare;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.context = context;
            this.collector = collector;
            if (timerInPrepare) {
                context.getTaskTimer();
            }
            prepared = new Prepared(context, collector);
        }

        @Override
        public void execute(Tuple input) {
            onExecute.accept(new BoltCall(input, context, collector, null));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** A basic bolt splitting its sentence into words. */
    static final class Split extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient TopologyContext context;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            this.context = context;
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            onExecute.accept(new BoltCall(input, context, null, collector));
            for (String w : input.getString(0).split(" ")) {
                collector.emit(new Values(w));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** Storm's side: each emit with the very Storm tuples it was anchored to, and the acks. */
    static final class Anchors implements IOutputCollector {
        final List<String> emits = new ArrayList<>();
        final List<List<org.apache.storm.tuple.Tuple>> anchors = new ArrayList<>();
        final List<org.apache.storm.tuple.Tuple> acked = new ArrayList<>();
        final List<org.apache.storm.tuple.Tuple> failed = new ArrayList<>();

        @Override
        public synchronized List<Integer> emit(String streamId, Collection<org.apache.storm.tuple.Tuple> anchors,
                                               List<Object> tuple) {
            emits.add(streamId + " " + tuple);
            this.anchors.add(anchors == null ? List.of() : List.copyOf(anchors));
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<org.apache.storm.tuple.Tuple> anchors,
                               List<Object> tuple) {
            throw new AssertionError("no direct stream here");
        }

        @Override
        public synchronized void ack(org.apache.storm.tuple.Tuple input) {
            acked.add(input);
        }

        @Override
        public synchronized void fail(org.apache.storm.tuple.Tuple input) {
            failed.add(input);
        }

        @Override
        public void resetTimeout(org.apache.storm.tuple.Tuple input) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
        }
    }

    private static FakeStormTask task(boolean timerInPrepare) {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("source", new Source());
        b.setBolt("rich", new Rich(timerInPrepare)).shuffleGrouping("source");
        b.setBolt("split", new Split()).shuffleGrouping("source");
        return new FakeStormTask(new Config(), b.createTopology());
    }

    private static GaleBolt prepare(FakeStormTask t, String component, Anchors out) {
        GaleBolt bolt = (GaleBolt) t.component(component);
        bolt.prepare(t.conf, t.context(component), new org.apache.storm.task.OutputCollector(out));
        return bolt;
    }

    @Test
    void aBoltWithoutItsTimerExecutesWithoutTheLockAndOneThatTookItInPrepareUnderIt() {
        List<Boolean> held = new ArrayList<>();
        GaleBolt without = prepare(task(false), "rich", new Anchors());
        onExecute = c -> held.add(without.lockHeldByCurrentThread());
        without.execute(task(false).tuple("source", "a b"));

        GaleBolt with = prepare(task(true), "rich", new Anchors());
        onExecute = c -> held.add(with.lockHeldByCurrentThread());
        with.execute(task(true).tuple("source", "a b"));

        assertThat(held).containsExactly(false, true);
    }

    @Test
    void aBasicBoltThatTakesItsTimerInExecuteHoldsTheLockFromThereOnAndInEveryExecuteAfter() {
        FakeStormTask t = task(false);
        GaleBolt split = prepare(t, "split", new Anchors());
        List<String> held = new ArrayList<>();
        onExecute = c -> {
            held.add("start " + split.lockHeldByCurrentThread());
            c.context().getTaskTimer();
            held.add("after taking it " + split.lockHeldByCurrentThread());
        };
        split.execute(t.tuple("source", "a"));
        assertThat(split.lockHeldByCurrentThread()).as("released when that execute returned").isFalse();
        split.execute(t.tuple("source", "b"));

        assertThat(held).containsExactly("start false", "after taking it true", "start true", "after taking it true");
    }

    @Test
    void theTimerAskedForFromAnotherThreadAfterPrepareIsRefusedNamingTheBolt() {
        prepare(task(false), "rich", new Anchors());
        TopologyContext context = prepared.context();

        CompletableFuture<Object> other = CompletableFuture.supplyAsync(context::getTaskTimer);

        assertThat(other).failsWithin(10, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                .havingRootCause().isInstanceOf(IllegalStateException.class)
                .withMessageContaining("bolt 'rich'").withMessageContaining("in prepare");
    }

    @Test
    void theTimerTakenInPrepareMayBeAskedForAgainFromAnyThread() {
        prepare(task(true), "rich", new Anchors());
        TopologyContext context = prepared.context();

        assertThat(CompletableFuture.supplyAsync(context::getTaskTimer).join()).isNotNull();
    }

    @Test
    void aBasicBoltsEmitsAreAnchoredToTheInputBeingExecutedAndNothingElse() {
        FakeStormTask t = task(false);
        Anchors out = new Anchors();
        GaleBolt split = prepare(t, "split", out);
        org.apache.storm.tuple.Tuple first = t.tuple("source", "the cow jumped");
        org.apache.storm.tuple.Tuple second = t.tuple("source", "over the moon");
        split.execute(first);
        split.execute(second);

        assertThat(out.emits).containsExactly("default [the]", "default [cow]", "default [jumped]", "default [over]",
                "default [the]", "default [moon]");
        for (int i = 0; i < 6; i++) {
            assertThat(out.anchors.get(i)).as("emit " + i).singleElement().isSameAs(i < 3 ? first : second);
        }
        assertThat(out.acked).containsExactly(first, second);
    }

    @Test
    void aRichBoltsEmitsFromAThreadOfItsOwnAreAnchoredToTheTuplesItNames() throws Exception {
        FakeStormTask t = task(false);
        Anchors out = new Anchors();
        GaleBolt rich = prepare(t, "rich", out);
        List<Tuple> kept = new ArrayList<>();
        onExecute = c -> kept.add(c.input());
        org.apache.storm.tuple.Tuple a = t.tuple("source", "a");
        org.apache.storm.tuple.Tuple b = t.tuple("source", "b");
        rich.execute(a);
        rich.execute(b);
        OutputCollector collector = prepared.collector();

        CompletableFuture.runAsync(() -> {
            collector.emit(kept.get(1), new Values("from b"));
            collector.emit(kept, new Values("from both"));
            collector.emit(new Values("from none"));
            collector.ack(kept.get(0));
        }).get(10, TimeUnit.SECONDS);

        assertThat(out.emits).containsExactly("default [from b]", "default [from both]", "default [from none]");
        assertThat(out.anchors.get(0)).singleElement().isSameAs(b);
        assertThat(out.anchors.get(1)).containsExactly(a, b);
        assertThat(out.anchors.get(2)).isEmpty();
        assertThat(out.acked).singleElement().isSameAs(a);
    }

    @Test
    void anExecuteThatThrowsReleasesTheLockItTook() {
        FakeStormTask t = task(true);
        Anchors out = new Anchors();
        GaleBolt rich = prepare(t, "rich", out);
        onExecute = c -> {
            assertThat(rich.lockHeldByCurrentThread()).isTrue();
            throw new IllegalStateException("boom");
        };
        rich.execute(t.tuple("source", "x"));

        assertThat(out.failed).as("reported and failed, as before").hasSize(1);
        assertThat(rich.lockHeldByCurrentThread()).isFalse();
    }
}
