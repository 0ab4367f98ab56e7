package dev.gale.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.flux.FluxBuilder;
import org.junit.jupiter.api.Test;

/** Port of Storm 2.8's flux-core {@code FluxBuilderTest}. */
class FluxBuilderPortTest {

    @Test
    void isPrimitiveNumber() {
        assertThat(FluxBuilder.isPrimitiveNumber(int.class)).isTrue();
        assertThat(FluxBuilder.isPrimitiveNumber(boolean.class)).isFalse();
        assertThat(FluxBuilder.isPrimitiveNumber(String.class)).isFalse();
    }
}
