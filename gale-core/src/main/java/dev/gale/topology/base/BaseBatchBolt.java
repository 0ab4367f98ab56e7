package dev.gale.topology.base;

import dev.gale.coordination.IBatchBolt;

/** An {@link IBatchBolt} with no component configuration, to extend. */
public abstract class BaseBatchBolt<T> extends BaseComponent implements IBatchBolt<T> {
    private static final long serialVersionUID = 1L;
}
