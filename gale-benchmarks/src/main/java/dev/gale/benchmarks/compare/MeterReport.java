package dev.gale.benchmarks.compare;

import dev.gale.hooks.IWorkerHook;
import dev.gale.task.WorkerUserContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Reports a worker's {@link Meter} to a file once a second, for a benchmark whose tasks run in
 * other processes (a Storm cluster), where the static meter is the worker's own: one line per
 * second, {@code <wall ms> <acked so far> <failed so far> <wall ms of the worker's first ack, or 0>
 * <that second's complete latencies as a compressed, base64 HdrHistogram>}, in {@code report-<pid>.txt} of the directory named by
 * {@value #DIR}. Once a second, too, it reads the {@link Pace} the run asks for from that
 * directory. A worker hook, so it runs once per worker, on either engine. Its thread is a daemon.
 */
public class MeterReport implements IWorkerHook {
    private static final long serialVersionUID = 1L;
    /** The configuration key naming the report directory. */
    public static final String DIR = "bench.report.dir";

    private transient Thread thread;

    @Override
    public void start(Map<String, Object> topoConf, WorkerUserContext context) {
        Path file = Path.of(String.valueOf(topoConf.get(DIR)), "report-" + ProcessHandle.current().pid() + ".txt");
        Meter.init();
        thread = new Thread(() -> run(file), "meter-report");
        thread.setDaemon(true);
        thread.start();
    }

    private static void run(Path file) {
        try {
            Files.createDirectories(file.getParent());
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(1000); // a reporting period, not a wait for a condition
                Pace.set(Pace.read(file.getParent()));
                Histogram h = Meter.takeLatencies();
                ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
                h.encodeIntoCompressedByteBuffer(b);
                b.flip();
                byte[] bytes = new byte[b.remaining()];
                b.get(bytes);
                long first = Meter.FIRST_ACK_NANOS.get();
                long now = System.currentTimeMillis();
                long firstAckMs = first == 0 ? 0 : now - (System.nanoTime() - first) / 1_000_000;
                String line = now + " " + Meter.acked() + " " + Meter.FAILED.sum() + " " + firstAckMs + " "
                        + Base64.getEncoder().encodeToString(bytes) + "\n";
                Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void shutdown() {
        if (thread != null) {
            thread.interrupt();
        }
    }
}
