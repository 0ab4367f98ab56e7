package dev.gale.utils;

import dev.gale.multilang.ShellMsg;
import dev.gale.task.TopologyContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a multilang subprocess's {@code log} commands at the level they give, under the logger of
 * the shell component's class, prefixed with the subprocess's pid and component, as Storm does.
 * One per task; executor thread only.
 */
public class DefaultShellLogHandler implements ShellLogHandler {
    private Logger log = LoggerFactory.getLogger(DefaultShellLogHandler.class);
    private String prefix = "ShellLog";

    @Override
    public void setUpContext(Class<?> ownerCls, ShellProcess process, TopologyContext context) {
        this.log = LoggerFactory.getLogger(ownerCls == null ? DefaultShellLogHandler.class : ownerCls);
        this.prefix = process == null ? "ShellLog" : "ShellLog " + process.getProcessInfoString();
    }

    @Override
    public void log(ShellMsg msg) {
        if (msg == null) {
            // As Storm: a missing message is the caller's bug, not something to log.
            throw new IllegalArgumentException("A ShellMsg is required to log");
        }
        String text = msg.getMsg();
        switch (msg.getLogLevel()) {
            case TRACE -> log.trace("{} {}", prefix, text);
            case DEBUG -> log.debug("{} {}", prefix, text);
            case WARN -> log.warn("{} {}", prefix, text);
            case ERROR -> log.error("{} {}", prefix, text);
            default -> log.info("{} {}", prefix, text);
        }
    }
}
