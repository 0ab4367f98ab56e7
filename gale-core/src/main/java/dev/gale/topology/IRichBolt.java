package dev.gale.topology;

import dev.gale.task.IBolt;

/** A bolt that also declares its outputs: what {@link TopologyBuilder#setBolt} takes. */
public interface IRichBolt extends IBolt, IComponent {
}
