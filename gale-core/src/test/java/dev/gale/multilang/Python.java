package dev.gale.multilang;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The python3 interpreter that the multilang tests' child scripts run on. A test that needs it is
 * skipped where it is missing, except under CI ({@code CI=true}, where .ci/run installs it), where
 * it fails.
 */
final class Python {
    private Python() {
    }

    static void require() {
        if (runs()) {
            return;
        }
        String message = "'python3' is not installed or not on the PATH; the multilang child tests need it"
                + " (.ci/run installs it)";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort(message);
    }

    private static boolean runs() {
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
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
