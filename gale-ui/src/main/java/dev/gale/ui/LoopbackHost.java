package dev.gale.ui;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a request's {@code Host} header names this machine's loopback: {@code localhost},
 * {@code 127.x.y.z} or {@code [::1]}, with any port (an SSH tunnel changes it). A page whose own
 * DNS name was rebound to 127.0.0.1 still sends that name, so a UI bound to loopback that answers
 * only these names cannot be read by it. Nothing is resolved: a name other than {@code localhost}
 * is refused as it is. Stateless and thread-safe.
 */
final class LoopbackHost {
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern PORT = Pattern.compile(":\\d{1,5}");
    /** Hex digits and colons first: what InetAddress takes for an IPv6 literal without a lookup. */
    private static final Pattern IPV6 = Pattern.compile("[0-9a-f:][0-9a-f:.]*");

    private LoopbackHost() {
    }

    /** Whether {@code host}, a {@code Host} header's value (null when absent), names loopback. */
    static boolean isLoopbackName(String host) {
        if (host == null) {
            return false;
        }
        String name = host.trim().toLowerCase(Locale.ROOT);
        if (name.startsWith("[")) {
            int end = name.indexOf(']');
            if (end < 0 || !portOrNothing(name.substring(end + 1))) {
                return false;
            }
            return isLoopbackLiteral(name.substring(1, end));
        }
        int colon = name.indexOf(':');
        if (colon >= 0) {
            if (!portOrNothing(name.substring(colon))) {
                return false;
            }
            name = name.substring(0, colon);
        }
        return name.equals("localhost") || isLoopbackIpv4(name);
    }

    private static boolean portOrNothing(String rest) {
        return rest.isEmpty() || PORT.matcher(rest).matches();
    }

    private static boolean isLoopbackIpv4(String name) {
        if (!IPV4.matcher(name).matches()) {
            return false;
        }
        String[] octets = name.split("\\.");
        for (String o : octets) {
            if (Integer.parseInt(o) > 255) {
                return false;
            }
        }
        return octets[0].equals("127");
    }

    private static boolean isLoopbackLiteral(String literal) {
        if (!literal.contains(":") || !IPV6.matcher(literal).matches()) {
            return false;
        }
        try {
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
