package dev.gale.cli;

import dev.gale.LocalCluster;
import dev.gale.spi.UiSettings;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The {@code --ui [PORT]} and {@code --ui-bind ADDRESS} options shared by the commands that run a
 * topology: whether to serve the web UI, and where. Not thread-safe (picocli fills it in).
 */
final class UiOptions {
    static final int DEFAULT_PORT = 8080;

    @Option(names = "--ui", paramLabel = "PORT", arity = "0..1", fallbackValue = "" + DEFAULT_PORT,
            description = "Serve the web UI, Storm's REST API (/api/v1) and Prometheus /metrics on 127.0.0.1, "
                    + "port PORT (default " + DEFAULT_PORT + "; 0 = any free port). Prints the URL and the token "
                    + "that activate/deactivate/kill need on this terminal (never to the log).")
    Integer port;

    @Option(names = "--ui-bind", paramLabel = "ADDRESS",
            description = "Serve the UI on ADDRESS instead of 127.0.0.1, e.g. 0.0.0.0: reachable from other "
                    + "machines (logged as a warning); reads then need the token too. Implies --ui.")
    String bindAddress;

    boolean enabled() {
        return port != null || bindAddress != null;
    }

    /** A cluster builder with the UI as asked. */
    LocalCluster.Builder builder() {
        LocalCluster.Builder b = new LocalCluster.Builder();
        if (!enabled()) {
            return b;
        }
        int p = port == null ? DEFAULT_PORT : port;
        if (p < 0 || p > 65535) {
            throw new UserException("--ui port must be 0..65535, got " + p);
        }
        return b.withUi(bindAddress == null ? UiSettings.loopback(p) : new UiSettings(bindAddress, p, true));
    }

    /** Conf entries that make a kafka-demo worker serve the UI as asked (empty when not asked). */
    Map<String, Object> workerConf() {
        if (!enabled()) {
            return Map.of();
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put(KafkaDemoWorker.UI_PORT, port == null ? DEFAULT_PORT : port);
        if (bindAddress != null) {
            c.put(KafkaDemoWorker.UI_BIND, bindAddress);
        }
        return c;
    }

    /** Builds the cluster, turning a refused UI (port taken, bad address) into a one-line error. */
    LocalCluster cluster(PrintWriter out) {
        LocalCluster cluster;
        try {
            cluster = builder().build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new UserException("cannot start the UI: " + rootMessage(e), Main.FAILED);
        } catch (RuntimeException e) {
            // Jetty reports a taken port as a wrapped BindException.
            throw new UserException("cannot start the UI: " + rootMessage(e)
                    + (port != null && port != 0 ? " (try --ui 0 for any free port)" : ""), Main.FAILED);
        }
        // The token goes to this terminal only (the UI logs its URL without it): the page's URL
        // carries it once, and the UI moves it to a cookie at the first load.
        cluster.getUiUrl().ifPresent(url -> {
            out.printf("Gale UI: %s?token=%s%n", url, cluster.getUiToken().orElse(""));
            out.printf("  REST: %sapi/v1/topology/summary   metrics: %smetrics   token (for activate/deactivate/kill): %s%n%n",
                    url, url, cluster.getUiToken().orElse(""));
            out.flush();
        });
        return cluster;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + t + ")";
    }
}
