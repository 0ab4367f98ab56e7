package dev.gale.drpc;

import dev.gale.generated.DistributedRPCInvocations;
import dev.gale.task.OutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichBolt;
import dev.gale.tuple.Tuple;
import dev.gale.utils.Json;
import dev.gale.utils.ServiceRegistry;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last bolt of a DRPC topology: takes {@code (result, return-info)} tuples, the return-info as
 * a {@link DRPCSpout} emitted it, and answers the request with the result (its string form). The
 * input is acked once the server has the result; failed when the return-info cannot be read or
 * its server is gone (closed).
 *
 * <p>Not thread-safe: each task has its own instance, called on its executor thread.
 */
public class ReturnResults extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ReturnResults.class);

    private transient OutputCollector collector;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void execute(Tuple input) {
        Object result = input.getValue(0);
        Object returnInfo = input.getValue(1);
        if (returnInfo == null) {
            collector.ack(input);
            return;
        }
        Map<?, ?> info;
        try {
            Object parsed = Json.parse(String.valueOf(returnInfo));
            if (!(parsed instanceof Map<?, ?> m) || m.get("id") == null) {
                throw new IllegalArgumentException("not a DRPC return-info object: " + returnInfo);
            }
            info = m;
        } catch (IllegalArgumentException e) {
            LOG.error("bolt {}: cannot read the return-info of {}: {}", input.getSourceComponent(), input, e.getMessage());
            collector.reportError(e);
            collector.fail(input);
            return;
        }
        Object server = ServiceRegistry.getService(String.valueOf(info.get("host")));
        if (!(server instanceof DistributedRPCInvocations.Iface drpc)) {
            LOG.warn("DRPC request {}: its server {} is gone (closed); the result is dropped", info.get("id"), info.get("host"));
            collector.fail(input);
            return;
        }
        drpc.result(String.valueOf(info.get("id")), String.valueOf(result));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
