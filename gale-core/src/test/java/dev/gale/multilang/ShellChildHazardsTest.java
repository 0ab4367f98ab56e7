package dev.gale.multilang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.stats.ErrorInfo;
import dev.gale.task.ShellBolt;
import dev.gale.testing.AckFailMapTracker;
import dev.gale.testing.CompleteTopologyParam;
import dev.gale.testing.CompletedTopology;
import dev.gale.testing.FeederSpout;
import dev.gale.testing.MockedSources;
import dev.gale.testing.Testing;
import dev.gale.topology.IRichBolt;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Values;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multilang children that misbehave at the process level, as Python scripts speaking the protocol
 * by hand: one that stops reading its stdin, one that ignores SIGTERM (and its stdin closing), one that starts a
 * grandchild, and ones that write a 100 MB line to stdout or stderr. The topology goes on (or the
 * child fails with an error naming the component), and no process of theirs survives.
 */
class ShellChildHazardsTest {
    /** The child: the handshake, its pid (and its grandchild's) in files under argv[2], then argv[1]'s behaviour. */
    private static final String CHILD = String.join("\n",
            "import json, os, signal, subprocess, sys, time",
            "",
            "def read_msg():",
            "    lines = []",
            "    while True:",
            "        line = sys.stdin.readline()",
            "        if not line:",
            "            if mode == 'ignore-sigterm':",
            "                time.sleep(600)  # deaf to its stdin closing, too",
            "            sys.exit(0)",
            "        line = line.rstrip('\\n')",
            "        if line == 'end':",
            "            return json.loads('\\n'.join(lines))",
            "        lines.append(line)",
            "",
            "def send(obj):",
            "    sys.stdout.write(json.dumps(obj) + '\\nend\\n')",
            "    sys.stdout.flush()",
            "",
            "def record(name, pid):",
            "    tmp = os.path.join(out, name + '.tmp')",
            "    with open(tmp, 'w') as f:",
            "        f.write(str(pid))",
            "    os.rename(tmp, os.path.join(out, name))",
            "",
            "mode, out = sys.argv[1], sys.argv[2]",
            "read_msg()",
            "if mode == 'ignore-sigterm':",
            "    signal.signal(signal.SIGTERM, signal.SIG_IGN)",
            "if mode == 'grandchild':",
            "    g = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])",
            "    record('grandchild.pid', g.pid)",
            "record('child.pid', os.getpid())",
            "send({'pid': os.getpid()})",
            "if mode == 'stop-reading':",
            "    time.sleep(600)",
            "while True:",
            "    msg = read_msg()",
            "    if msg.get('stream') == '__heartbeat':",
            "        send({'command': 'sync'})",
            "        continue",
            "    if mode == 'huge-stdout':",
            "        chunk = 'x' * (1024 * 1024)",
            "        for _ in range(100):",
            "            sys.stdout.write(chunk)",
            "        sys.stdout.write('\\nend\\n')",
            "        sys.stdout.flush()",
            "        time.sleep(600)",
            "    if mode == 'huge-stderr':",
            "        chunk = 'e' * (1024 * 1024)",
            "        for _ in range(100):",
            "            sys.stderr.write(chunk)",
            "        sys.stderr.write('\\n')",
            "        sys.stderr.flush()",
            "    send({'command': 'ack', 'id': msg['id']})",
            "");

    @TempDir
    Path dir;

    @BeforeEach
    void writeChild() throws IOException {
        Python.require();
        Files.writeString(dir.resolve("child.py"), CHILD, StandardCharsets.UTF_8);
    }

    /** A shell bolt running the child in {@code mode}; its pid files go to the test's directory. */
    static final class Child extends ShellBolt implements IRichBolt {
        private static final long serialVersionUID = 1L;

        Child(Path dir, String mode) {
            super("python3", dir.resolve("child.py").toString(), mode, dir.toString());
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }

        @Override
        public Map<String, Object> getComponentConfiguration() {
            return null;
        }
    }

    private CompletedTopology complete(String mode, Map<String, Object> conf, Values... tuples) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", new FeederSpout(new Fields("sentence")));
        builder.setBolt("shell", new Child(dir, mode), 1).shuffleGrouping("spout");
        CompleteTopologyParam param = new CompleteTopologyParam().setTimeout(Duration.ofSeconds(60));
        param.setMockedSources(new MockedSources().withMockData("spout", tuples));
        param.setStormConf(conf);
        return Testing.completeTopology(builder.createTopology(), param);
    }

    private static List<String> errors(CompletedTopology result) {
        return result.stats().component("shell").orElseThrow().lastErrors().stream().map(ErrorInfo::message).toList();
    }

    private long pid(String name) throws IOException {
        return Long.parseLong(Files.readString(dir.resolve(name)).trim());
    }

    /** Whether the process has exited: gone, or a zombie (exited; only its entry waits for a parent to reap it). */
    private static boolean exited(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                return stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
            } catch (IOException gone) {
                return true;
            }
        }
        return true;
    }

    private static void awaitExited(long... pids) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            for (long pid : pids) {
                assertThat(exited(pid)).as("process %d has exited", pid).isTrue();
            }
        });
    }

    @Test
    void aChildThatStopsReadingIsKilledAfterTheSubprocessTimeoutAndItsTupleFailed() throws Exception {
        // Far more than a pipe holds: the write blocks once the pipe is full.
        String large = "w".repeat(4 * 1024 * 1024);
        CompletedTopology result = complete("stop-reading", Map.of(Config.TOPOLOGY_SUBPROCESS_TIMEOUT_SECS, 5),
                new Values(large));

        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).anySatisfy(e -> assertThat(e).contains("component 'shell' task ",
                "stopped reading its stdin: a write to it did not complete within 5.0 s", "1 pending tuple(s) failed"));
        awaitExited(pid("child.pid"));
    }

    @Test
    void aMessageLongerThanTheCapFailsTheChildNamingTheCapWithoutReadingItAll() throws Exception {
        CompletedTopology result = complete("huge-stdout", Map.of(Config.GALE_MULTILANG_MESSAGE_MAX_BYTES, 1 << 20),
                new Values("a"));

        assertThat(result.failed("spout")).containsExactly(0);
        assertThat(errors(result)).anySatisfy(e -> assertThat(e).contains("component 'shell' task ",
                "wrote a message longer than 1048576 bytes (gale.multilang.message.max.bytes); stopped reading it"));
        awaitExited(pid("child.pid"));
    }

    @Test
    void aStderrLineLongerThanTheCapIsCutAndReportedWhileTheChildGoesOn() throws Exception {
        CompletedTopology result = complete("huge-stderr", Map.of(), new Values("a"), new Values("b"));

        assertThat(result.acked("spout")).containsExactlyInAnyOrder(0, 1);
        assertThat(result.failed("spout")).isEmpty();
        assertThat(errors(result)).anySatisfy(e -> assertThat(e).contains("component 'shell' task ",
                "wrote a stderr line longer than gale.multilang.stderr.line.max.bytes (65536 bytes)"));
    }

    @Test
    void aChildThatIgnoresSigtermIsKilledWhenTheTopologyIs() throws Exception {
        long pid = runOneTupleThenKill("ignore-sigterm");
        awaitExited(pid);
    }

    @Test
    void aGrandchildIsKilledWithItsParent() throws Exception {
        long pid = runOneTupleThenKill("grandchild");
        awaitExited(pid, pid("grandchild.pid"));
    }

    /** Runs the child in {@code mode} until it acked a tuple, kills the topology and returns the child's pid. */
    private long runOneTupleThenKill(String mode) throws IOException {
        FeederSpout feeder = new FeederSpout(new Fields("sentence"));
        AckFailMapTracker tracker = new AckFailMapTracker();
        feeder.setAckFailDelegate(tracker);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("spout", feeder);
        builder.setBolt("shell", new Child(dir, mode), 1).shuffleGrouping("spout");
        long pid;
        try (LocalCluster cluster = new LocalCluster()) {
            cluster.submitTopology(mode, Map.of(Config.GALE_MULTILANG_KILL_GRACE_MS, 500), builder.createTopology());
            feeder.feed(new Values("a"), 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> tracker.isAcked(1));
            pid = pid("child.pid");
            assertThat(exited(pid)).isFalse();
            if (Files.exists(dir.resolve("grandchild.pid"))) {
                assertThat(exited(pid("grandchild.pid"))).isFalse();
            }
            cluster.killTopology(mode);
        }
        return pid;
    }
}
