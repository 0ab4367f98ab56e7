package dev.gale.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Skips a browser test class, saying why, when Debian's Chromium or its driver is missing; under
 * {@code CI=true} (or {@code -Dbrowser.required=true}) a missing browser is an error instead, so CI
 * can never pass by silently skipping. A class-level condition, not an assumption in
 * {@code @BeforeAll}: surefire then reports the skip with its reason.
 */
public final class RequiresChromium implements ExecutionCondition {
    static final String CHROMIUM = System.getProperty("chromium.path", "/usr/bin/chromium");
    static final String CHROMEDRIVER = System.getProperty("chromedriver.path", "/usr/bin/chromedriver");

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        for (String p : new String[] {CHROMIUM, CHROMEDRIVER}) {
            if (!Files.isExecutable(Path.of(p))) {
                String why = p + " not found (install Debian's packages: apt-get install -y chromium chromium-driver)";
                if ("true".equals(System.getenv("CI")) || Boolean.getBoolean("browser.required")) {
                    throw new IllegalStateException(why + "; a browser is required under CI=true");
                }
                System.err.println("[browser-test] SKIPPED " + context.getDisplayName() + ": " + why);
                return ConditionEvaluationResult.disabled(why);
            }
        }
        return ConditionEvaluationResult.enabled("Chromium and chromedriver present");
    }
}
