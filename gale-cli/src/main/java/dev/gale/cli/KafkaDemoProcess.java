package dev.gale.cli;

import dev.gale.examples.KafkaWordCountTopology.Counters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@link KafkaDemoWorker} in a child JVM: the same java binary and classpath as this process,
 * a small heap, its log in a file. Remembers the last counters the worker reported. Started,
 * killed and stopped by one thread; {@link #counters()} may be read from any thread.
 */
final class KafkaDemoProcess {
    private static final Counters NONE = new Counters(0, 0, 0, 0, 0);

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread reader;
    private volatile Counters counters = NONE;
    private volatile boolean finalReport;
    private volatile String uiUrl;
    private volatile String end = "running";

    private KafkaDemoProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.reader = new Thread(this::readReports, "reports of " + name);
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts a worker with these configuration entries, its stderr going to {@code log}. */
    static KafkaDemoProcess start(String name, Map<String, Object> conf, Path log) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> cmd = new ArrayList<>(List.of(java,
                // Small and quick to start: two of these share the machine with the demo and the broker.
                "-Xms32m", "-Xmx192m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-Dorg.slf4j.simpleLogger.log.org.apache.kafka=error",
                "-cp", System.getProperty("java.class.path"),
                KafkaDemoWorker.class.getName()));
        conf.forEach((k, v) -> cmd.add(k + "=" + v));
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        return new KafkaDemoProcess(name, p, log);
    }

    private void readReports() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.startsWith(KafkaDemoWorker.UI)) {
                    uiUrl = line.substring(KafkaDemoWorker.UI.length());
                    continue;
                }
                Counters c = KafkaDemoWorker.parse(line);
                if (c != null) {
                    counters = c;
                    if (line.startsWith(KafkaDemoWorker.FINAL)) {
                        finalReport = true;
                    }
                }
            }
        } catch (IOException e) {
            // the process is gone; the last report stands
        }
    }

    String name() {
        return name;
    }

    /** The web UI's URL with its token, once the worker reported it (only a worker asked to serve it). */
    String uiUrl() {
        return uiUrl;
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    /** The last counters reported (all zero before the first report). */
    Counters counters() {
        return counters;
    }

    /** Whether the worker reported its final counters (it stopped cleanly). */
    boolean reportedFinal() {
        return finalReport;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** How the process ended ("running" until it did). */
    String end() {
        return end;
    }

    /** SIGKILL on Linux: no shutdown hook, no offset commit, in-flight tuples lost. */
    void kill(String when) throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
        end = "SIGKILL " + when;
    }

    /** Asks the worker to stop (closes its stdin) and waits; kills it if it does not stop in time. */
    void stop(long timeoutMillis) throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already closed
        }
        if (process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            reader.join(2_000);
            end = process.exitValue() == 0 ? "stopped" : "exit " + process.exitValue();
        } else {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            end = "did not stop; killed";
        }
    }

    /** Kills the process if still running, without waiting: for clean-up on every path. */
    void destroy() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
