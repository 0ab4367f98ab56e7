package dev.gale.compat.stormtests;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.launcher.EngineFilter.includeEngines;
import static org.junit.platform.launcher.TagFilter.excludeTags;

import java.lang.reflect.Modifier;
import java.time.Duration;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs one of Storm's relocated test classes through the JUnit Platform Launcher and says how it fared.
 * First the class and every member it declares (up its superclasses) is linked, so that a class naming
 * something Gale lacks is reported with what it lacks; then it runs on a thread of its own, which is
 * interrupted and abandoned at the class's deadline so one hanging class cannot stall the rest. Each
 * test also gets Jupiter's default timeout. Tests tagged {@code PerformanceTest} are left out, as Storm's
 * own build leaves them out. Not thread-safe: run one class at a time.
 */
public final class StormTestClassRunner {
    private final ClassLoader loader;
    private final Duration classDeadline;
    private final Duration testTimeout;

    /**
     * @param loader        loads the relocated classes
     * @param classDeadline how long one class may run in all
     * @param testTimeout   how long one of its tests may run
     */
    public StormTestClassRunner(ClassLoader loader, Duration classDeadline, Duration testTimeout) {
        this.loader = loader;
        this.classDeadline = classDeadline;
        this.testTimeout = testTimeout;
    }

    /** Links and runs the named class. */
    public ClassResult run(String className) {
        Class<?> testClass;
        try {
            testClass = Class.forName(className, false, loader);
            linkDeclaredMembers(testClass);
        } catch (ClassNotFoundException | LinkageError e) {
            String missing = LinkageProblem.of(e);
            return ClassResult.without(className, Outcome.COULD_NOT_LINK, missing != null ? missing : e.toString());
        }
        if (Modifier.isAbstract(testClass.getModifiers())) {
            return ClassResult.without(className, Outcome.SKIPPED, "abstract: its tests run in its subclasses");
        }
        return execute(testClass);
    }

    private static void linkDeclaredMembers(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            c.getDeclaredFields();
            c.getDeclaredMethods();
            c.getDeclaredConstructors();
        }
    }

    private ClassResult execute(Class<?> testClass) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(testClass))
                .filters(includeEngines("junit-jupiter"), excludeTags("PerformanceTest"))
                .configurationParameter("junit.jupiter.execution.timeout.default", testTimeout.toMillis() + " ms")
                .build();
        ResultCollector collector = new ResultCollector();
        Launcher launcher = LauncherFactory.create();
        Thread runner = new Thread(() -> launcher.execute(request, collector), "storm-test-" + testClass.getSimpleName());
        runner.setDaemon(true);
        runner.setContextClassLoader(loader);
        runner.start();
        try {
            runner.join(classDeadline.toMillis());
            if (runner.isAlive()) {
                runner.interrupt();
                return collector.result(testClass.getName(), "timed out: still running after " + classDeadline.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while " + testClass.getName() + " ran", e);
        }
        return collector.result(testClass.getName(), null);
    }
}
