package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.gale.LocalCluster;
import dev.gale.spi.UiSettings;
import java.io.IOException;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** The UI never listens beyond this machine unless told to. */
class UiBindTest {

    @Test
    void refusesANonLoopbackAddressWithoutTheOption() {
        assertThatThrownBy(() -> new LocalCluster.Builder().withUi(new UiSettings("0.0.0.0", 0, false)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("refusing to serve the UI on 0.0.0.0")
                .hasMessageContaining("not a loopback address");
    }

    @Test
    void closingTheClusterStopsTheUi() throws Exception {
        LocalCluster cluster = new LocalCluster.Builder().withUi(0).build();
        int port = cluster.getUiUrl().orElseThrow().getPort();
        try (Socket s = new Socket("127.0.0.1", port)) {
            assertThat(s.isConnected()).isTrue();
        }
        cluster.close();
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }
}
