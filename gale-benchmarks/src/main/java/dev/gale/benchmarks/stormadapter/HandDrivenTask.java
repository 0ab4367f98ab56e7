package dev.gale.benchmarks.stormadapter;

import dev.gale.generated.StormTopology;
import dev.gale.storm.StormRunner;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;

/**
 * A Gale topology translated by gale-storm and handed to {@link AdapterHotPath} as a Storm
 * executor would hand it over: the wrapper of each component, Storm's real context for its first
 * task (task ids numbered as Storm numbers them: components in id order, from 1) and tuples from
 * it. No executor, queue or acker: the caller drives the components itself. Not thread-safe.
 */
final class HandDrivenTask {
    private final StormRunner.Translation translation;
    final Map<String, Object> conf;
    private final Map<Integer, String> taskToComponent = new TreeMap<>();
    private final Map<String, List<Integer>> componentTasks = new TreeMap<>();
    private final Map<String, Map<String, Fields>> fields = new HashMap<>();

    HandDrivenTask(Map<String, Object> galeConf, StormTopology gale) {
        this.translation = StormRunner.translate(galeConf, gale);
        // Storm's defaults under the translated settings, as a worker merges them.
        this.conf = new HashMap<>(Utils.readDefaultConfig());
        conf.putAll(translation.conf());
        var t = translation.topology(); // Storm's StormTopology, not Gale's
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

    /** Storm's context for {@code component}'s first task, in a worker that runs every task. */
    TopologyContext context(String component) {
        int taskId = componentTasks.get(component).get(0);
        return new TopologyContext(translation.topology(), conf, taskToComponent, componentTasks, fields, new HashMap<>(),
                "bench-1-1", "/storm-local/supervisor/stormdist/bench-1-1/resources", "/storm-local/workers/w1/pids",
                taskId, 6703, List.copyOf(taskToComponent.keySet()), new HashMap<>(),
                new HashMap<>(), new HashMap<>(), new HashMap<>(), new AtomicBoolean(false), null);
    }

    /** A tuple from {@code source}'s first task on its default stream, in one tree (root 7, edge 11). */
    Tuple tuple(String source, Object... values) {
        return new TupleImpl(context(source), List.of(values), source, componentTasks.get(source).get(0), "default",
                MessageId.makeRootId(7L, 11L));
    }

    /** The wrapper Storm would run for a component: a fresh copy, deserialized as a task gets it. */
    Object component(String id) {
        var t = translation.topology(); // Storm's StormTopology, not Gale's
        byte[] b = t.get_spouts().containsKey(id) ? t.get_spouts().get(id).get_spout_object().get_serialized_java()
                : t.get_bolts().get(id).get_bolt_object().get_serialized_java();
        return Utils.javaDeserialize(b, Object.class);
    }
}
