package dev.gale.tuple;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.Testing;
import dev.gale.task.GeneralTopologyContext;
import dev.gale.testing.MkTupleParam;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Storm's TupleImpl at Storm's package: a tuple built by hand, its fields known from its context. */
class TupleImplTest {

    private static GeneralTopologyContext contextWithWordAndCount() {
        MkTupleParam param = new MkTupleParam();
        param.setComponent("counter");
        param.setFields("word", "count");
        return Testing.testTuple(List.of("w", 1), param).getContext();
    }

    @Test
    void aHandBuiltTupleAnswersByPositionAndByFieldThroughItsContext() {
        GeneralTopologyContext context = contextWithWordAndCount();
        int task = context.getComponentTasks("counter").get(0);
        TupleImpl t = new TupleImpl(context, new Values("nathan", 3), "counter", task, "default");
        assertThat(t.getString(0)).isEqualTo("nathan");
        assertThat(t.getIntegerByField("count")).isEqualTo(3);
        assertThat(t.getFields().toList()).containsExactly("word", "count");
        assertThat(t.select(new Fields("count", "word"))).containsExactly(3, "nathan");
        assertThat(t.contains("word")).isTrue();
        assertThat(t.getSourceGlobalStreamId().get_componentId()).isEqualTo("counter");
        assertThat(t.getSourceTask()).isEqualTo(task);
        assertThat(t.getMessageId().getAnchorsToIds()).isEmpty();
        assertThat(t.getContext()).isSameAs(context);
        assertThatThrownBy(() -> t.getValues().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(t.toString()).startsWith("source: counter:" + task + ", stream: default, id: ").endsWith("[nathan, 3]");

        TupleImpl copy = new TupleImpl(t);
        copy.updateAckVal(5);
        assertThat(copy.getValues()).isEqualTo(t.getValues());
        assertThat(copy.getSourceStreamId()).isEqualTo("default");
        assertThat(new TupleImpl(copy).getAckVal()).isEqualTo(5);
    }

    @Test
    void withoutAContextOnlyFieldLookupsFailAndSaySo() {
        TupleImpl t = new TupleImpl(null, new Values("x"), "spout", 1, "s", MessageId.makeUnanchored());
        assertThat(t.getValue(0)).isEqualTo("x");
        assertThatThrownBy(() -> t.getValueByField("word")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'spout' stream 's'").hasMessageContaining("without a topology context");
    }
}
