package dev.gale.cli;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.examples.KafkaWordCountTopology;
import dev.gale.examples.KafkaWordCountTopology.Counters;
import dev.gale.spi.UiSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One Gale process of {@code gale kafka-demo}: runs {@link KafkaWordCountTopology} on a local
 * cluster and reports its spout counters on stdout, one {@link #STATS} line every 100 ms, until
 * its stdin ends (the demo closes it to stop the worker, and the pipe ends when the demo dies, so
 * a worker never outlives it); then kills the topology, prints a last line and exits.
 * Arguments: {@code key=value} configuration entries. Runs as its own JVM; one per process.
 */
public final class KafkaDemoWorker {
    /** Conf keys (read and removed by the worker) that make it serve the web UI. */
    static final String UI_PORT = "gale.demo.ui.port";
    static final String UI_BIND = "gale.demo.ui.bind";
    /** The line that tells the demo the UI's address. */
    static final String UI = "UI ";
    /** The prefix of a counters line. */
    static final String STATS = "gale-worker";
    /** The prefix of the line printed once the topology was killed. */
    static final String FINAL = "gale-worker-final";

    private KafkaDemoWorker() {
    }

    public static void main(String[] args) throws Exception {
        List<Confs.Entry> raw = new ArrayList<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + a + "'");
            }
            raw.add(new Confs.Entry(a.substring(0, eq), a.substring(eq + 1)));
        }
        Config conf = new Config(Confs.parse(raw));
        LocalCluster.Builder builder = new LocalCluster.Builder();
        Object uiPort = conf.remove(UI_PORT);
        Object uiBind = conf.remove(UI_BIND);
        if (uiPort != null) {
            int p = ((Number) uiPort).intValue();
            builder.withUi(uiBind == null ? UiSettings.loopback(p)
                    : new UiSettings(uiBind.toString(), p, true));
        }
        CountDownLatch stop = new CountDownLatch(1);
        Thread watcher = new Thread(() -> {
            drain(System.in);
            stop.countDown();
        }, "stdin watcher");
        watcher.setDaemon(true);
        watcher.start();

        PrintStream out = System.out;
        try (LocalCluster cluster = builder.build()) {
            cluster.getUiUrl().ifPresent(url -> {
                out.println(UI + url + "?token=" + cluster.getUiToken().orElse(""));
                out.flush();
            });
            cluster.submitTopology("kafka-wordcount", conf, KafkaWordCountTopology.createTopology(conf));
            while (!stop.await(100, TimeUnit.MILLISECONDS)) {
                out.println(line(STATS, KafkaWordCountTopology.counters()));
                out.flush();
            }
        }
        out.println(line(FINAL, KafkaWordCountTopology.counters()));
        out.flush();
        System.exit(0);
    }

    private static void drain(InputStream in) {
        byte[] buf = new byte[256];
        try {
            while (in.read(buf) >= 0) {
                // nothing is sent; only the end matters
            }
        } catch (IOException e) {
            // the pipe broke: the demo is gone
        }
    }

    static String line(String prefix, Counters c) {
        return String.format(Locale.ROOT, "%s emitted=%d acked=%d retries=%d gaveup=%d partitions=%d", prefix,
                c.emitted(), c.acked(), c.retries(), c.deadLetters(), c.partitions());
    }

    /** The counters of a {@link #STATS} or {@link #FINAL} line, or null if it is not one. */
    static Counters parse(String line) {
        String[] parts = line.strip().split("\\s+");
        if (parts.length != 6 || !(parts[0].equals(STATS) || parts[0].equals(FINAL))) {
            return null;
        }
        long[] v = new long[5];
        String[] keys = {"emitted", "acked", "retries", "gaveup", "partitions"};
        for (int i = 0; i < 5; i++) {
            String p = parts[i + 1];
            if (!p.startsWith(keys[i] + "=")) {
                return null;
            }
            try {
                v[i] = Long.parseLong(p.substring(keys[i].length() + 1));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return new Counters(v[0], v[1], v[2], v[3], v[4]);
    }
}
