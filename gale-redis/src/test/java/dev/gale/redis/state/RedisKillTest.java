package dev.gale.redis.state;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.state.kill.KillHarness;
import org.junit.jupiter.api.Test;

/** kill -9 of a Gale process with Redis state, restarted against the same redis-server, three times. */
class RedisKillTest {

    @Test
    void eachRestartResumesFromTheLastCommittedCheckpoint() throws Exception {
        assumeTrue(RedisServer.available(), "redis-server is not installed");
        try (RedisServer redis = RedisServer.start()) {
            KillHarness.run("redis-kill", RedisKeyValueStateProvider.class.getName(), redis.providerConfig(), 3);
        }
    }
}
