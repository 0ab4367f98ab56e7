package dev.gale.task;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.testing.BoltTester;
import dev.gale.topology.BasicOutputCollector;
import dev.gale.topology.OutputFieldsDeclarer;
import dev.gale.topology.base.BaseBasicBolt;
import dev.gale.tuple.Fields;
import dev.gale.tuple.Tuple;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a task of Gale's embedded engine is told of its worker: this JVM. */
class EmbeddedWorkerContextTest {

    static final class Quiet extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void thePortIsStormsFirstDefaultSlotAndTheWorkerHasEveryTask() {
        try (BoltTester tester = BoltTester.of(new Quiet()).withSource("lines", new Fields("line")).prepare()) {
            TopologyContext context = tester.context();
            assertThat(context.getThisWorkerPort()).isEqualTo(6700);
            assertThat(context.getThisWorkerTasks()).isEqualTo(context.getTaskToComponent().keySet().stream()
                    .filter(t -> t >= 0).sorted().toList());
        }
    }

    @Test
    void thePidDirectoryExistsAndStaysTheSame() {
        try (BoltTester tester = BoltTester.of(new Quiet()).withSource("lines", new Fields("line")).prepare()) {
            String pidDir = tester.context().getPIDDir();
            assertThat(Path.of(pidDir)).isDirectory();
            assertThat(tester.context().getPIDDir()).isEqualTo(pidDir);
        }
    }

    @Test
    void theCodeDirectoryHoldsTheClassPathsResources(@TempDir Path classes) throws Exception {
        Files.createDirectories(classes.resolve("resources/bin"));
        Files.writeString(classes.resolve("resources/bin/split.py"), "print('split')\n");
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (BoltTester tester = BoltTester.of(new Quiet()).withSource("lines", new Fields("line")).prepare();
             URLClassLoader topologyJar = new URLClassLoader(new URL[] {classes.toUri().toURL()}, before)) {
            thread.setContextClassLoader(topologyJar);
            Path codeDir = Path.of(tester.context().getCodeDir());
            assertThat(codeDir.resolve("bin/split.py")).hasContent("print('split')");
            assertThat(tester.context().getCodeDir()).isEqualTo(codeDir.toString());
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
