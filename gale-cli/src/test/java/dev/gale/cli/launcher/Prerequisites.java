package dev.gale.cli.launcher;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The programs some examples run (python3, node, redis-server): a test without one is skipped on a
 * developer's machine and fails under {@code CI=true}, where CI installs them.
 */
final class Prerequisites {
    private Prerequisites() {
    }

    static void require(String program) {
        boolean found = onPath(program);
        if (!found && "true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(program + " is not on the PATH; under CI=true the launcher tests need it (.ci/run installs it)");
        }
        assumeTrue(found, program + " is not on the PATH");
    }

    static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
                .map(d -> Path.of(d, program)).anyMatch(Files::isExecutable);
    }
}
