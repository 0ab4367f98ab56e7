package dev.gale.topology.base;

import dev.gale.task.TopologyContext;
import dev.gale.topology.IBasicBolt;
import java.util.Map;

/** A basic bolt with no-op {@code prepare} and {@code cleanup}. */
public abstract class BaseBasicBolt extends BaseComponent implements IBasicBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
    }

    @Override
    public void cleanup() {
    }
}
