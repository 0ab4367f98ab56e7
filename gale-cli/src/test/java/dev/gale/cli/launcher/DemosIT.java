package dev.gale.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gale demo} and {@code gale storm-demo} through the launcher: their own checks pass, nothing is left running. */
class DemosIT {
    @TempDir
    Path dir;

    @Test
    void theDemoCountsEveryWordExactlyDespiteTheFailuresItInjects() {
        Run r = new Launcher(dir).run("demo", "--passes", "20", "--progress", "off");
        assertThat(r.status).as("%s", r).isZero();
        assertThat(r.out).as("%s", r).containsPattern("OK: all [\\d,]+ lines fully processed");
        assertThat(r.errorLines()).isEmpty();
        r.leftNothingBehind();
    }

    @Test
    void theStormDemoRunsTheSameJobOnARealStormClusterAndStopsIt() {
        Run r = new Launcher(dir).timeout(Duration.ofSeconds(400)).run("storm-demo", "--passes", "3");
        assertThat(r.status).as("%s", r).isZero();
        assertThat(r.out).as("%s", r).contains("word counts match the text exactly");
        r.leftNothingBehind();
    }
}
