package dev.gale.storm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Config;
import dev.gale.Testing;
import dev.gale.metric.api.CountMetric;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.storm.internal.TupleView;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.FailedException;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.MessageId;
import dev.gale.tuple.Tuple;
import dev.gale.tuple.Values;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.metric.api.IMetric;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.junit.jupiter.api.Test;

/**
 * The wrappers driven as a Storm executor drives them, on Storm's real context and tuples: what a
 * Gale component sees and what reaches Storm's collector, failures of user code handled as Gale's
 * engine handles them.
 */
class AdapterTest {
    /** What the Gale components saw, by the test's own hand: one JVM here, so a static list will do. */
    static final List<String> SEEN = new ArrayList<>();

    static final class Source extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private transient SpoutOutputCollector collector;
        private transient int calls;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            calls++;
            if (calls == 1) {
                collector.emit(new Values("a", 1), "id-1");
            } else if (calls == 2) {
                collector.emit("nowhere", new Values("b", 2), "id-2"); // refused: no such stream
            } else {
                throw new IllegalStateException("the source is dry");
            }
        }

        @Override
        public void fail(Object msgId) {
            SEEN.add("fail " + msgId);
        }

        @Override
        public void ack(Object msgId) {
            SEEN.add("ack " + msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "n"));
        }
    }

    /** Looks at its input, emits it on, anchored; throws on "boom", emits a wrong arity on "short". */
    static final class Rich extends BaseRichBolt {
        private static final long serialVersionUID = 1L;
        private transient OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
            SEEN.add("prepare " + context.getThisComponentId() + " task " + context.getThisTaskId() + " of "
                    + context.getComponentTasks("rich") + ", settings " + conf.get("my.setting").getClass().getSimpleName()
                    + " " + conf.get("my.object").getClass().getSimpleName());
        }

        @Override
        public void execute(Tuple input) {
            SEEN.add("execute " + input.getStringByField("word") + " from " + input.getSourceGlobalStreamId() + " id "
                    + input.getMessageId() + " fields " + input.getFields().toList());
            switch (input.getString(0)) {
                case "boom" -> throw new IllegalStateException("boom");
                case "short" -> collector.emit(input, new Values("only one"));
                default -> {
                    collector.emit(input, new Values(input.getString(0), input.getInteger(1) * 10));
                    collector.ack(input);
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "n"));
        }
    }

    /** A value class Storm's Kryo cannot build (no no-argument constructor, not registered). */
    static final class Opaque implements Serializable {
        private static final long serialVersionUID = 1L;
        final int v;

        Opaque(int v) {
            this.v = v;
        }
    }

    /** Emits on (anchored and acked for it); fails on "fail"; emits an Opaque on "opaque". */
    static final class Basic extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            switch (input.getString(0)) {
                case "fail" -> throw new FailedException("not now");
                case "opaque" -> collector.emit(new Values("x", new Opaque(1)));
                default -> collector.emit(new Values(input.getString(0), 0));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "thing"));
        }
    }

    /** Registers a metric v1 in prepare and counts its inputs in it. */
    static final class Metered extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;
        private transient CountMetric calls;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            calls = context.registerMetric("calls", new CountMetric(), 5);
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            calls.incr();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    /** Says what its context tells of the worker. */
    static final class WorkerAware extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            SEEN.add(context.getThisWorkerPort() + " " + context.getCodeDir() + " " + context.getPIDDir() + " "
                    + context.getThisWorkerTasks());
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aComponentOnStormIsToldOfStormsWorker() {
        SEEN.clear();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("source", new Source());
        b.setBolt("aware", new WorkerAware()).shuffleGrouping("source");
        FakeStormTask t = new FakeStormTask(new Config(), b.createTopology());
        IRichBolt aware = (IRichBolt) t.component("aware");
        aware.prepare(t.conf, t.context("aware"), new org.apache.storm.task.OutputCollector(new FakeStormTask.Recorder()));

        assertThat(SEEN).containsExactly("6703 /storm-local/supervisor/stormdist/test-1-1/resources"
                + " /storm-local/workers/w1/pids [1, 2]");
    }

    @Test
    void aMetricV1IsRegisteredWithStormWhichReadsItsValue() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("source", new Source());
        b.setBolt("metered", new Metered()).shuffleGrouping("source");
        FakeStormTask t = new FakeStormTask(new Config(), b.createTopology());
        IRichBolt metered = (IRichBolt) t.component("metered");
        org.apache.storm.task.TopologyContext storm = t.context("metered");
        metered.prepare(t.conf, storm, new org.apache.storm.task.OutputCollector(new FakeStormTask.Recorder()));
        metered.execute(t.tuple("source", "a", 1));
        metered.execute(t.tuple("source", "b", 2));

        IMetric onStorm = storm.getRegisteredMetricByName("calls");
        assertThat(onStorm).as("the metric as Storm's executor reads it every bucket").isNotNull();
        assertThat(onStorm.getValueAndReset()).isEqualTo(2L);
        assertThat(onStorm.getValueAndReset()).isEqualTo(0L);
    }

    private static FakeStormTask task() {
        SEEN.clear();
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("source", new Source());
        b.setBolt("rich", new Rich(), 2).shuffleGrouping("source");
        b.setBolt("basic", new Basic()).shuffleGrouping("source");
        Config conf = new Config();
        conf.put("my.setting", 5);
        conf.put("my.object", Duration.ofSeconds(5)); // JSON cannot carry it: travels Java-serialized
        return new FakeStormTask(conf, b.createTopology());
    }

    @Test
    void aRichBoltSeesGalesTupleContextAndConfigurationAndItsEmitsReachStormAnchored() {
        FakeStormTask t = task();
        IRichBolt rich = (IRichBolt) t.component("rich");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        rich.prepare(t.conf, t.context("rich"), new org.apache.storm.task.OutputCollector(out));
        rich.execute(t.tuple("source", "a", 1));

        assertThat(SEEN).containsExactly("prepare rich task 2 of [2, 3], settings Long Duration",
                "execute a from source:default id " + MessageId.makeRootId(7, 11) + " fields [word, n]");
        assertThat(out.events).containsExactly("emit default [a, 10] anchors 1", "ack [a, 1]");
        assertThat(out.errors).isEmpty();
    }

    @Test
    void anExecuteThatThrowsIsReportedAndItsInputFailedAndTheBoltGoesOn() {
        FakeStormTask t = task();
        IRichBolt rich = (IRichBolt) t.component("rich");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        rich.prepare(t.conf, t.context("rich"), new org.apache.storm.task.OutputCollector(out));
        rich.execute(t.tuple("source", "boom", 1));
        rich.execute(t.tuple("source", "b", 2));

        assertThat(out.events).containsExactly("fail [boom, 1]", "emit default [b, 20] anchors 1", "ack [b, 2]");
        assertThat(out.errors).singleElement().satisfies(e -> assertThat(e).hasMessage("boom"));
    }

    @Test
    void anEmitThatDoesNotMatchItsStreamIsRefusedNamingComponentAndFields() {
        FakeStormTask t = task();
        IRichBolt rich = (IRichBolt) t.component("rich");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        rich.prepare(t.conf, t.context("rich"), new org.apache.storm.task.OutputCollector(out));
        rich.execute(t.tuple("source", "short", 1));

        assertThat(out.events).containsExactly("fail [short, 1]");
        assertThat(out.errors).singleElement().satisfies(e -> assertThat(e.getMessage())
                .contains("bolt 'rich' emitted 1 values").contains("stream 'default'").contains("[word, n]"));
    }

    @Test
    void aBasicBoltIsAckedAfterExecuteAndFailedOnFailedException() {
        FakeStormTask t = task();
        IRichBolt basic = (IRichBolt) t.component("basic");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        basic.prepare(t.conf, t.context("basic"), new org.apache.storm.task.OutputCollector(out));
        basic.execute(t.tuple("source", "a", 1));
        basic.execute(t.tuple("source", "fail", 2));

        assertThat(out.events).containsExactly("emit default [a, 0] anchors 1", "ack [a, 1]", "fail [fail, 2]");
        assertThat(out.errors).isEmpty();
    }

    @Test
    void aValueStormCouldNotSendBetweenWorkersFailsTheEmitNamingFieldClassAndFix() {
        FakeStormTask t = task();
        IRichBolt basic = (IRichBolt) t.component("basic");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        basic.prepare(t.conf, t.context("basic"), new org.apache.storm.task.OutputCollector(out));
        basic.execute(t.tuple("source", "opaque", 1));

        assertThat(out.events).containsExactly("fail [opaque, 1]");
        assertThat(out.errors).singleElement().satisfies(e -> assertThat(e.getMessage())
                .contains("bolt 'basic' emitted on stream 'default', field 'thing'").contains(Opaque.class.getName())
                .contains("conf.registerSerialization(" + Opaque.class.getName() + ".class)"));
    }

    @Test
    void aRefusedSpoutEmitFailsItsMessageIdAndAThrowingNextTupleIsReported() {
        FakeStormTask t = task();
        IRichSpout source = (IRichSpout) t.component("source");
        FakeStormTask.Recorder out = new FakeStormTask.Recorder();
        source.open(t.conf, t.context("source"), new org.apache.storm.spout.SpoutOutputCollector(out));
        source.nextTuple();
        source.ack("id-1");
        source.nextTuple();
        source.nextTuple();

        assertThat(out.events).containsExactly("emit default [a, 1] id id-1");
        assertThat(SEEN).containsExactly("ack id-1", "fail id-2");
        assertThat(out.errors).as("each failure reported once").hasSize(2);
        assertThat(out.errors.get(0).getMessage()).contains("spout 'source' emitted on stream 'nowhere'");
        assertThat(out.errors.get(1)).hasMessage("the source is dry");
    }

    @Test
    void anchorsMustBeTuplesTheTaskReceived() {
        assertThatThrownBy(() -> TupleView.unwrap(
                Testing.testTuple(List.of("x"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("was not received by this task");
    }
}
