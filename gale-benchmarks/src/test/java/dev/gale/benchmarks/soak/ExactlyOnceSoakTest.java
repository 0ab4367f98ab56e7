package dev.gale.benchmarks.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.benchmarks.soak.eo.ExactlyOnceSoak;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The exactly-once fault soak, short (bench/soak-exactly-once.sh runs it for real): 30,000
 * records, a child JVM killed with SIGKILL at least 4 times, injected failures racing the
 * checkpoints, refused parallelism changes and changed acker counts; with Redis, redis-server
 * killed too. Every key's committed count must equal the input's.
 */
class ExactlyOnceSoakTest {
    private static final long RECORDS = 30_000;

    private static ExactlyOnceSoak.Result soak(String store, long seed) throws Exception {
        Path target = Path.of(System.getProperty("basedir", "."), "target");
        Files.createDirectories(target);
        Path dir = Files.createTempDirectory(target, "eo-soak-" + store + "-");
        ExactlyOnceSoak.Result r = ExactlyOnceSoak.run(new ExactlyOnceSoak.Settings(store, RECORDS, 0, 4, true, seed, dir));
        System.out.println(r);
        return r;
    }

    private static void assertSoaked(ExactlyOnceSoak.Result r) {
        assertThat(r.committed()).as("committed counts, per key").isEqualTo(r.expected());
        assertThat(r.kills()).isGreaterThanOrEqualTo(4);
        assertThat(r.refusals()).as("changed parallelisms refused").isGreaterThanOrEqualTo(2);
        assertThat(r.injectedFails() + r.injectedThrows()).as("failures injected").isPositive();
        assertThat(r.racingFailures()).as("failures that raced a checkpoint").isPositive();
    }

    @Test
    void onRocksDbEveryKeyIsCountedExactlyOnceThroughKillsAndFailures() throws Exception {
        assertSoaked(soak("rocksdb", 45));
    }

    @Test
    void onRedisEveryKeyIsCountedExactlyOnceThroughKillsOfBothProcesses() throws Exception {
        boolean present = Files.isExecutable(Path.of("/usr/bin/redis-server"));
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new AssertionError("/usr/bin/redis-server is missing; .ci/run installs Debian's redis-server");
        }
        assumeTrue(present, "redis-server is not installed");
        ExactlyOnceSoak.Result r = soak("redis", 46);
        assertSoaked(r);
        assertThat(r.redisKills()).as("redis-server killed").isPositive();
    }
}
