package dev.gale.metric;

import dev.gale.metric.api.IMetricsConsumer;
import dev.gale.task.IErrorReporter;
import dev.gale.task.TopologyContext;
import java.util.Collection;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs every data point, one INFO line each, to the logger {@code dev.gale.metric.LoggingMetricsConsumer}
 * (route it to a file of its own in your logging setup, as Storm's worker logging routes it to
 * {@code metrics.log}). Each line is Storm's: timestamp, host:port, task:component, then the
 * metric's name padded to 23 characters, a tab and its value. Register it with
 * {@code conf.registerMetricsConsumer(LoggingMetricsConsumer.class)}. Stateless, so thread-safe.
 */
public class LoggingMetricsConsumer implements IMetricsConsumer {
    public static final Logger LOG = LoggerFactory.getLogger(LoggingMetricsConsumer.class);
    private static final int NAME_WIDTH = 23;

    @Override
    public void prepare(Map<String, Object> topoConf, Object registrationArgument, TopologyContext context,
                        IErrorReporter errorReporter) {
    }

    @Override
    public void handleDataPoints(TaskInfo taskInfo, Collection<DataPoint> dataPoints) {
        if (!LOG.isInfoEnabled()) {
            return;
        }
        String header = header(taskInfo);
        for (DataPoint p : dataPoints) {
            LOG.info("{}", line(header, p));
        }
    }

    /** Storm's columns: timestamp, host:port, task:component. */
    static String header(TaskInfo taskInfo) {
        return String.format("%d\t%15s:%-4d\t%3d:%-11s\t", taskInfo.timestamp, taskInfo.srcWorkerHost,
                taskInfo.srcWorkerPort, taskInfo.srcTaskId, taskInfo.srcComponentId);
    }

    /** One logged line: the header, the name cut or padded to Storm's column, a tab and the value. */
    static String line(String header, DataPoint p) {
        String name = String.valueOf(p.name);
        String column = name.length() >= NAME_WIDTH ? name.substring(0, NAME_WIDTH)
                : name + " ".repeat(NAME_WIDTH - name.length());
        return header + column + "\t" + p.value;
    }

    @Override
    public void cleanup() {
    }
}
