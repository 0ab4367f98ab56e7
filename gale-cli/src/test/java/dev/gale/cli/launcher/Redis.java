package dev.gale.cli.launcher;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/**
 * A redis-server for persistent-windowing, which, given no HOST:PORT, reaches Redis at
 * 127.0.0.1:6379. Started here unless one already answers there; stopped by {@link #close()}.
 */
final class Redis implements AutoCloseable {
    private static final int PORT = 6379;
    private final Process process;

    private Redis(Process process) {
        this.process = process;
    }

    static Redis onTheExamplesPort() {
        if (answers()) {
            return new Redis(null);
        }
        try {
            Process p = new ProcessBuilder("redis-server", "--port", String.valueOf(PORT), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            await().atMost(Duration.ofSeconds(20)).until(Redis::answers);
            return new Redis(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean answers() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", PORT), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (process != null) {
            Launcher.killTree(process.toHandle());
        }
    }
}
