package dev.gale.storm.internal;

import dev.gale.Config;
import dev.gale.task.OutputCollector;
import dev.gale.topology.IWindowedBolt;
import dev.gale.tuple.Tuple;
import dev.gale.windowing.TimestampExtractor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.windowing.TupleWindow;

/**
 * A Gale windowed bolt run by Storm's own windowed executor
 * ({@code org.apache.storm.topology.WindowedBoltExecutor}): Storm keeps the windows, triggers
 * them on its threads and anchors what the bolt emits without anchors to the window's tuples, as
 * Storm's windowed bolts have it; Gale's bolt sees each evaluation as a Gale
 * {@link dev.gale.windowing.TupleWindow}. The window settings are the same keys in both
 * ({@code topology.bolts.window.*}). An {@code execute} that throws is reported and the window
 * goes on. Called by Storm's executor, under its locking.
 */
public final class GaleWindowedBolt implements org.apache.storm.topology.IWindowedBolt {
    private static final long serialVersionUID = 1L;

    private final String componentId;
    private final IWindowedBolt bolt;
    private final Shipped shipped;
    private transient org.apache.storm.task.OutputCollector storm;
    private transient TaskEnv env;
    private transient int taskId;

    public GaleWindowedBolt(String componentId, IWindowedBolt bolt, Shipped shipped) {
        this.componentId = componentId;
        this.bolt = bolt;
        this.shipped = shipped;
    }

    /** The wrapped Gale windowed bolt (for tests). */
    public IWindowedBolt bolt() {
        return bolt;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, org.apache.storm.task.OutputCollector collector) {
        this.storm = collector;
        this.taskId = context.getThisTaskId();
        this.env = new TaskEnv("bolt '" + componentId + "'", componentId, shipped, conf, context, null, this::report);
        bolt.prepare(env.conf, env.context, new OutputCollector(new BoltCollectorBridge(collector, env.checks)));
    }

    private void report(String what, Throwable e) {
        TaskEnv.report(storm, "bolt '" + componentId + "'", taskId, what, e);
    }

    @Override
    public void execute(TupleWindow window) {
        try {
            bolt.execute(new Window(window));
        } catch (RuntimeException e) {
            report("execute threw on a window of " + window.get().size() + " tuples", e);
        }
    }

    @Override
    public void cleanup() {
        bolt.cleanup();
        if (env != null) {
            env.context.cleanupHooks();
        }
    }

    @Override
    public org.apache.storm.windowing.TimestampExtractor getTimestampExtractor() {
        TimestampExtractor gale = bolt.getTimestampExtractor();
        return gale == null ? null : new Extractor(gale);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Storm's windowed executor declares the late-tuple stream itself.
        Object late = shipped.stormComponentConf().get(Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM);
        StreamDeclarations.declare(shipped.facts().streamsOf(componentId), late == null ? Set.of() : Set.of(late.toString()),
                declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return shipped.stormComponentConf();
    }

    /** One evaluation of Storm's window, seen as Gale's. */
    private final class Window implements dev.gale.windowing.TupleWindow {
        private final TupleWindow storm;

        Window(TupleWindow storm) {
            this.storm = storm;
        }

        private List<Tuple> views(List<org.apache.storm.tuple.Tuple> tuples) {
            List<Tuple> out = new ArrayList<>(tuples.size());
            for (org.apache.storm.tuple.Tuple t : tuples) {
                out.add(new TupleView(t, env.view, env.context));
            }
            return out;
        }

        @Override
        public List<Tuple> get() {
            return views(storm.get());
        }

        @Override
        public List<Tuple> getNew() {
            return views(storm.getNew());
        }

        @Override
        public List<Tuple> getExpired() {
            return views(storm.getExpired());
        }

        @Override
        public Long getEndTimestamp() {
            return storm.getEndTimestamp();
        }

        @Override
        public Long getStartTimestamp() {
            return storm.getStartTimestamp();
        }
    }

    /** Gale's timestamp extractor over Storm's tuples (Storm asks before the bolt is prepared, too). */
    private static final class Extractor implements org.apache.storm.windowing.TimestampExtractor {
        private static final long serialVersionUID = 1L;
        private final TimestampExtractor gale;

        Extractor(TimestampExtractor gale) {
            this.gale = gale;
        }

        @Override
        public long extractTimestamp(org.apache.storm.tuple.Tuple tuple) {
            return gale.extractTimestamp(new TupleView(tuple, null, null));
        }
    }
}
