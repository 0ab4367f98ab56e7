package dev.gale.metric.api;

import dev.gale.task.TopologyContext;
import java.util.Map;

/** Something that registers its own metrics on a task's context (in {@code open} / {@code prepare}). */
public interface IMetricsRegistrant {
    void registerMetrics(TopologyContext topoContext, Map<String, Object> topoConf);
}
