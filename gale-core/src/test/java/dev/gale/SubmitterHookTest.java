package dev.gale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.generated.StormTopology;
import dev.gale.generated.SubmitOptions;
import dev.gale.generated.TopologyInfo;
import dev.gale.generated.TopologyInitialStatus;
import dev.gale.hooks.SubmitterHookException;
import dev.gale.testing.FeederSpout;
import dev.gale.time.SimulatedClock;
import dev.gale.topology.TopologyBuilder;
import dev.gale.tuple.Fields;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** StormSubmitter's submit variants, its submitter hook and its jar "upload". */
class SubmitterHookTest {

    /** What the hooks were told, in order: topology name from the info, conf value, spouts. */
    static final List<String> TOLD = new ArrayList<>();

    public static final class RecordingHook implements ISubmitterHook {
        @Override
        public void notify(TopologyInfo topologyInfo, Map<String, Object> topoConf, StormTopology topology) {
            TOLD.add(topologyInfo.get_name() + " " + topologyInfo.get_status() + " " + topoConf.get("owner") + " "
                    + topology.get_spouts().keySet());
        }
    }

    public static final class FailingHook implements ISubmitterHook {
        @Override
        public void notify(TopologyInfo topologyInfo, Map<String, Object> topoConf, StormTopology topology)
                throws IllegalAccessException {
            throw new IllegalAccessException("catalogue is read-only");
        }
    }

    private static StormTopology topology() {
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("feed", new FeederSpout(new Fields("x")));
        return b.createTopology();
    }

    private static Config conf(Class<?> hook) {
        Config conf = new Config();
        conf.put("owner", "team-a");
        conf.put(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN, hook.getName());
        return conf;
    }

    @Test
    void theNamedHookIsToldOfEachSubmitAfterTheTopologyStarted() {
        TOLD.clear();
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            StormSubmitter.submitTopology("catalogued", conf(RecordingHook.class), topology());
            StormSubmitter.submitTopologyWithProgressBar("inactive", conf(RecordingHook.class), topology(),
                    new SubmitOptions(TopologyInitialStatus.INACTIVE));
            cluster.submitTopology("not-through-the-submitter", conf(RecordingHook.class), topology());

            assertThat(TOLD).containsExactly("catalogued ACTIVE team-a [feed]", "inactive INACTIVE team-a [feed]");
        }
    }

    @Test
    void aHookThatCannotBeMadeOrFailsFailsTheSubmitCallButTheTopologyRuns() {
        try (LocalCluster cluster = new LocalCluster.Builder().withClock(new SimulatedClock()).build()) {
            Config missing = new Config();
            missing.put(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN, "com.example.NoSuchHook");
            assertThatThrownBy(() -> StormSubmitter.submitTopology("missing", missing, topology()))
                    .isInstanceOf(SubmitterHookException.class)
                    .hasMessageContaining("com.example.NoSuchHook")
                    .hasMessageContaining(Config.STORM_TOPOLOGY_SUBMISSION_NOTIFIER_PLUGIN)
                    .hasMessageContaining("'missing'");
            assertThatThrownBy(() -> StormSubmitter.submitTopology("failing", conf(FailingHook.class), topology(),
                    null, null)).isInstanceOf(SubmitterHookException.class)
                    .hasRootCauseMessage("catalogue is read-only");
            assertThat(cluster.getTopologyNames()).containsExactlyInAnyOrder("missing", "failing");
        }
    }

    @Test
    void submitJarChecksTheJarAndReturnsItsPath(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("topology.jar"), new byte[] {1, 2, 3, 4, 5});
        List<String> progress = new ArrayList<>();
        StormSubmitter.ProgressListener listener = new StormSubmitter.ProgressListener() {
            @Override
            public void onStart(String srcFile, String targetFile, long totalBytes) {
                progress.add("start " + totalBytes);
            }

            @Override
            public void onProgress(String srcFile, String targetFile, long bytesUploaded, long totalBytes) {
                progress.add(bytesUploaded + "/" + totalBytes);
            }

            @Override
            public void onCompleted(String srcFile, String targetFile, long totalBytes) {
                progress.add("done " + targetFile.equals(jar.toString()));
            }
        };

        assertThat(StormSubmitter.submitJar(new Config(), jar.toString(), listener)).isEqualTo(jar.toString());
        assertThat(progress).containsExactly("start 5", "5/5", "done true");
        assertThat(StormSubmitter.submitJar(new Config(), jar.toString())).isEqualTo(jar.toString());
        assertThatThrownBy(() -> StormSubmitter.submitJar(new Config(), dir.resolve("none.jar").toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("none.jar");
    }
}
