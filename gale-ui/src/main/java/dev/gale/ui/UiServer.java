package dev.gale.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.gale.LocalCluster;
import dev.gale.spi.ClusterUi;
import dev.gale.spi.UiSettings;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded web server of a {@link LocalCluster}: the live page, Storm UI's REST API under
 * {@code /api/v1} and Prometheus metrics under {@code /metrics}. Listens on 127.0.0.1 unless told
 * otherwise. Actions (activate, deactivate, kill) need the token generated at start, and so do reads
 * when bound beyond loopback; {@link UiAccess} says how a request shows it and what else it checks.
 * The token is never logged: whoever started the UI gets it from {@link #token()}.
 *
 * <p>Thread-safe.
 */
public final class UiServer implements ClusterUi {
    private static final Logger LOG = LoggerFactory.getLogger(UiServer.class);
    /** The header API clients carry the token in ({@code Authorization: Bearer} works too). */
    public static final String TOKEN_HEADER = UiAccess.TOKEN_HEADER;
    private static final long SAMPLE_PERIOD_MILLIS = 1000;
    private static final int HISTORY_POINTS = 300;

    private final LocalCluster cluster;
    private final String token;
    private final UiAccess access;
    private final Sampler sampler;
    private final PrometheusMetrics metrics;
    private final ScheduledExecutorService delayedKills;
    private final Javalin app;
    private final URI url;

    private UiServer(LocalCluster cluster, UiSettings settings, InetAddress address) {
        this.cluster = cluster;
        this.token = newToken();
        this.sampler = new Sampler(cluster, SAMPLE_PERIOD_MILLIS, HISTORY_POINTS);
        this.metrics = new PrometheusMetrics(cluster);
        this.delayedKills = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gale-ui-kill");
            t.setDaemon(true);
            return t;
        });
        ObjectMapper mapper = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
        this.app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.startupWatcherEnabled = false;
            // A few daemon threads: the UI serves one person's browser and a scraper, and must
            // neither compete with the topology's executors nor keep the JVM alive.
            QueuedThreadPool pool = new QueuedThreadPool(8, 2, 60_000);
            pool.setName("gale-ui");
            pool.setDaemon(true);
            config.jetty.threadPool = pool;
            config.jsonMapper(new JavalinJackson(mapper, false));
            config.staticFiles.add(files -> {
                files.hostedPath = "/";
                files.directory = "/gale-ui";
                files.location = Location.CLASSPATH;
            });
        });
        this.access = new UiAccess(token, address.isLoopbackAddress(), app::port);
        routes();
        app.start(settings.bindAddress(), settings.port());
        String host = address.getHostAddress().contains(":") ? "[" + address.getHostAddress() + "]"
                : address.getHostAddress();
        this.url = URI.create("http://" + host + ":" + app.port() + "/");
    }

    /**
     * Starts the UI for {@code cluster} and returns once it listens.
     *
     * @throws IllegalArgumentException if the address is not a loopback one and
     *     {@link UiSettings#allowNonLoopback()} is false, or cannot be resolved
     */
    public static UiServer start(LocalCluster cluster, UiSettings settings) {
        InetAddress address;
        try {
            address = InetAddress.getByName(settings.bindAddress());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("UI bind address '" + settings.bindAddress() + "' does not resolve", e);
        }
        if (!address.isLoopbackAddress()) {
            if (!settings.allowNonLoopback()) {
                throw new IllegalArgumentException("refusing to serve the UI on " + settings.bindAddress()
                        + ": it is not a loopback address, so other machines could reach it. Allow it explicitly "
                        + "(UiSettings.allowNonLoopback, gale --ui-bind ADDRESS) or use 127.0.0.1");
            }
            LOG.warn("the Gale UI listens on {}, reachable from other machines; reads need the token too",
                    settings.bindAddress());
        }
        UiServer server = new UiServer(cluster, settings, address);
        // Without the token: logs are kept, shipped and shared; the token goes only to whoever
        // started the UI (LocalCluster.getUiToken, and the gale command prints it on its terminal).
        LOG.info("Gale UI at {}", server.url);
        return server;
    }

    private void routes() {
        app.before(access::before);
        app.before("/api/*", ctx -> ctx.header("Cache-Control", "no-store"));
        app.post("/session", access::startSession);
        app.get("/api/v1/cluster/summary", ctx -> ctx.json(Map.of("engine", "gale", "topologies",
                cluster.getTopologyNames().size(), "supervisors", 1, "slotsTotal", 1)));
        app.get("/api/v1/topology/summary", ctx -> ctx.json(StormApi.summary(sampler.views())));
        app.get("/api/v1/topology/{id}", ctx -> read(ctx, StormApi::topology));
        app.get("/api/v1/topology/{id}/graph", ctx -> read(ctx, StormApi::graph));
        app.get("/api/v1/topology/{id}/history", ctx -> read(ctx, StormApi::history));
        app.get("/api/v1/topology/{id}/component/{component}",
                ctx -> read(ctx, v -> StormApi.component(v, ctx.pathParam("component"), access.authenticated(ctx))));
        app.post("/api/v1/topology/{id}/activate", ctx -> act(ctx, "activate", cluster::activate));
        app.post("/api/v1/topology/{id}/deactivate", ctx -> act(ctx, "deactivate", cluster::deactivate));
        app.post("/api/v1/topology/{id}/kill/{wait}", ctx -> {
            int wait;
            try {
                wait = Integer.parseInt(ctx.pathParam("wait"));
            } catch (NumberFormatException e) {
                error(ctx, HttpStatus.BAD_REQUEST, "wait time must be whole seconds, got '" + ctx.pathParam("wait") + "'");
                return;
            }
            act(ctx, "kill", name -> kill(name, wait));
        });
        app.get("/metrics", ctx -> ctx.contentType(PrometheusMetrics.CONTENT_TYPE).result(metrics.scrape()));
    }

    private void read(Context ctx, Function<TopologyView, Map<String, Object>> body) {
        String id = ctx.pathParam("id");
        TopologyView v = sampler.view(id);
        if (v == null && cluster.getTopologyNames().contains(id)) {
            sampler.sampleNow(); // submitted since the last sample
            v = sampler.view(id);
        }
        Map<String, Object> out = v == null ? null : body.apply(v);
        if (out == null) {
            error(ctx, HttpStatus.NOT_FOUND, v == null ? "no topology '" + id + "' is running; running: "
                    + cluster.getTopologyNames() : "topology '" + id + "' has no component '"
                    + ctx.pathParam("component") + "'");
            return;
        }
        ctx.json(out);
    }

    private interface Action {
        void apply(String topology);
    }

    private void act(Context ctx, String operation, Action action) {
        if (!access.authenticated(ctx)) {
            error(ctx, HttpStatus.UNAUTHORIZED, operation + " needs the token printed when the UI started, in the "
                    + TOKEN_HEADER + " header or as Authorization: Bearer");
            return;
        }
        String id = ctx.pathParam("id");
        try {
            action.apply(id);
        } catch (RuntimeException e) {
            error(ctx, HttpStatus.NOT_FOUND, e.getMessage());
            return;
        }
        LOG.info("UI: {} topology '{}'", operation, id);
        sampler.sampleNow();
        ctx.json(StormApi.operation(operation, id));
    }

    /** As Storm: deactivate, let in-flight trees finish for {@code waitSeconds}, then kill. */
    private void kill(String name, int waitSeconds) {
        if (waitSeconds <= 0) {
            cluster.killTopology(name);
            return;
        }
        cluster.deactivate(name);
        delayedKills.schedule(() -> {
            try {
                cluster.killTopology(name);
            } catch (RuntimeException alreadyGone) {
                LOG.debug("topology '{}' was gone before its delayed kill", name);
            }
        }, waitSeconds, TimeUnit.SECONDS);
    }

    static void error(Context ctx, HttpStatus status, String message) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", status.getMessage());
        body.put("errorMessage", message);
        ctx.status(status).json(body);
    }

    private static String newToken() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Override
    public URI url() {
        return url;
    }

    @Override
    public String token() {
        return token;
    }

    @Override
    public void close() {
        sampler.close();
        delayedKills.shutdownNow();
        app.stop();
    }
}
