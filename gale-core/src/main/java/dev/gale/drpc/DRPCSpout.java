package dev.gale.drpc;

import dev.gale.ILocalDRPC;
import dev.gale.generated.DRPCRequest;
import dev.gale.generated.DistributedRPCInvocations;
import dev.gale.spout.SpoutOutputCollector;
import dev.gale.task.TopologyContext;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseRichSpout;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import dev.gale.utils.DRPCClient;
import dev.gale.utils.Json;
import dev.gale.utils.ServiceRegistry;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Emits the requests of a DRPC function as {@code ("args", "return-info")} tuples, each tracked
 * (its message id is the request's): a failed or timed-out tree fails the request, so its caller
 * gets a {@code DRPCExecutionException} at once. The DRPC server is the one given, else the one
 * {@link DRPCClient#localServer()} names when the spout is built (a {@link DRPCClient.LocalOverride})
 * or, failing that, when it opens. A {@link ReturnResults} bolt answers the request with the
 * return-info.
 *
 * <p>Not thread-safe: each task has its own instance, called on its executor thread.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class DRPCSpout extends BaseRichSpout {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(DRPCSpout.class);
    private static final Fields OUTPUT = new Fields("args", "return-info");

    private final String function;
    private String localDrpcId;
    private transient SpoutOutputCollector collector;

    /** Serves {@code function} on this JVM's DRPC server (see {@link DRPCClient#localServer()}). */
    public DRPCSpout(String function) {
        this.function = function;
        this.localDrpcId = DRPCClient.isLocalOverride() ? DRPCClient.getOverrideServiceId() : null;
    }

    /** Serves {@code function} on {@code drpc}. */
    public DRPCSpout(String function, ILocalDRPC drpc) {
        this.function = function;
        this.localDrpcId = drpc.getServiceId();
    }

    public String get_function() {
        return function;
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        if (localDrpcId == null) {
            localDrpcId = DRPCClient.localServer().getServiceId();
        }
    }

    private DistributedRPCInvocations.Iface server() {
        return (DistributedRPCInvocations.Iface) ServiceRegistry.getService(localDrpcId);
    }

    @Override
    public void nextTuple() {
        DistributedRPCInvocations.Iface drpc = server();
        if (drpc == null) {
            return; // the server closed while the topology runs on
        }
        DRPCRequest pending = drpc.fetchRequest(function);
        String requestId = pending.get_request_id();
        if (requestId.isEmpty()) {
            return; // the server's answer when no request waits
        }
        collector.emit(new Values(pending.get_func_args(), returnInfo(requestId)), new DRPCMessageId(requestId));
    }

    /** Where ReturnResults sends the answer: the request on this JVM's server (Gale has no port). */
    private String returnInfo(String requestId) {
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("id", requestId);
        where.put("host", localDrpcId);
        where.put("port", 0);
        return Json.write(where);
    }

    @Override
    public void ack(Object msgId) {
    }

    @Override
    public void fail(Object msgId) {
        DistributedRPCInvocations.Iface drpc = server();
        if (drpc == null) {
            LOG.debug("DRPC request {} failed after its server closed", msgId);
            return;
        }
        drpc.failRequest(((DRPCMessageId) msgId).id);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(OUTPUT);
    }

    /** The message id of a request's tuple: the request's id. */
    private static final class DRPCMessageId {
        final String id;

        DRPCMessageId(String id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "DRPC request " + id;
        }
    }
}
