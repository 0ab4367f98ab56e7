package dev.gale.topology.base;

import dev.gale.topology.IRichSpout;

/** A spout with no-op {@code close}, {@code activate}, {@code deactivate}, {@code ack} and {@code fail}. */
public abstract class BaseRichSpout extends BaseComponent implements IRichSpout {
    private static final long serialVersionUID = 1L;

    @Override
    public void close() {
    }

    @Override
    public void activate() {
    }

    @Override
    public void deactivate() {
    }

    @Override
    public void ack(Object msgId) {
    }

    @Override
    public void fail(Object msgId) {
    }
}
