package dev.gale.redis.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisDataException;

/** {@link RedisKeyValueState#checkExec}'s reading of what Jedis's exec() returns, without a Redis. */
class RedisTransactionResultTest {
    private static final List<String> COMMANDS = List.of("HSET 'n'", "HSET 'n$txid'", "DEL 'n$prepare'");

    @Test
    void aTransactionWhoseCommandsAllRanPasses() {
        assertThatCode(() -> RedisKeyValueState.checkExec("step", Arrays.asList(1L, 0L, null), COMMANDS))
                .doesNotThrowAnyException();
    }

    @Test
    void aDiscardedTransactionFails() {
        assertThatThrownBy(() -> RedisKeyValueState.checkExec("step", null, COMMANDS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("step failed, nothing was written")
                .hasMessageContaining("WATCH");
    }

    @Test
    void aFailedCommandIsNamedWithItsKeyAndErrorAndTheOthersAreKept() {
        JedisDataException first = new JedisDataException("WRONGTYPE Operation against a key holding the wrong kind of value");
        IllegalStateException second = new IllegalStateException("another failure");
        assertThatThrownBy(() -> RedisKeyValueState.checkExec("step", Arrays.asList(1L, first, second), COMMANDS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("command 2 of 3 (HSET 'n$txid'): WRONGTYPE")
                .hasCause(first)
                .satisfies(e -> assertThat(e.getSuppressed()).containsExactly(second));
    }
}
