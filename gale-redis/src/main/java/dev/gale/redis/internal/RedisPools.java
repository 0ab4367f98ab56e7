package dev.gale.redis.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One Jedis connection pool per Redis server and settings per JVM, shared by every state that
 * uses it, and kept for the JVM's life. Thread-safe.
 */
public final class RedisPools {
    private static final Map<Key, JedisPool> POOLS = new ConcurrentHashMap<>();

    /**
     * A server and the settings of its connections. {@code user} and {@code password} are null
     * when unset; {@code tls} is null for a plain connection. Its {@link #toString()} never shows a
     * password, so that it can go into any message. Immutable.
     */
    public record Key(String host, int port, int timeoutMs, String user, String password, int database, Tls tls) {
        public Key {
            Objects.requireNonNull(host, "host");
            if (user != null && password == null) {
                // Redis's AUTH takes a user only together with a password.
                throw new IllegalArgumentException("Redis user '" + user + "' needs a password");
            }
        }

        /** A plain connection, with the default user (or none) and no TLS, as before ACL users and TLS existed here. */
        public Key(String host, int port, int timeoutMs, String password, int database) {
            this(host, port, timeoutMs, null, password, database, null);
        }

        /** How the connection is made, for messages: TLS on or off, and who logs in; never the password. */
        public String connection() {
            String who = user != null ? "user '" + user + "'" : password != null ? "default user with a password" : "no AUTH";
            return (tls == null ? "TLS off" : "TLS on" + (tls.hostnameVerification() ? "" : ", hostname verification off"))
                    + ", " + who;
        }

        @Override
        public String toString() {
            return host + ":" + port + "/" + database;
        }
    }

    /**
     * The client side of a TLS connection: the stores that the SSL context is built from, each
     * null when unset (no trust store: the JVM's default trust; no key store: no client
     * certificate), and whether the server's certificate must name the host connected to. Its
     * {@link #toString()} never shows a password. Immutable.
     */
    public record Tls(String trustStore, String trustStorePassword, String trustStoreType, String keyStore,
                      String keyStorePassword, String keyStoreType, boolean hostnameVerification) {
        /** The store type when none is given: PKCS12, what keytool and openssl write by default. */
        public static final String DEFAULT_STORE_TYPE = "PKCS12";

        public Tls {
            trustStoreType = trustStoreType == null ? DEFAULT_STORE_TYPE : trustStoreType;
            keyStoreType = keyStoreType == null ? DEFAULT_STORE_TYPE : keyStoreType;
        }

        @Override
        public String toString() {
            return "TLS(trustStore " + (trustStore == null ? "JVM default" : trustStore + " (" + trustStoreType + ")")
                    + ", keyStore " + (keyStore == null ? "none" : keyStore + " (" + keyStoreType + ")")
                    + ", hostnameVerification " + hostnameVerification + ")";
        }
    }

    private RedisPools() {
    }

    /**
     * The pool for {@code key}, made on first use: its SSL context reads the trust and key stores
     * then, once, so that a store replaced later takes effect only in a new JVM.
     */
    public static JedisPool pool(Key key) {
        return POOLS.computeIfAbsent(key, k -> {
            JedisPoolConfig config = new JedisPoolConfig();
            config.setMaxTotal(64);
            DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                    .connectionTimeoutMillis(k.timeoutMs())
                    .socketTimeoutMillis(k.timeoutMs())
                    .user(k.user())
                    .password(k.password())
                    .database(k.database())
                    // RESP2 without a HELLO, as JedisPool's other constructors connect; left to negotiate,
                    // Jedis 8 settles on the same but logs a warning for every connection.
                    .autoNegotiateProtocol(false);
            if (k.tls() != null) {
                SSLParameters parameters = new SSLParameters();
                // Jedis checks the host name only when given no parameters: these are always given, so that
                // hostnameVerification alone decides.
                if (k.tls().hostnameVerification()) {
                    // "HTTPS" is the JDK's name for the check of RFC 2818 (a SAN naming the host), which
                    // the TLS handshake then performs; without it any certificate the CA signed passes.
                    parameters.setEndpointIdentificationAlgorithm("HTTPS");
                }
                client.ssl(true).sslSocketFactory(sslContext(k).getSocketFactory()).sslParameters(parameters);
            }
            return new JedisPool(config, new HostAndPort(k.host(), k.port()), client.build());
        });
    }

    private static SSLContext sslContext(Key key) {
        Tls tls = key.tls();
        try {
            TrustManager[] trust = null;
            if (tls.trustStore() != null) {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init(load(key, "trustStore", tls.trustStore(), tls.trustStoreType(), tls.trustStorePassword()));
                trust = tmf.getTrustManagers();
            }
            KeyManager[] keys = null;
            if (tls.keyStore() != null) {
                String password = tls.keyStorePassword() == null ? "" : tls.keyStorePassword();
                KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(load(key, "keyStore", tls.keyStore(), tls.keyStoreType(), password), password.toCharArray());
                keys = kmf.getKeyManagers();
            }
            // Null managers are the JDK's defaults: the JVM's trust (cacerts or javax.net.ssl.trustStore), no client key.
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("Redis " + key.host() + ":" + key.port() + " (" + key.connection()
                    + "): cannot set up TLS with " + tls + ": " + e, e);
        }
    }

    private static KeyStore load(Key key, String option, String file, String type, String password)
            throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(type);
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            store.load(in, password == null ? null : password.toCharArray());
        } catch (IOException e) {
            // The JDK says "keystore password was incorrect" and the like; it never repeats the password.
            throw new IllegalArgumentException("Redis " + key.host() + ":" + key.port() + " (" + key.connection()
                    + "): cannot read \"" + option + "\" " + file + " (type " + type + "): " + e, e);
        }
        return store;
    }

    /**
     * An exception for {@code cause}, what Jedis threw when a connection to {@code key}'s server
     * could not be made, logged in or used, {@code what} naming the state and the server
     * ({@code key}'s toString) and what was done: says whether TLS was on and who logged in, which
     * of the login, a permission, the TLS handshake or the connection failed, and what to check
     * (the hints about ports only if {@code connecting}, a new connection having failed). Never the
     * password, which no message of Jedis or the JDK repeats either.
     */
    public static IllegalStateException failure(String what, Key key, JedisException cause, boolean connecting) {
        String reason;
        JedisAccessControlException denied = find(cause, JedisAccessControlException.class);
        SSLException tlsFailure = find(cause, SSLException.class);
        if (denied != null) {
            String message = String.valueOf(denied.getMessage());
            if (message.startsWith("NOAUTH")) {
                reason = "Redis wants a login: " + message + " (set \"password\", and \"user\" for an ACL user, in"
                        + " \"jedisPoolConfig\")";
            } else if (message.startsWith("NOPERM")) {
                reason = "Redis refused a command: " + message + " (the user needs the hash commands, MULTI, EXEC,"
                        + " WATCH and UNWATCH on this state's keys)";
            } else {
                reason = "Redis refused the login: " + message + " (check \"user\" and \"password\" in \"jedisPoolConfig\")";
            }
        } else if (tlsFailure != null) {
            reason = "the TLS handshake failed: " + chain(tlsFailure) + tlsHint(key, cause, tlsFailure);
        } else {
            reason = "the connection failed: " + chain(cause);
            if (key.tls() == null && connecting) {
                reason += " (if this port expects TLS, set \"ssl\": true in \"jedisPoolConfig\")";
            } else if (key.tls() != null && connecting && find(cause, SocketTimeoutException.class) != null) {
                // A server without TLS on this port takes the TLS hello for the start of a command and
                // waits for the rest of it, so the handshake ends only with the timeout.
                reason += " (if " + key.port() + " is not the server's TLS port, its tls-port, the TLS handshake waits"
                        + " until the timeout)";
            } else if (key.tls() != null && connecting && key.tls().keyStore() == null) {
                // In TLS 1.3 the client's side of the handshake ends before the server checks the client's
                // certificate, so a server that wants one closes the connection, which Jedis then finds
                // broken (a reset, a broken pipe or the end of the stream) rather than a failed handshake.
                reason += " (if the server requires client certificates, tls-auth-clients yes, set \"keyStore\")";
            }
        }
        return new IllegalStateException(what + " (" + key.connection() + "): " + reason, cause);
    }

    /**
     * The messages of {@code t} and its causes, the last with its class; one that an earlier
     * message quotes already (the JDK and Jedis often make a message of the cause's) is left out.
     */
    private static String chain(Throwable t) {
        List<String> parts = new ArrayList<>();
        for (Throwable c = t; c != null; c = next(c)) {
            String message = c.getMessage();
            if (message == null || (!parts.isEmpty() && parts.get(parts.size() - 1).contains(message))) {
                continue;
            }
            parts.add(next(c) == null ? c.toString() : message);
        }
        return parts.isEmpty() ? t.toString() : String.join(": ", parts);
    }

    private static Throwable next(Throwable t) {
        return t.getCause() == t ? null : t.getCause();
    }

    private static String tlsHint(Key key, Throwable cause, SSLException failure) {
        String message = String.valueOf(failure.getMessage()).toLowerCase(Locale.ROOT);
        if (find(cause, CertPathBuilderException.class) != null || find(cause, CertPathValidatorException.class) != null) {
            return " (the server's certificate is not trusted: \"trustStore\" must hold the CA that signed it)";
        }
        if (find(cause, CertificateException.class) != null
                && (message.contains("subject alternative") || message.contains("no name matching"))) {
            return " (the server's certificate does not name " + key.host() + ": connect by a name or address it holds,"
                    + " or set \"hostnameVerification\": false)";
        }
        if (message.contains("unrecognized ssl message") || message.contains("plaintext")) {
            return " (is " + key.port() + " the server's TLS port, its tls-port?)";
        }
        if (message.contains("certificate_required") || message.contains("bad_certificate")
                || message.contains("unknown_ca")) {
            return " (the server wants a client certificate that its CA signed: set \"keyStore\")";
        }
        return "";
    }

    private static <T extends Throwable> T find(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = next(c)) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }
}
