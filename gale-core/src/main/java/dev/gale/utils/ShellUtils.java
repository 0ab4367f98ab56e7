package dev.gale.utils;

import dev.gale.Config;
import java.util.Map;

/**
 * What Gale keeps of Storm's {@code ShellUtils}: the log handler a shell component uses. Stateless
 * and thread-safe.
 */
public final class ShellUtils {
    private ShellUtils() {
    }

    /**
     * A new instance of the class {@code topology.multilang.log.handler} names (a Storm class name is
     * found under {@code dev.gale.}), else a {@link DefaultShellLogHandler}.
     *
     * @throws IllegalArgumentException if {@code topoConf} is null (as in Storm), or the class is missing,
     *     not a {@link ShellLogHandler}, or has no public no-argument constructor
     */
    public static ShellLogHandler getLogHandler(Map<String, Object> topoConf) {
        if (topoConf == null) {
            throw new IllegalArgumentException("A topology configuration is required to choose the multilang log handler");
        }
        Object name = topoConf.get(Config.TOPOLOGY_MULTILANG_LOG_HANDLER);
        if (name == null) {
            return new DefaultShellLogHandler();
        }
        return ClassResolver.newInstance(String.valueOf(name), ShellLogHandler.class, Config.TOPOLOGY_MULTILANG_LOG_HANDLER);
    }
}
