package dev.gale.ui;

import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.IntSupplier;

/**
 * Who may read and act on the UI, decided before any route runs. A request shows the token in the
 * {@value #TOKEN_HEADER} header or as {@code Authorization: Bearer} (scripts, the CLI, a
 * Prometheus scraper), or in the HttpOnly cookie the page gets for it (browsers). A page URL's
 * {@code ?token=} is traded for that cookie by a redirect to the same URL without it, so the token
 * leaves the address bar and the back/forward list at the first load; the API takes no token from
 * a query. Writes on the cookie alone also need the {@value #CSRF_HEADER} header, which a page of
 * another origin cannot send without a CORS permission this server never grants, and, if the
 * browser names one, the same {@code Origin}. On a loopback bind only loopback names are answered
 * (DNS rebinding) and reads are open to this machine; bound beyond loopback, reads need the token
 * too.
 *
 * <p>Thread-safe: immutable after construction.
 */
final class UiAccess {
    /** The header API clients carry the token in ({@code Authorization: Bearer} works too). */
    static final String TOKEN_HEADER = "X-Gale-Token";
    /** The header the page adds to its writes, proving they come from a script of its own origin. */
    static final String CSRF_HEADER = "X-Gale-Csrf";
    private static final String AUTHENTICATED = "gale.ui.authenticated";
    private static final String BEARER = "bearer ";

    private final byte[] token;
    private final boolean loopbackBind;
    private final IntSupplier port;

    /**
     * @param port the port the server listens on, known once it started: cookies are not told
     *     apart by port, so each UI on this host names its own after it
     */
    UiAccess(String token, boolean loopbackBind, IntSupplier port) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.loopbackBind = loopbackBind;
        this.port = port;
    }

    /** Runs before every route and static file: refuses, redirects, or notes whether the caller showed the token. */
    void before(Context ctx) {
        ctx.header("Referrer-Policy", "no-referrer");
        if (loopbackBind && !LoopbackHost.isLoopbackName(ctx.header("Host"))) {
            stop(ctx, HttpStatus.FORBIDDEN, "the Host header is not a loopback name: this UI listens on loopback and"
                    + " answers to localhost, 127.0.0.1 and [::1] only");
            return;
        }
        boolean api = isApi(ctx.path());
        if (!api && isRead(ctx) && ctx.queryParam("token") != null) {
            tradeTokenForCookie(ctx);
            return;
        }
        boolean byHeader = matches(headerToken(ctx));
        String cookie = ctx.cookie(cookieName());
        if (!byHeader && cookie != null && !isRead(ctx) && !fromOwnPage(ctx)) {
            stop(ctx, HttpStatus.FORBIDDEN, "a write with the page's cookie must come from the page itself (the "
                    + CSRF_HEADER + " header and this UI's origin); scripts send the token in " + TOKEN_HEADER);
            return;
        }
        boolean authenticated = byHeader || matches(cookie);
        ctx.attribute(AUTHENTICATED, authenticated);
        if (api && !loopbackBind && !authenticated) {
            stop(ctx, HttpStatus.UNAUTHORIZED, "this UI listens beyond loopback: reading it needs the token printed"
                    + " when it started, in the " + TOKEN_HEADER + " header or as Authorization: Bearer");
        }
    }

    /** Whether the request showed the token; only after {@link #before}. */
    boolean authenticated(Context ctx) {
        return Boolean.TRUE.equals(ctx.attribute(AUTHENTICATED));
    }

    /**
     * {@code POST /session}: the page trades a token its user typed in, sent in
     * {@value #TOKEN_HEADER}, for the cookie, so the answer is asked for once per browser session.
     */
    void startSession(Context ctx) {
        if (!matches(ctx.header(TOKEN_HEADER))) {
            UiServer.error(ctx, HttpStatus.UNAUTHORIZED, "not the token printed when the UI started");
            return;
        }
        setCookie(ctx);
        ctx.status(HttpStatus.NO_CONTENT);
    }

    private void tradeTokenForCookie(Context ctx) {
        // A wrong token (an earlier run's URL) leaves the address too, without a cookie: the page
        // then asks for the token when it needs it.
        if (matches(ctx.queryParam("token"))) {
            setCookie(ctx);
        }
        StringJoiner rest = new StringJoiner("&");
        for (String pair : ctx.queryString().split("&")) {
            String name = pair.contains("=") ? pair.substring(0, pair.indexOf('=')) : pair;
            if (!name.equals("token") && !pair.isEmpty()) {
                rest.add(pair);
            }
        }
        ctx.header("Cache-Control", "no-store");
        ctx.header("Location", ctx.path() + (rest.length() == 0 ? "" : "?" + rest));
        ctx.status(HttpStatus.SEE_OTHER);
        ctx.skipRemainingHandlers();
    }

    private void setCookie(Context ctx) {
        // No Max-Age: it ends with the browser session, and the next run's token differs anyway.
        ctx.header("Set-Cookie", cookieName() + "=" + new String(token, StandardCharsets.UTF_8)
                + "; Path=/; HttpOnly; SameSite=Strict");
    }

    private String cookieName() {
        return "gale-ui-token-" + port.getAsInt();
    }

    private static boolean fromOwnPage(Context ctx) {
        if (ctx.header(CSRF_HEADER) == null) {
            return false;
        }
        String origin = ctx.header("Origin");
        String host = ctx.header("Host");
        return origin == null || host != null && (origin.equalsIgnoreCase("http://" + host)
                || origin.equalsIgnoreCase("https://" + host));
    }

    private static String headerToken(Context ctx) {
        String given = ctx.header(TOKEN_HEADER);
        String authorization = ctx.header("Authorization");
        if (given == null && authorization != null && authorization.toLowerCase(Locale.ROOT).startsWith(BEARER)) {
            given = authorization.substring(BEARER.length()).trim();
        }
        return given;
    }

    private boolean matches(String given) {
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token);
    }

    private static boolean isApi(String path) {
        return path.startsWith("/api/") || path.equals("/metrics");
    }

    private static boolean isRead(Context ctx) {
        String m = ctx.req().getMethod();
        return m.equals("GET") || m.equals("HEAD");
    }

    private static void stop(Context ctx, HttpStatus status, String message) {
        UiServer.error(ctx, status, message);
        ctx.skipRemainingHandlers();
    }
}
