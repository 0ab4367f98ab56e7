package dev.gale.flux.model;

/**
 * An {@code includes} entry: another YAML file (or classpath resource) whose definitions are
 * merged into this one; with {@code override}, its definitions replace those of the same id.
 * Not thread-safe.
 */
public class IncludeDef {
    private boolean resource;
    boolean override;
    private String file;

    public boolean isResource() {
        return resource;
    }

    public void setResource(boolean resource) {
        this.resource = resource;
    }

    public String getFile() {
        return file;
    }

    public void setFile(String file) {
        this.file = file;
    }

    public boolean isOverride() {
        return override;
    }

    public void setOverride(boolean override) {
        this.override = override;
    }
}
