package dev.gale.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.TopologyStats;
import dev.gale.time.SimulatedClock;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * storm-starter's PersistentWindowingTopology as it is (only its imports changed; it names Storm's
 * RedisKeyValueStateProvider, which Gale reads as gale-redis's), run through its main on
 * simulated time against a real redis-server this test starts on 127.0.0.1 (the cluster's daemon
 * configuration points the provider at it): averages over a 10 s window every 2 s, the window
 * saved in Redis with each checkpoint (every 5 s).
 */
class PersistentWindowingTopologyTest {
    private static final String REDIS = "/usr/bin/redis-server";
    private static final Pattern AVERAGES = Pattern.compile("Averages\\{global=([0-9.]+), window=([0-9.]+)}");

    @Test
    void printsAveragesOfAWindowKeptInRedis() throws Exception {
        boolean present = Files.isExecutable(Path.of(REDIS));
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(REDIS + " is missing: .ci/run installs Debian's redis-server package");
        }
        assumeTrue(present, "redis-server is not installed");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target")),
                "redis-");
        Process redis = new ProcessBuilder(REDIS, "--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", dir.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.out").toFile()).start();
        try {
            int p = port;
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
                try (Socket ignored = new Socket("127.0.0.1", p)) {
                    return true;
                }
            });
            SimulatedClock clock = new SimulatedClock();
            try (Printed printed = new Printed();
                 LocalCluster cluster = new LocalCluster.Builder().withClock(clock)
                         .withDaemonConf(Config.TOPOLOGY_STATE_PROVIDER_CONFIG,
                                 "{\"jedisPoolConfig\": {\"host\": \"127.0.0.1\", \"port\": " + port + "}}")
                         .build()) {
                PersistentWindowingTopology.main(new String[] {"persistent-windowing"});
                for (int i = 0; i < 70; i++) {
                    clock.advanceMillis(100);
                }
                cluster.waitForIdle();
                List<String> averages = printed.lines().stream().filter(l -> l.startsWith("Averages{")).toList();
                assertThat(averages).as("a window every 2 s for 7 s").hasSize(3).allSatisfy(l -> {
                    Matcher m = AVERAGES.matcher(l);
                    assertThat(m.matches()).as(l).isTrue();
                    assertThat(Double.parseDouble(m.group(1))).isBetween(0.0, 999.0);
                    assertThat(Double.parseDouble(m.group(2))).isBetween(0.0, 999.0);
                });
                TopologyStats stats = cluster.getTopologyStats("persistent-windowing");
                // The checkpoint at 5 s saved the window: what had arrived by then is acked.
                assertThat(stats.component("spout").orElseThrow().acked()).isBetween(40L, 70L);
                assertThat(stats.component("spout").orElseThrow().failed()).isZero();
            }
        } finally {
            ProcessHandle.of(redis.pid()).ifPresent(ProcessHandle::destroy);
            redis.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
