package dev.gale.utils;

import dev.gale.multilang.ShellMsg;
import dev.gale.task.TopologyContext;

/**
 * Handles the {@code log} commands of a multilang subprocess ({@code topology.multilang.log.handler};
 * {@link DefaultShellLogHandler} by default). Called on the component's executor thread only.
 */
public interface ShellLogHandler {

    /** Called once, before any {@link #log}: the component class, its subprocess and its context. */
    void setUpContext(Class<?> ownerCls, ShellProcess process, TopologyContext context);

    /** Logs one {@code log} command of the subprocess. */
    void log(ShellMsg msg);
}
