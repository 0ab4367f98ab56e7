package dev.gale.spout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a FailureInfo says about itself: the exception's text, its one-line form, immutability. */
class FailureInfoTest {

    @Test
    void anExceptionIsKeptAsClassAndMessage() {
        FailureInfo f = FailureInfo.of(FailureReason.THREW, "parse", 4, new NumberFormatException("For input string: \"x\""));
        assertThat(f.exceptionClass()).isEqualTo("java.lang.NumberFormatException");
        assertThat(f.exceptionMessage()).isEqualTo("For input string: \"x\"");
        assertThat(f.errorText()).isEqualTo("java.lang.NumberFormatException: For input string: \"x\"");
        assertThat(f).hasToString("THREW by parse[4]: java.lang.NumberFormatException: For input string: \"x\"");
        assertThat(FailureInfo.of(FailureReason.THREW, "parse", 4, new IllegalStateException()).errorText())
                .as("no message: the class alone").isEqualTo("java.lang.IllegalStateException");
        assertThat(FailureInfo.failed("judge", 2).errorText()).isNull();
        assertThat(FailureInfo.failed("judge", 2)).hasToString("FAILED by judge[2]");
    }

    @Test
    void aTracedTimeoutListsItsHoldersAndCannotBeChangedAfterwards() {
        List<FailureInfo.Holder> holders = new ArrayList<>(List.of(new FailureInfo.Holder("enrich", 7, 1),
                new FailureInfo.Holder("store", 9, 3)));
        FailureInfo f = FailureInfo.timeout("orders", 1, true, holders);
        holders.clear();
        assertThat(f.heldBy()).hasSize(2);
        assertThatThrownBy(() -> f.heldBy().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(f).hasToString("TIMEOUT by orders[1], held by [enrich[7], store[9] x3]");
        assertThat(FailureInfo.timeout("orders", 1, false, List.of())).hasToString("TIMEOUT by orders[1]");
        assertThat(f).isEqualTo(FailureInfo.timeout("orders", 1, true,
                List.of(new FailureInfo.Holder("enrich", 7, 1), new FailureInfo.Holder("store", 9, 3))));
    }
}
