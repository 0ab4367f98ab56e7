package dev.gale.impl.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Reading a thread's run-queue wait from Linux's schedstat; elsewhere every read is unknown. */
class RunQueueWaitTest {

    @Test
    void onLinuxTheCallingThreadsWaitIsRead() {
        assumeTrue(Files.exists(Path.of("/proc/thread-self/schedstat")), "Linux with /proc only");
        long tid = RunQueueWait.currentThreadId();
        assertThat(tid).isPositive();
        long first = RunQueueWait.nanos(tid);
        assertThat(first).isNotNegative();
        assertThat(RunQueueWait.nanos(tid)).as("a running total").isGreaterThanOrEqualTo(first);
    }

    @Test
    void aThreadThatIsNotThereOrNotKnownIsUnknown() {
        assertThat(RunQueueWait.nanos(RunQueueWait.UNKNOWN)).isEqualTo(RunQueueWait.UNKNOWN);
        assertThat(RunQueueWait.nanos(Integer.MAX_VALUE)).isEqualTo(RunQueueWait.UNKNOWN);
    }
}
