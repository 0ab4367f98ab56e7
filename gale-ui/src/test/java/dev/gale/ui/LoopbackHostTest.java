package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which Host headers name loopback, decided without resolving anything. */
class LoopbackHostTest {

    @Test
    void loopbackNamesWithOrWithoutAPort() {
        for (String host : new String[] {"localhost", "LocalHost:8080", "127.0.0.1", "127.0.0.1:65535", "127.1.2.3:80",
            "[::1]", "[::1]:8080", "[0:0:0:0:0:0:0:1]:8080", " localhost:8080 "}) {
            assertThat(LoopbackHost.isLoopbackName(host)).as(host).isTrue();
        }
    }

    @Test
    void anythingElseIsNot() {
        for (String host : new String[] {null, "", ":8080", "localhost.", "localhost.example", "sub.localhost",
            "127.0.0.1.example", "127.0.0.999", "128.0.0.1", "0.0.0.0", "10.0.0.1:8080", "localhost:http",
            "localhost:8080:1", "127.0.0.1:123456", "[::1", "[::1]x", "[::1]:80x", "[::2]", "[::]", "::1",
            "[g::1]", "[localhost]", "0x7f000001", "2130706433"}) {
            assertThat(LoopbackHost.isLoopbackName(host)).as(host).isFalse();
        }
    }
}
