package dev.gale.cli;

import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/**
 * Where the running Gale process is ({@code --url}, else {@code GALE_UI_URL}, else
 * {@code http://127.0.0.1:8080/}) and the token its UI printed ({@code --token}, else
 * {@code GALE_UI_TOKEN}), for the commands that act on it. Not thread-safe (picocli fills it in).
 */
final class UiClientOptions {
    static final String URL_VARIABLE = "GALE_UI_URL";
    static final String TOKEN_VARIABLE = "GALE_UI_TOKEN";

    @Option(names = "--url", paramLabel = "URL",
            description = "The web UI of the Gale process (gale run/demo --ui), e.g. http://127.0.0.1:8080/ "
                    + "(default: the GALE_UI_URL environment variable, else http://127.0.0.1:" + UiOptions.DEFAULT_PORT + "/).")
    String url;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "The token the Gale process printed when its UI started (default: the GALE_UI_TOKEN "
                    + "environment variable). Needed by kill, activate and deactivate, and by list when the UI listens "
                    + "beyond loopback.")
    String token;

    UiClient client(UnaryOperator<String> environment) {
        String u = url != null ? url : environment.apply(URL_VARIABLE);
        String t = token != null ? token : environment.apply(TOKEN_VARIABLE);
        return new UiClient(u != null && !u.isBlank() ? u : "http://127.0.0.1:" + UiOptions.DEFAULT_PORT + "/", t);
    }
}
