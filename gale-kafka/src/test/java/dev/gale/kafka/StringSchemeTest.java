package dev.gale.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StringSchemeTest {

    @Test
    void theRemainingBytesAreOneUtf8StringInTheFieldStr() {
        byte[] bytes = "xgrüße".getBytes(StandardCharsets.UTF_8);
        ByteBuffer heap = ByteBuffer.wrap(bytes, 1, bytes.length - 1).slice();
        assertThat(new StringScheme().deserialize(heap)).containsExactly("grüße");
        assertThat(heap.position()).isZero();
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        direct.get();
        assertThat(StringScheme.deserializeString(direct)).isEqualTo("grüße");
        assertThat(direct.position()).isEqualTo(1);
        assertThat(new StringScheme().getOutputFields().toList()).containsExactly(StringScheme.STRING_SCHEME_KEY);
    }
}
