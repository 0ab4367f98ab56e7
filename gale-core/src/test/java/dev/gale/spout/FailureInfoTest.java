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
    void aWrappedExceptionKeepsItsRootCausesWords() {
        Exception database = new Exception("ERROR: duplicate key value violates unique constraint \"t_pkey\"\n"
                + "  Detail: Key (id)=(5) already exists.");
        RuntimeException wrapped = new IllegalStateException(new RuntimeException("Failed to execute insert query", database));
        FailureInfo f = FailureInfo.of(FailureReason.FAILED, "sink", 3, wrapped);
        assertThat(f.exceptionClass()).isEqualTo("java.lang.IllegalStateException");
        assertThat(f.exceptionMessage()).isEqualTo("java.lang.RuntimeException: Failed to execute insert query"
                + " (caused by java.lang.Exception: ERROR: duplicate key value violates unique constraint \"t_pkey\""
                + " Detail: Key (id)=(5) already exists.)");
        assertThat(FailureInfo.of(FailureReason.THREW, "parse", 4,
                new RuntimeException(new NumberFormatException("bad"))).exceptionMessage())
                .as("a message that already says its cause").isEqualTo("java.lang.NumberFormatException: bad");
        assertThat(FailureInfo.of(FailureReason.THREW, "parse", 4,
                new RuntimeException(null, new NumberFormatException("bad"))).exceptionMessage())
                .isEqualTo("caused by java.lang.NumberFormatException: bad");
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
