package dev.gale.utils;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MutableTest {

    @Test
    void mutableNumbersIncrementInPlaceAndReturnTheNewValue() {
        MutableInt i = new MutableInt(1);
        assertThat(i.increment()).isEqualTo(2);
        assertThat(i.increment(5)).isEqualTo(7);
        i.set(-1);
        assertThat(i.get()).isEqualTo(-1);
        MutableLong l = new MutableLong(Long.MAX_VALUE - 2);
        assertThat(l.increment()).isEqualTo(Long.MAX_VALUE - 1);
        assertThat(l.increment(1)).isEqualTo(Long.MAX_VALUE);
        l.set(3);
        assertThat(l.get()).isEqualTo(3);
    }

    @Test
    void aMutableObjectHoldsWhatWasLastSet() {
        MutableObject o = new MutableObject();
        assertThat(o.getObject()).isNull();
        o.setObject("x");
        assertThat(o.getObject()).isEqualTo("x");
        assertThat(new MutableObject(1).getObject()).isEqualTo(1);
    }
}
