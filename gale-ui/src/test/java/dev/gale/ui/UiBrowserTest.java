package dev.gale.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gale.Config;
import dev.gale.LocalCluster;
import dev.gale.topology.TopologyBuilder;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real headless Chromium (Debian's, driven by Debian's chromedriver, so nothing is
 * downloaded): the graph shows every component, counters move without a reload, the deactivate
 * button deactivates. Leaves a screenshot in target/screenshots/.
 */
@ExtendWith(RequiresChromium.class)
class UiBrowserTest {
    /** Selenium has no CDP bindings for Debian's Chromium version and says so once; harmless here. */
    private static final Logger CDP_LOG = Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");
    private static LocalCluster cluster;
    private static ChromeDriver driver;
    private static Path profile;

    @BeforeAll
    static void start() throws IOException {
        CDP_LOG.setLevel(Level.SEVERE);
        cluster = new LocalCluster.Builder().withUi(0).build();
        cluster.submitTopology("words", new Config(), DemoTopology.create());
        // The driver path set on the service keeps Selenium Manager (which downloads) out.
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(RequiresChromium.CHROMEDRIVER)).usingAnyFreePort().build();
        profile = Files.createTempDirectory("gale-ui-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(RequiresChromium.CHROMIUM);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                "--user-data-dir=" + profile, "--window-size=1400,1700");
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() throws IOException {
        if (driver != null) {
            driver.quit();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (profile != null) {
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    void pageShowsTheTopologyLiveAndDeactivates() throws IOException {
        String token = cluster.getUiToken().orElseThrow();
        driver.get(cluster.getUiUrl().orElseThrow() + "?topology=words&token=" + token);
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        // The token left the address bar (so history and a shared screen) at the first load, and
        // the page's scripts cannot read it (an HttpOnly cookie carries it).
        assertThat(driver.getCurrentUrl()).isEqualTo(cluster.getUiUrl().orElseThrow() + "?topology=words");
        JavascriptExecutor js = (JavascriptExecutor) driver;
        assertThat((String) js.executeScript("return document.cookie + JSON.stringify(sessionStorage) + location.href;"))
                .doesNotContain(token);

        // Every component is drawn as a node of the graph, every subscription as an edge.
        for (String component : DemoTopology.COMPONENTS) {
            wait.until(ExpectedConditions.presenceOfElementLocated(
                    By.cssSelector("#graph g.node[data-component='" + component + "']")));
        }
        assertThat(driver.findElements(By.cssSelector("#graph g.edge"))).hasSize(2);
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("#graph g.edge[data-edge='split/default/count']"),
                "fields[word]"));
        assertThat(driver.findElements(By.cssSelector("#spouts tbody tr"))).hasSize(1);
        assertThat(driver.findElements(By.cssSelector("#bolts tbody tr"))).hasSize(2);

        // Counters move while the page stays loaded: a marker set on this window survives.
        js.executeScript("window.galeTestMarker = 'same page';");
        WebElement acked = driver.findElement(By.id("topology-acked"));
        wait.until(d -> !acked.getText().isEmpty() && !acked.getText().equals("0"));
        String before = acked.getText();
        wait.until(d -> !acked.getText().equals(before));
        assertThat(js.executeScript("return window.galeTestMarker;")).isEqualTo("same page");
        // Let the chart collect a few points and a component drill-down open, for the screenshot.
        wait.until(d -> driver.findElements(By.cssSelector("#chart polyline")).size() == 3);
        // The table is redrawn every second: a row found just before a redraw is stale by the click.
        wait.ignoring(StaleElementReferenceException.class).until(d -> {
            d.findElement(By.cssSelector("#bolts tbody tr[data-component='count']")).click();
            return true;
        });
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("component-name"), "count"));
        wait.until(d -> driver.findElements(By.cssSelector("#tasks tbody tr")).size() == 2);
        // Its metrics v1: two per task (counted-v1, words-v1), once their first one-second bucket ended.
        wait.until(d -> driver.findElements(By.cssSelector("#metrics-v1 tbody tr")).size() == 4);
        assertThat(driver.findElement(By.id("metrics-v1-none")).isDisplayed()).isFalse();
        // Its failures by reason: it fails one tuple in 50 itself.
        wait.until(d -> driver.findElements(By.cssSelector("#failures tbody tr[data-reason='FAILED']")).size() == 1);
        assertThat(driver.findElement(By.id("failures-none")).isDisplayed()).isFalse();
        screenshot("gale-ui.png");

        driver.findElement(By.id("btn-deactivate")).click();
        wait.until(ExpectedConditions.textToBe(By.id("status"), "INACTIVE"));
        assertThat(cluster.getTopologyStatus("words")).isEqualTo("INACTIVE");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("action-result"), "deactivate: done"));
        screenshot("gale-ui-deactivated.png");
        assertThat(driver.getCurrentUrl()).doesNotContain(token);
        assertThat(Files.readString(Path.of("target", "test.log"))).doesNotContain(token);
    }

    @Test
    void withoutTheTokenInItsUrlThePageAsksForItOnItsFirstAction() {
        cluster.submitTopology("asked", new Config(), DemoTopology.create());
        driver.manage().deleteAllCookies();
        String token = cluster.getUiToken().orElseThrow();
        driver.get(cluster.getUiUrl().orElseThrow() + "?topology=asked");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.textToBe(By.id("topology-name"), "asked"));
        wait.until(ExpectedConditions.textToBe(By.id("status"), "ACTIVE"));

        driver.findElement(By.id("btn-deactivate")).click();
        wait.until(ExpectedConditions.alertIsPresent()).dismiss();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("action-result"), "deactivate refused"));
        assertThat(cluster.getTopologyStatus("asked")).isEqualTo("ACTIVE");

        driver.findElement(By.id("btn-deactivate")).click();
        Alert ask = wait.until(ExpectedConditions.alertIsPresent());
        ask.sendKeys(token);
        ask.accept();
        wait.until(ExpectedConditions.textToBe(By.id("status"), "INACTIVE"));
        assertThat(cluster.getTopologyStatus("asked")).isEqualTo("INACTIVE");
        // Asked once: the next action rides on the cookie the answer was traded for.
        driver.findElement(By.id("btn-activate")).click();
        wait.until(ExpectedConditions.textToBe(By.id("status"), "ACTIVE"));
        assertThat(driver.getCurrentUrl()).doesNotContain(token);
        assertThat((String) ((JavascriptExecutor) driver).executeScript(
                "return document.cookie + JSON.stringify(sessionStorage);")).doesNotContain(token);
    }

    @Test
    void theComponentPageShowsAStuckFlagAsARowWithItsReasonUntilItClears() throws IOException {
        FlaggingSpout.reason = "offset 7 uncommitted for 31 s: waiting for retry 2 of 5";
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("kafka", new FlaggingSpout());
        cluster.submitTopology("flags", new Config(), b.createTopology());
        driver.get(cluster.getUiUrl().orElseThrow() + "?topology=flags");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.textToBe(By.id("topology-name"), "flags"));
        wait.ignoring(StaleElementReferenceException.class).until(d -> {
            d.findElement(By.cssSelector("#spouts tbody tr[data-component='kafka']")).click();
            return true;
        });
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("component-name"), "kafka"));
        By row = By.cssSelector("#stuck tbody tr[data-subject='t/partition_0']");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(row, "waiting for retry 2 of 5"));
        assertThat(driver.findElement(row).isDisplayed()).isTrue();
        assertThat(driver.findElement(row).getText()).contains("kafkaOffset").contains("offset 7 uncommitted for 31 s");
        assertThat(driver.findElements(By.cssSelector("#stuck tbody tr"))).hasSize(1);
        assertThat(driver.findElement(By.id("stuck-none")).isDisplayed()).isFalse();
        screenshot("gale-ui-stuck.png");

        FlaggingSpout.reason = null;
        wait.until(d -> d.findElements(By.cssSelector("#stuck tbody tr")).isEmpty());
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("stuck-none")));
    }

    private static void screenshot(String name) throws IOException {
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Files.write(dir.resolve(name), driver.getScreenshotAs(OutputType.BYTES));
    }
}
