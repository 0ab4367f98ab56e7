package dev.gale.storm.bridge.connectors.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import org.apache.storm.redis.common.container.JedisCommandsContainer;
import org.apache.storm.redis.common.container.JedisCommandsContainerBuilder;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The fixture itself: a private redis-server that storm-redis's own client reaches and that stops
 * by its PID; without the binary a test is skipped, or fails under CI.
 */
class RedisProcessTest {

    @Test
    void stormRedisReachesTheServerAndCloseStopsIt() throws Exception {
        assumeTrue(RedisProcess.available(), "redis-server is not installed");
        RedisProcess redis = RedisProcess.start();
        try {
            JedisCommandsContainer storm = JedisCommandsContainerBuilder.build(redis.poolConfig());
            try {
                storm.set("fixture", "yes");
            } finally {
                storm.close();
            }
            try (Jedis jedis = redis.client()) {
                assertThat(jedis.get("fixture")).isEqualTo("yes");
            }
            assertThat(ProcessHandle.of(redis.pid())).isPresent();
        } finally {
            redis.close();
        }
        assertThat(redis.isAlive()).isFalse();
        assertThatThrownBy(() -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", redis.port()), 2_000);
            }
        }).isInstanceOf(IOException.class);
    }

    @Test
    void aMissingBinarySkipsOutsideCiAndFailsUnderCi() {
        Path missing = Path.of("/nonexistent/redis-server");
        assertThat(RedisProcess.available(missing, false)).isFalse();
        assertThatThrownBy(() -> RedisProcess.available(missing, true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(".ci/run installs Debian's redis-server package");
    }
}
