package dev.gale.topology;

import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.windowing.TimestampExtractor;
import dev.gale.windowing.TupleWindow;
import java.util.Map;

/**
 * A bolt that processes windows of tuples instead of single tuples: add it with
 * {@link TopologyBuilder#setBolt(String, IWindowedBolt, Number)}, which runs it in a
 * {@link WindowedBoltExecutor}. The window's length and sliding interval (counts or durations) and
 * its time (processing time, or event time read by {@link #getTimestampExtractor()}) are given in
 * the component configuration, as {@link dev.gale.topology.base.BaseWindowedBolt}'s builder methods
 * set them. Each task's copy runs on one thread: its {@code prepare}, {@code execute} and
 * {@code cleanup} are never called concurrently.
 */
public interface IWindowedBolt extends IComponent {
    /**
     * As {@link dev.gale.task.IBolt#prepare}, except that the collector anchors what is emitted
     * through it to every tuple of the window being executed (unless anchors are given).
     */
    void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector);

    /** Processes one evaluation of the window; may emit, anchored to the window's tuples by default. */
    void execute(TupleWindow inputWindow);

    void cleanup();

    /** Reads the event time of tuples, for windows by event time; null for processing time. */
    TimestampExtractor getTimestampExtractor();
}
