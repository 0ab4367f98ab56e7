package dev.gale;

import java.util.Map;

/**
 * A spout or bolt that wants the topology's credentials when they change. Gale runs in one process
 * and has no credentials to push (nothing uploads them), so it never calls this; it is here so that
 * Storm components implementing it compile and run unchanged.
 */
public interface ICredentialsListener {

    /** @param credentials the new credentials, possibly null */
    void setCredentials(Map<String, String> credentials);
}
