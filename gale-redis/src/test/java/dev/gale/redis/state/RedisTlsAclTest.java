package dev.gale.redis.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.gale.Config;
import dev.gale.redis.internal.RedisPools;
import dev.gale.state.KeyValueState;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The Redis state over TLS and as an ACL user, against real redis-servers serving only TLS, with
 * the default user off, and certificates made for the run: what works, and that each way of
 * getting the login or TLS wrong fails the state's creation with a message that says which, names
 * the server, whether TLS was on and the user, and shows no password anywhere.
 */
class RedisTlsAclTest {
    private static final String USER = "gale";
    private static final String PASSWORD = "acl-Pa55-e81d";
    private static final String WRONG_PASSWORD = "wrong-Pa55-40b2";
    private static TestCertificates certificates;
    /** TLS for 127.0.0.1 and localhost, client certificates optional. */
    private static RedisServer redis;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(RedisServer.available(), "redis-server is not installed");
        assumeTrue(TestCertificates.available(), "keytool is not installed");
        certificates = TestCertificates.create();
        redis = RedisServer.builder()
                .tls(certificates, certificates.server("localhost", "ip:127.0.0.1,dns:localhost"), "optional")
                .user(USER, PASSWORD)
                .start();
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
    }

    @SuppressWarnings("unchecked")
    private static KeyValueState<String, Object> open(String namespace, Map<String, Object> pool) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, RedisServer.providerConfig(pool));
        return (KeyValueState<String, Object>) new RedisKeyValueStateProvider().newState(namespace, conf, null);
    }

    /** What creating a state with {@code pool} threw, having checked that nothing in it shows a password. */
    private static Throwable failureOf(Map<String, Object> pool) {
        Throwable t = catchThrowable(() -> open("refused", pool));
        assertThat(t).as("creating a state with %s", pool.keySet()).isNotNull();
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).doesNotContain(PASSWORD, WRONG_PASSWORD, TestCertificates.STORE_PASSWORD);
        return t;
    }

    private static void commitsAndReadsBack(String namespace, Map<String, Object> pool) {
        KeyValueState<String, Object> s = open(namespace, pool);
        s.put("a", 1L);
        s.put("b", "two");
        s.prepareCommit(0);
        s.commit(0);
        KeyValueState<String, Object> restarted = open(namespace, pool);
        assertThat(restarted.get("a")).isEqualTo(1L);
        assertThat(restarted.get("b")).isEqualTo("two");
    }

    @Test
    void overTlsAsAnAclUserAStateCommitsAndReadsBack() {
        commitsAndReadsBack("tls-1", redis.poolConfig());
        try (Jedis j = redis.client()) {
            assertThat(j.aclWhoAmI()).isEqualTo(USER);
            assertThat(j.hget("tls-1$txid", "commit")).isEqualTo("0");
        }
        Map<String, Object> byName = redis.poolConfig();
        byName.put("host", "localhost");
        byName.put("trustStoreType", "PKCS12");
        byName.put("ssl", "true");
        commitsAndReadsBack("tls-2", byName);
    }

    @Test
    void aWrongPasswordFailsNamingTheServerAndTheUser() {
        Map<String, Object> pool = redis.poolConfig();
        pool.put("password", WRONG_PASSWORD);
        assertThat(failureOf(pool)).hasMessageContaining("state 'refused' in Redis 127.0.0.1:" + redis.port())
                .hasMessageContaining("TLS on, user 'gale'")
                .hasMessageContaining("Redis refused the login: WRONGPASS")
                .hasMessageContaining("check \"user\" and \"password\"");

        pool.put("user", "nobody");
        pool.put("password", PASSWORD);
        assertThat(failureOf(pool)).hasMessageContaining("user 'nobody'").hasMessageContaining("WRONGPASS");
    }

    @Test
    void noLoginWhereTheDefaultUserIsOffFailsSayingAPasswordIsNeeded() {
        Map<String, Object> pool = redis.poolConfig();
        pool.remove("user");
        pool.remove("password");
        assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + redis.port())
                .hasMessageContaining("TLS on, no AUTH")
                .hasMessageContaining("NOAUTH")
                .hasMessageContaining("set \"password\"");
    }

    @Test
    void aClientThatDoesNotTrustTheCaFailsWithATlsError() {
        Map<String, Object> pool = redis.poolConfig();
        // The JVM's default trust: the public CAs, not this test's.
        pool.remove("trustStore");
        pool.remove("trustStorePassword");
        assertThat(failureOf(pool)).hasMessageContaining("state 'refused' in Redis 127.0.0.1:" + redis.port())
                .hasMessageContaining("TLS on, user 'gale'")
                .hasMessageContaining("the TLS handshake failed")
                .hasMessageContaining("PKIX path building failed")
                .hasMessageContaining("the server's certificate is not trusted: \"trustStore\" must hold the CA");
    }

    @Test
    void aPlainClientToTheTlsPortFailsSayingTlsWasOff() {
        Map<String, Object> pool = redis.poolConfig();
        pool.keySet().removeIf(k -> k.startsWith("trustStore"));
        pool.put("ssl", false);
        assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + redis.port())
                .hasMessageContaining("TLS off, user 'gale'")
                .hasMessageContaining("the connection failed")
                .hasMessageContaining("if this port expects TLS, set \"ssl\": true");
    }

    @Test
    void aTlsClientToAPlainPortTimesOutSayingWhy() throws Exception {
        try (RedisServer plain = RedisServer.start()) {
            Map<String, Object> pool = plain.poolConfig();
            pool.put("ssl", true);
            pool.put("trustStore", certificates.trustStore().toString());
            pool.put("trustStorePassword", TestCertificates.STORE_PASSWORD);
            // Redis waits for the rest of what it takes for a command, so only the timeout ends the handshake.
            pool.put("timeout", 1000);
            assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + plain.port())
                    .hasMessageContaining("TLS on, no AUTH")
                    .hasMessageContaining("the connection failed")
                    .hasMessageContaining("Read timed out")
                    .hasMessageContaining("is not the server's TLS port, its tls-port");
        }
    }

    @Test
    void aCertificateForAnotherHostFailsUnlessHostnameVerificationIsOff() throws Exception {
        try (RedisServer elsewhere = RedisServer.builder()
                .tls(certificates, certificates.server("elsewhere", "dns:elsewhere.invalid"), "no")
                .user(USER, PASSWORD)
                .start()) {
            Map<String, Object> pool = elsewhere.poolConfig();
            assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + elsewhere.port())
                    .hasMessageContaining("TLS on, user 'gale'")
                    .hasMessageContaining("the TLS handshake failed")
                    .hasMessageContaining("does not name 127.0.0.1")
                    .hasMessageContaining("\"hostnameVerification\": false");

            pool.put("hostnameVerification", false);
            commitsAndReadsBack("tls-3", pool);
        }
    }

    @Test
    void mutualTlsPresentsTheClientCertificateFromTheKeyStore() throws Exception {
        try (RedisServer mutual = RedisServer.builder()
                .tls(certificates, certificates.server("mutual", "ip:127.0.0.1"), "yes")
                .user(USER, PASSWORD)
                .start()) {
            Map<String, Object> pool = mutual.poolConfig();
            assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + mutual.port())
                    .hasMessageContaining("TLS on, user 'gale'")
                    // How the refusal shows depends on the timing of TLS 1.3's last messages: either way it says what to set.
                    .hasMessageContaining("set \"keyStore\"");

            pool.put("keyStore", certificates.clientKeyStore().toString());
            pool.put("keyStorePassword", TestCertificates.STORE_PASSWORD);
            pool.put("keyStoreType", "PKCS12");
            commitsAndReadsBack("tls-4", pool);
        }
    }

    @Test
    void aTrustStoreThatCannotBeReadFailsNamingTheFileNotThePassword() {
        Map<String, Object> pool = redis.poolConfig();
        pool.put("trustStorePassword", WRONG_PASSWORD);
        assertThat(failureOf(pool)).hasMessageContaining("127.0.0.1:" + redis.port() + " (TLS on, user 'gale')")
                .hasMessageContaining("cannot read \"trustStore\" " + certificates.trustStore())
                .hasMessageContaining("PKCS12");

        pool.put("trustStore", certificates.trustStore() + ".missing");
        assertThat(failureOf(pool)).hasMessageContaining(certificates.trustStore() + ".missing");
    }

    @Test
    void inconsistentSettingsAreRefusedBeforeConnecting() {
        Map<String, Object> pool = redis.poolConfig();
        pool.put("ssl", false);
        assertThat(failureOf(pool)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"trustStore\" in \"jedisPoolConfig\" is a TLS setting, but \"ssl\" is not true");

        pool = redis.poolConfig();
        pool.remove("password");
        assertThat(failureOf(pool)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"user\" in \"jedisPoolConfig\" needs \"password\"");

        pool = redis.poolConfig();
        pool.put("keyStorePassword", PASSWORD);
        assertThat(failureOf(pool)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"keyStorePassword\" in \"jedisPoolConfig\" needs \"keyStore\"");

        pool = redis.poolConfig();
        pool.put("ssl", "yes");
        assertThat(failureOf(pool)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"ssl\" in \"jedisPoolConfig\" must be true or false");
    }

    @Test
    void aConfigThatIsNotJsonDoesNotQuoteItsText() {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_STATE_PROVIDER_CONFIG, "{\"jedisPoolConfig\": {\"password\": " + PASSWORD + "}}");
        Throwable t = catchThrowable(() -> new RedisKeyValueStateProvider().newState("x", conf, null));
        assertThat(t).hasMessageContaining("is not a JSON object (see line 1, column");
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        assertThat(trace.toString()).doesNotContain(PASSWORD);
    }

    @Test
    void theServerDescriptionShowsNoPassword() {
        RedisPools.Key key = RedisKeyValueStateProvider.server(Map.of("jedisPoolConfig", redis.poolConfig()));
        RedisPools.Tls withKeyStore = new RedisPools.Tls(key.tls().trustStore(), key.tls().trustStorePassword(), null,
                certificates.clientKeyStore().toString(), TestCertificates.STORE_PASSWORD, null, true);
        assertThat(key.toString() + " " + key.connection() + " " + key.tls() + " " + withKeyStore)
                .isEqualTo("127.0.0.1:" + redis.port() + "/0 TLS on, user 'gale' TLS(trustStore "
                        + certificates.trustStore() + " (PKCS12), keyStore none, hostnameVerification true) TLS(trustStore "
                        + certificates.trustStore() + " (PKCS12), keyStore " + certificates.clientKeyStore()
                        + " (PKCS12), hostnameVerification true)")
                .doesNotContain(PASSWORD, TestCertificates.STORE_PASSWORD);
    }
}
