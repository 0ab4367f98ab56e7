package dev.gale.drpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.LocalDRPC;
import dev.gale.generated.DRPCExceptionType;
import dev.gale.generated.DRPCExecutionException;
import dev.gale.generated.DRPCRequest;
import dev.gale.utils.DRPCClient;
import dev.gale.utils.ServiceRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The in-JVM DRPC server: requests queued per function, answered, failed, timed out; which server clients find. */
class LocalDRPCTest {

    private static DRPCRequest fetchSoon(LocalDRPC drpc, String function) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            DRPCRequest r = drpc.fetchRequest(function);
            if (!r.get_request_id().isEmpty()) {
                return r;
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no request for " + function);
    }

    @Test
    void aRequestIsFetchedByFunctionAndAnsweredToItsCaller() throws Exception {
        try (LocalDRPC drpc = new LocalDRPC()) {
            assertThat(drpc.fetchRequest("f").get_request_id()).isEmpty();
            CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> drpc.execute("f", "args"));
            DRPCRequest request = fetchSoon(drpc, "f");
            assertThat(request.get_func_args()).isEqualTo("args");
            assertThat(drpc.fetchRequest("g").get_request_id()).isEmpty();
            drpc.result(request.get_request_id(), "done");
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("done");
        }
    }

    @Test
    void aFailedRequestThrowsAtItsCaller() {
        try (LocalDRPC drpc = new LocalDRPC()) {
            CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> drpc.execute("f", "x"));
            drpc.failRequest(fetchSoon(drpc, "f").get_request_id());
            assertThatThrownBy(call::join).hasCauseInstanceOf(DRPCExecutionException.class)
                    .cause().satisfies(e -> assertThat(((DRPCExecutionException) e).get_type())
                            .isEqualTo(DRPCExceptionType.FAILED_REQUEST));
        }
    }

    @Test
    void anUnansweredRequestTimesOutAndLeavesNothingQueued() {
        try (LocalDRPC drpc = new LocalDRPC(Duration.ofMillis(50))) {
            assertThatThrownBy(() -> drpc.execute("f", "x")).isInstanceOf(DRPCExecutionException.class)
                    .hasMessage("Timed Out")
                    .satisfies(e -> assertThat(((DRPCExecutionException) e).get_type()).isEqualTo(DRPCExceptionType.SERVER_TIMEOUT));
            assertThat(drpc.fetchRequest("f").get_request_id()).isEmpty();
        }
    }

    @Test
    void closingFailsWaitingRequestsAndUnregistersTheServer() throws Exception {
        LocalDRPC drpc = new LocalDRPC();
        CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> drpc.execute("f", "x"));
        fetchSoon(drpc, "f");
        drpc.close();
        assertThatThrownBy(call::join).hasCauseInstanceOf(DRPCExecutionException.class).hasMessageContaining("Shutting Down");
        assertThat(ServiceRegistry.getService(drpc.getServiceId())).isNull();
        assertThatThrownBy(() -> drpc.execute("f", "x")).hasMessage("Server Shutting Down");
        assertThatThrownBy(() -> drpc.execute(null, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void clientsFindTheOverrideElseTheLastOpenServer() {
        try (LocalDRPC first = new LocalDRPC(); LocalDRPC second = new LocalDRPC()) {
            assertThat(DRPCClient.getConfiguredClient(Map.of()).getClient()).isSameAs(second);
            assertThat(new DRPCSpout("f").get_function()).isEqualTo("f");
            try (DRPCClient.LocalOverride override = new DRPCClient.LocalOverride(first)) {
                assertThat(DRPCClient.isLocalOverride()).isTrue();
                assertThat(DRPCClient.getOverrideServiceId()).isEqualTo(first.getServiceId());
                assertThat(DRPCClient.getConfiguredClient(Map.of()).getClient()).isSameAs(first);
            }
            assertThat(DRPCClient.isLocalOverride()).isFalse();
            second.close();
            assertThat(DRPCClient.localServer()).isSameAs(first);
        }
    }
}
