package dev.gale.storm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;

/**
 * One task of a translated topology driven by hand, as a Storm executor would drive it: Storm's
 * real context (task ids numbered as Storm numbers them: components in id order, from 1) and a
 * collector that records what the wrapped component did (public for the tests of
 * dev.gale.storm.internal). Not thread-safe.
 */
public final class FakeStormTask {
    final StormRunner.Translation translation;
    public final Map<String, Object> conf;
    final Map<Integer, String> taskToComponent = new TreeMap<>();
    final Map<String, List<Integer>> componentTasks = new TreeMap<>();
    final Map<String, Map<String, Fields>> fields = new HashMap<>();

    /** What the component did through its collector. */
    static final class Recorder implements IOutputCollector, ISpoutOutputCollector {
        final List<String> events = new ArrayList<>();
        final List<Throwable> errors = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            events.add("emit " + streamId + " " + tuple + " anchors " + (anchors == null ? 0 : anchors.size()));
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            events.add("emitDirect " + taskId + " " + streamId + " " + tuple);
        }

        @Override
        public void ack(Tuple input) {
            events.add("ack " + input.getValues());
        }

        @Override
        public void fail(Tuple input) {
            events.add("fail " + input.getValues());
        }

        @Override
        public void resetTimeout(Tuple input) {
            events.add("resetTimeout " + input.getValues());
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
            errors.add(error);
        }

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            events.add("emit " + streamId + " " + tuple + " id " + messageId);
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            events.add("emitDirect " + taskId + " " + streamId + " " + tuple + " id " + messageId);
        }

        @Override
        public long getPendingCount() {
            return 0;
        }
    }

    public FakeStormTask(Map<String, Object> galeConf, dev.gale.generated.StormTopology gale) {
        this.translation = StormRunner.translate(galeConf, gale);
        this.conf = new HashMap<>(Utils.readDefaultConfig());
        conf.putAll(translation.conf());
        StormTopology t = translation.topology();
        Map<String, ComponentCommon> commons = new TreeMap<>();
        t.get_spouts().forEach((id, s) -> commons.put(id, s.get_common()));
        t.get_bolts().forEach((id, b) -> commons.put(id, b.get_common()));
        int task = 1;
        for (Map.Entry<String, ComponentCommon> c : commons.entrySet()) {
            List<Integer> tasks = new ArrayList<>();
            for (int i = 0; i < c.getValue().get_parallelism_hint(); i++) {
                tasks.add(task);
                taskToComponent.put(task++, c.getKey());
            }
            componentTasks.put(c.getKey(), tasks);
            Map<String, Fields> streams = new HashMap<>();
            for (Map.Entry<String, StreamInfo> s : c.getValue().get_streams().entrySet()) {
                streams.put(s.getKey(), new Fields(s.getValue().get_output_fields()));
            }
            fields.put(c.getKey(), streams);
        }
    }

    public TopologyContext context(String component) {
        int taskId = componentTasks.get(component).get(0);
        return new TopologyContext(translation.topology(), conf, taskToComponent, componentTasks, fields, new HashMap<>(),
                "test-1-1", "/storm-local/supervisor/stormdist/test-1-1/resources", "/storm-local/workers/w1/pids",
                taskId, 6703, List.copyOf(taskToComponent.keySet()), new HashMap<>(),
                new HashMap<>(), new HashMap<>(), new HashMap<>(), new AtomicBoolean(false), null);
    }

    /** A tuple from {@code source}'s first task on its default stream, in one tree (root 7, edge 11). */
    public Tuple tuple(String source, Object... values) {
        return new TupleImpl(context(source), List.of(values), source, componentTasks.get(source).get(0), "default",
                MessageId.makeRootId(7L, 11L));
    }

    /** The wrapper Storm would run for a component (a fresh copy, as a task gets). */
    public Object component(String id) {
        StormTopology t = translation.topology();
        byte[] b = t.get_spouts().containsKey(id) ? t.get_spouts().get(id).get_spout_object().get_serialized_java()
                : t.get_bolts().get(id).get_bolt_object().get_serialized_java();
        return Utils.javaDeserialize(b, Object.class);
    }
}
