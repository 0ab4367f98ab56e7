package dev.gale.examples;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The interpreters the multilang examples run (python3, node). A test that needs one
 * is skipped where it is missing, except under CI ({@code CI=true}, where .ci/run installs them),
 * where it fails.
 */
final class Interpreters {
    private Interpreters() {
    }

    static void require(String command) {
        if (runs(command)) {
            return;
        }
        String message = "'" + command + "' is not installed or not on the PATH; the multilang examples"
                + " need it (.ci/run installs it)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort(message);
    }

    private static boolean runs(String command) {
        try {
            Process p = new ProcessBuilder(command, "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
