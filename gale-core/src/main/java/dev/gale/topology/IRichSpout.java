package dev.gale.topology;

import dev.gale.spout.ISpout;

/** A spout that also declares its outputs: what {@link TopologyBuilder#setSpout} takes. */
public interface IRichSpout extends ISpout, IComponent {
}
