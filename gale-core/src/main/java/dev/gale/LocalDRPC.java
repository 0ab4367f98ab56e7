package dev.gale;

import dev.gale.generated.DRPCExceptionType;
import dev.gale.generated.DRPCExecutionException;
import dev.gale.generated.DRPCRequest;
import dev.gale.utils.ServiceRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A DRPC server in this JVM, as Storm's {@code LocalDRPC}: {@link #execute} queues a request for a
 * function and blocks until a topology answers it. A topology serves a function with a
 * {@code DRPCSpout} for it and a {@code ReturnResults} bolt (or builds both with
 * {@code LinearDRPCTopologyBuilder}), on a cluster whose executors run on threads: the caller of
 * {@code execute} waits on its own thread while they work.
 *
 * <p>A request that gets no answer within the request timeout (Storm's
 * {@code drpc.request.timeout.secs}, 600 s; {@link #LocalDRPC(Duration)} sets another) fails with a
 * {@link DRPCExecutionException} of type {@code SERVER_TIMEOUT}, measured in real time: the caller
 * is a real thread, whatever clock the topology reads. One the topology fails (its spout tuple
 * failed or timed out) fails with {@code FAILED_REQUEST}; closing the server fails the requests still
 * waiting with {@code SERVER_SHUTDOWN}.
 *
 * <p>While it is open, it is the one Storm mains find through {@code DRPCClient.getConfiguredClient}
 * and {@code new DRPCSpout(function)} (the last one built, if several are open), as in Storm's local
 * mode. Thread-safe.
 */
@SuppressWarnings("checkstyle:AbbreviationAsWordInName")
public class LocalDRPC implements ILocalDRPC {
    private static final Logger LOG = LoggerFactory.getLogger(LocalDRPC.class);
    /** Storm's {@code drpc.request.timeout.secs} default. */
    static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(600);
    private static final Deque<LocalDRPC> OPEN = new ArrayDeque<>();

    private final String serviceId;
    private final long timeoutNanos;
    private final AtomicLong ids = new AtomicLong();
    /** Requests not yet fetched, per function. */
    private final Map<String, Queue<Request>> queues = new ConcurrentHashMap<>();
    /** Requests not yet answered, by id. */
    private final Map<String, Request> requests = new ConcurrentHashMap<>();
    private volatile boolean closed;

    private record Request(String id, String function, String args, CompletableFuture<String> result) {
    }

    /** A server whose requests time out after 600 s, as Storm's. */
    public LocalDRPC() {
        this(DEFAULT_REQUEST_TIMEOUT);
    }

    /** Gale: a server whose requests time out after {@code requestTimeout} (real time). */
    public LocalDRPC(Duration requestTimeout) {
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("the DRPC request timeout must be positive, got " + requestTimeout);
        }
        this.timeoutNanos = requestTimeout.toNanos();
        this.serviceId = ServiceRegistry.registerService(this);
        synchronized (OPEN) {
            OPEN.addLast(this);
        }
    }

    /** Gale: the last {@code LocalDRPC} built that is still open, or null. */
    public static LocalDRPC lastOpen() {
        synchronized (OPEN) {
            return OPEN.peekLast();
        }
    }

    @Override
    public String getServiceId() {
        return serviceId;
    }

    /**
     * Queues a request for {@code functionName} and waits for the topology's answer.
     *
     * @throws DRPCExecutionException if the request failed in the topology, timed out, or the server
     *     closed; {@link DRPCExecutionException#get_type()} says which
     * @throws IllegalArgumentException if {@code functionName} is null
     */
    @Override
    public String execute(String functionName, String funcArgs) {
        if (functionName == null) {
            throw new IllegalArgumentException("DRPC function cannot be null");
        }
        if (closed) {
            throw new DRPCExecutionException("Server Shutting Down", DRPCExceptionType.SERVER_SHUTDOWN);
        }
        Request r = new Request(Long.toString(ids.incrementAndGet()), functionName, funcArgs, new CompletableFuture<>());
        requests.put(r.id(), r);
        queues.computeIfAbsent(functionName, f -> new ConcurrentLinkedQueue<>()).add(r);
        if (closed) {
            forget(r);
            throw new DRPCExecutionException("Server Shutting Down", DRPCExceptionType.SERVER_SHUTDOWN);
        }
        try {
            return r.result().get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            forget(r);
            throw new DRPCExecutionException("Timed Out", DRPCExceptionType.SERVER_TIMEOUT);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof DRPCExecutionException d) {
                throw d;
            }
            throw new DRPCExecutionException("Request failed: " + e.getCause(), DRPCExceptionType.FAILED_REQUEST);
        } catch (CancellationException e) {
            throw new DRPCExecutionException("Request failed", DRPCExceptionType.FAILED_REQUEST);
        } catch (InterruptedException e) {
            forget(r);
            Thread.currentThread().interrupt();
            throw new DRPCExecutionException("Interrupted while waiting for the result", DRPCExceptionType.INTERNAL_ERROR);
        }
    }

    private void forget(Request r) {
        requests.remove(r.id());
        Queue<Request> q = queues.get(r.function());
        if (q != null) {
            q.remove(r);
        }
    }

    @Override
    public void result(String id, String result) {
        Request r = requests.remove(id);
        if (r == null) {
            LOG.debug("DRPC result for request {} that no one waits for any more (timed out or failed)", id);
            return;
        }
        r.result().complete(result);
    }

    @Override
    public DRPCRequest fetchRequest(String functionName) {
        Queue<Request> q = queues.get(functionName);
        Request r = q == null ? null : q.poll();
        return r == null ? new DRPCRequest("", "") : new DRPCRequest(r.args(), r.id());
    }

    @Override
    public void failRequest(String id) {
        failRequestV2(id, null);
    }

    @Override
    public void failRequestV2(String id, DRPCExecutionException e) {
        Request r = requests.remove(id);
        if (r != null) {
            r.result().completeExceptionally(e != null ? e
                    : new DRPCExecutionException("Request failed", DRPCExceptionType.FAILED_REQUEST));
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (OPEN) {
            OPEN.remove(this);
        }
        ServiceRegistry.unregisterService(serviceId);
        for (Request r : requests.values()) {
            failRequestV2(r.id(), new DRPCExecutionException("Server Shutting Down", DRPCExceptionType.SERVER_SHUTDOWN));
        }
        queues.clear();
    }

    /** @deprecated use {@link #close()} instead. */
    @Deprecated
    @Override
    public void shutdown() {
        close();
    }
}
