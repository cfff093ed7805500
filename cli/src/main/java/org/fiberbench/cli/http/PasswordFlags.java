package org.fiberbench.cli.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Option;

/**
 * Where {@code serve} and {@code load} take the basic-auth password from. A flag's value shows in
 * {@code ps} to every user of the machine, so an environment variable or a file is offered beside it.
 */
public final class PasswordFlags {
    // three plain options rather than an exclusive ArgGroup: picocli lists a mixin's group twice in --help
    @Option(names = "--password", paramLabel = "P",
            description = "basic-auth password; visible to other users in ps: prefer --password-env or --password-file")
    String value;

    @Option(names = "--password-env", paramLabel = "NAME", description = "read the password from environment variable NAME")
    String env;

    @Option(names = "--password-file", paramLabel = "PATH", description = "read the password from the first line of PATH")
    Path file;

    /** The password given one of the three ways, or {@code otherwise} when none was. */
    String password(String otherwise) {
        int given = (value != null ? 1 : 0) + (env != null ? 1 : 0) + (file != null ? 1 : 0);
        if (given > 1) {
            throw new SpecException("--password, --password-env and --password-file are mutually exclusive; accepted: one of them");
        }
        if (value != null) {
            return value;
        }
        if (env != null) {
            String v = System.getenv(env);
            if (v == null || v.isEmpty()) {
                throw new SpecException("--password-env " + env + ": that environment variable is not set or empty;"
                        + " accepted: the name of a variable that holds the password");
            }
            return v;
        }
        return file == null ? otherwise : fromFile(file);
    }

    private static String fromFile(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new SpecException("--password-file " + file + ": no such file; accepted: a readable file holding the password");
        } catch (IOException e) {
            throw new SpecException("--password-file " + file + " cannot be read (" + e.getMessage()
                    + "); accepted: a readable file holding the password");
        }
        String line = text.lines().findFirst().orElse("");
        if (line.isEmpty()) {
            throw new SpecException("--password-file " + file + " is empty; accepted: a file whose first line is the password");
        }
        return line;
    }
}
