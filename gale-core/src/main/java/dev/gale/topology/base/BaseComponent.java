package dev.gale.topology.base;

import dev.gale.topology.IComponent;
import java.util.Map;

/** A component without component-level configuration. */
public abstract class BaseComponent implements IComponent {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return null;
    }
}
