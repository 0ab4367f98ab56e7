package dev.gale.cli;

import dev.gale.utils.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Talks to a running Gale process through its web UI's REST API (Storm UI's {@code /api/v1}): what
 * {@code gale list}, {@code kill}, {@code activate} and {@code deactivate} send. Every failure is a
 * {@link UserException} in words: nothing listening, a wrong token, no such topology, not a Gale UI.
 * Not thread-safe; one per command.
 */
final class UiClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String TOKEN_HEADER = "X-Gale-Token";
    private final URI base;
    private final String token;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    UiClient(String url, String token) {
        this.base = base(url);
        this.token = token;
    }

    private static URI base(String url) {
        try {
            URI u = new URI(url.endsWith("/") ? url : url + "/");
            if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()) || u.getHost() == null) {
                throw new UserException("--url must be the UI's address, like http://127.0.0.1:8080/; got '" + url + "'");
            }
            // The address a Gale process prints may carry its token as a query: the base is without it.
            return new URI(u.getScheme(), null, u.getHost(), u.getPort(), u.getPath(), null, null);
        } catch (URISyntaxException e) {
            throw new UserException("--url must be the UI's address, like http://127.0.0.1:8080/; got '" + url + "': "
                    + e.getMessage());
        }
    }

    URI base() {
        return base;
    }

    /** Whether anything still answers at the UI's address (the process serving it may have ended). */
    boolean answers() {
        try {
            http.send(HttpRequest.newBuilder(base).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * GET {@code path} (under {@code api/v1/}) for {@code operation}, as a JSON object; with the
     * token when one was given (a UI bound beyond loopback wants it for reads too).
     */
    Map<?, ?> get(String path, String operation) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("api/v1/" + path)).GET();
        if (hasToken()) {
            request.header(TOKEN_HEADER, token);
        }
        return send(request, operation);
    }

    private boolean hasToken() {
        return token != null && !token.isBlank();
    }

    /** POST {@code path} (under {@code api/v1/}) with the token, as a JSON object. */
    Map<?, ?> post(String path, String operation) {
        if (!hasToken()) {
            throw new UserException(operation + " needs the token the Gale process printed when its UI started: give it"
                    + " with --token or the GALE_UI_TOKEN environment variable", Main.USAGE);
        }
        return send(HttpRequest.newBuilder(base.resolve("api/v1/" + path)).header(TOKEN_HEADER, token)
                .POST(HttpRequest.BodyPublishers.noBody()), operation);
    }

    static String segment(String topology) {
        return URLEncoder.encode(topology, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private Map<?, ?> send(HttpRequest.Builder request, String operation) {
        HttpResponse<String> response;
        try {
            response = http.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException | HttpConnectTimeoutException e) {
            throw new UserException("nothing is listening at " + base + " (is a Gale process running with --ui? give its"
                    + " address with --url or the GALE_UI_URL environment variable)", Main.FAILED);
        } catch (IOException e) {
            throw new UserException("cannot reach the Gale UI at " + base + ": " + e, Main.FAILED, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while talking to " + base, Main.FAILED);
        }
        Object body;
        try {
            body = Json.parse(response.body());
        } catch (IllegalArgumentException e) {
            body = null;
        }
        if (!(body instanceof Map<?, ?> json)) {
            throw new UserException(base + " is not a Gale UI: " + request.build().uri().getPath() + " answered HTTP "
                    + response.statusCode() + " without a JSON object", Main.FAILED);
        }
        if (response.statusCode() == 401 && !hasToken()) {
            throw new UserException(operation + " needs the token the Gale process printed when its UI started (its UI"
                    + " listens beyond loopback, where reading needs it too): give it with --token or the "
                    + UiClientOptions.TOKEN_VARIABLE + " environment variable", Main.FAILED);
        }
        if (response.statusCode() == 401) {
            throw new UserException(operation + " refused: the token is wrong; give the token the Gale process printed"
                    + " when its UI started (--token or GALE_UI_TOKEN)", Main.FAILED);
        }
        if (response.statusCode() >= 400) {
            Object message = json.get("errorMessage");
            throw new UserException(message != null ? String.valueOf(message)
                    : operation + " failed: HTTP " + response.statusCode(), Main.FAILED);
        }
        return json;
    }
}
