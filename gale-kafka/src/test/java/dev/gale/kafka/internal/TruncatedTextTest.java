package dev.gale.kafka.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TruncatedTextTest {

    @Test
    void aTextWithinTheSizeIsKeptWhole() {
        assertThat(TruncatedText.utf8("short", 64)).isEqualTo("short".getBytes(StandardCharsets.UTF_8));
        assertThat(TruncatedText.utf8("x".repeat(64), 64)).hasSize(64);
        assertThat(TruncatedText.utf8(null, 64)).isEmpty();
    }

    @Test
    void aLongerTextKeepsItsStartAndEndsWithTheMarker() {
        byte[] out = TruncatedText.utf8("abcdefghij".repeat(10), 64);
        assertThat(out).hasSize(64);
        assertThat(new String(out, StandardCharsets.UTF_8))
                .isEqualTo("abcdefghij".repeat(5).substring(0, 64 - TruncatedText.MARKER.length()) + TruncatedText.MARKER);
    }

    @Test
    void theCutNeverSplitsACharacter() {
        // 3-byte and 4-byte characters at every alignment against the limit.
        for (String ch : new String[] {"\u20ac", "\ud83d\ude00", "\u00e9"}) {
            for (int prefix = 0; prefix < 4; prefix++) {
                String text = "a".repeat(prefix) + ch.repeat(100);
                byte[] out = TruncatedText.utf8(text, 64);
                assertThat(out.length).isLessThanOrEqualTo(64).isGreaterThan(64 - 4);
                String decoded = new String(out, StandardCharsets.UTF_8);
                assertThat(decoded).doesNotContain("\ufffd").startsWith("a".repeat(prefix) + ch)
                        .endsWith(TruncatedText.MARKER);
                assertThat(decoded.getBytes(StandardCharsets.UTF_8)).isEqualTo(out);
            }
        }
    }

    @Test
    void aSizeWithoutRoomForTheMarkerIsRefused() {
        assertThatThrownBy(() -> TruncatedText.utf8("x", 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no room");
    }
}
