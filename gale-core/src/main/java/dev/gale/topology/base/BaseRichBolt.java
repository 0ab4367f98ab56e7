package dev.gale.topology.base;

import dev.gale.topology.IRichBolt;

/** A bolt with a no-op {@code cleanup}. */
public abstract class BaseRichBolt extends BaseComponent implements IRichBolt {
    private static final long serialVersionUID = 1L;

    @Override
    public void cleanup() {
    }
}
