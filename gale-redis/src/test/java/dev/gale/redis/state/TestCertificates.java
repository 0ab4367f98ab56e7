package dev.gale.redis.state;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A throwaway PKI for the TLS tests, made at test time in a directory under {@code target/}: a CA,
 * server certificates it signs (PEM certificate and PKCS#8 key, as redis-server reads them), a
 * PKCS12 trust store holding the CA and a PKCS12 key store with a client certificate for mutual
 * TLS. Made with the JDK's keytool and key store API only, so the tests need no openssl; keytool
 * cannot write a private key as PEM, which is why the key store API exports the servers' keys.
 * Without keytool the tests are skipped, except under CI ({@code CI=true}), where they fail. Not
 * thread-safe: a test class makes and uses one on its own thread.
 */
final class TestCertificates {
    /** The password of every store made here; the tests check that no message shows it. */
    static final String STORE_PASSWORD = "store-Pa55-7c1f";
    private static final Path KEYTOOL = Path.of(System.getProperty("java.home"), "bin", "keytool");
    private final Path dir;
    private final Path caStore;
    private final Path caPem;
    private final Path trustStore;
    private final Path clientKeyStore;

    /** A server's certificate (signed by the CA) and private key, as PEM files. */
    record ServerCertificate(Path cert, Path key) {
    }

    private TestCertificates(Path dir) {
        this.dir = dir;
        this.caStore = dir.resolve("ca.p12");
        this.caPem = dir.resolve("ca.pem");
        this.trustStore = dir.resolve("trust.p12");
        this.clientKeyStore = dir.resolve("client.p12");
    }

    /** True if keytool can be run here (under CI it must be). */
    static boolean available() {
        boolean present = Files.isExecutable(KEYTOOL);
        if (!present && "true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(KEYTOOL + " is missing: the TLS tests make their certificates with the JDK's keytool");
        }
        return present;
    }

    /** Makes the CA, the trust store and the client's key store in a new directory under {@code target/}. */
    static TestCertificates create() throws IOException, GeneralSecurityException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target")),
                "tls-");
        TestCertificates certs = new TestCertificates(dir);
        certs.keytool("-genkeypair", "-alias", "ca", "-dname", "CN=Gale test CA", "-ext", "bc:c",
                "-ext", "ku:c=keyCertSign,cRLSign", "-keystore", certs.caStore.toString());
        KeyStore ca = load(certs.caStore);
        Certificate caCert = ca.getCertificate("ca");
        Files.writeString(certs.caPem, pem("CERTIFICATE", caCert.getEncoded()));

        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("gale-test-ca", caCert);
        store(trust, certs.trustStore);

        Path clientCert = certs.signed("client", "CN=gale-client", "eku=clientAuth");
        KeyStore client = load(certs.clientKeyStore);
        Key key = client.getKey("client", STORE_PASSWORD.toCharArray());
        // keytool left the self-signed certificate it started with; the server wants the CA's, and the chain.
        client.setKeyEntry("client", key, STORE_PASSWORD.toCharArray(), new Certificate[] {readCertificate(clientCert), caCert});
        store(client, certs.clientKeyStore);
        return certs;
    }

    /** A server certificate for {@code san} (keytool's syntax, such as {@code ip:127.0.0.1,dns:localhost}). */
    ServerCertificate server(String name, String san) throws IOException, GeneralSecurityException {
        Path cert = signed(name, "CN=" + name, "eku=serverAuth", "-ext", "san=" + san);
        Key key = load(dir.resolve(name + ".p12")).getKey(name, STORE_PASSWORD.toCharArray());
        Path keyFile = dir.resolve(name + ".key");
        Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()));
        return new ServerCertificate(cert, keyFile);
    }

    Path caPem() {
        return caPem;
    }

    /** A PKCS12 trust store holding the CA, with {@link #STORE_PASSWORD}. */
    Path trustStore() {
        return trustStore;
    }

    /** A PKCS12 key store with the client's key and certificate (signed by the CA), with {@link #STORE_PASSWORD}. */
    Path clientKeyStore() {
        return clientKeyStore;
    }

    /** An SSL context that trusts the CA and presents the client certificate, for the tests' own clients. */
    SSLContext sslContext() throws IOException, GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(load(trustStore));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load(clientKeyStore), STORE_PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return context;
    }

    /** Makes a key pair in {@code <name>.p12} and has the CA sign it; returns the certificate's PEM file. */
    private Path signed(String name, String dname, String eku, String... ext) throws IOException {
        Path store = dir.resolve(name + ".p12");
        Path csr = dir.resolve(name + ".csr");
        Path cert = dir.resolve(name + ".pem");
        keytool("-genkeypair", "-alias", name, "-dname", dname, "-keystore", store.toString());
        keytool("-certreq", "-alias", name, "-keystore", store.toString(), "-file", csr.toString());
        List<String> args = new ArrayList<>(List.of("-gencert", "-alias", "ca", "-keystore", caStore.toString(),
                "-infile", csr.toString(), "-outfile", cert.toString(), "-rfc", "-ext", eku));
        args.addAll(List.of(ext));
        keytool(args.toArray(new String[0]));
        return cert;
    }

    private void keytool(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(KEYTOOL.toString()));
        command.addAll(List.of(args));
        if (args[0].equals("-genkeypair")) {
            // EC keys: made at once, where RSA ones can take a while on a busy machine.
            command.addAll(List.of("-keyalg", "EC", "-groupname", "secp256r1", "-storetype", "PKCS12",
                    "-keypass", STORE_PASSWORD));
        }
        if (!args[0].equals("-certreq")) {
            // Short, as nothing outlives the test run, yet days rather than hours for a test machine's drifting clock.
            command.addAll(List.of("-validity", "7"));
        }
        command.addAll(List.of("-storepass", STORE_PASSWORD, "-noprompt"));
        Path log = dir.resolve("keytool.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("keytool " + args[0] + " did not finish in 120 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool " + args[0] + " ran", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException("keytool " + String.join(" ", args) + " exited with " + p.exitValue() + ": "
                    + Files.readString(log));
        }
    }

    private static KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, STORE_PASSWORD.toCharArray());
        }
        return store;
    }

    private static void store(KeyStore store, Path file) throws IOException, GeneralSecurityException {
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, STORE_PASSWORD.toCharArray());
        }
    }

    private static Certificate readCertificate(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
